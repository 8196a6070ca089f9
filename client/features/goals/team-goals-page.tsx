import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { formatDay } from '../../../shared/format.js';
import { EmptyState, PendingView } from '../../components/ui/states.js';
import { GraphqlError } from '../../lib/graphql.js';
import { teamsQueryOptions } from '../teams/api.js';
import { meQueryOptions } from '../users/api.js';
import type { GoalSummary, TeamRef } from './goal.types.js';
import { GoalProgress, GoalStatusBadge } from './goal-progress.js';
import { GoalTree } from './goal-tree.js';
import { goalTeamsQueryOptions, teamGoalsQueryOptions } from './goals-tree.api.js';
import type { TeamGoalsSearch } from './team-goals-search.js';
import './goals.css';
import './goal-tree.css';

const PATH = '/goals/team-goals';
const GOAL_PATH = '/goals/my-goals/$id';

/** /goals/team-goals: a team's goals with its members' aligned goals and the roll-up, or the organization's alignment tree. */
export function TeamGoalsPage({ search }: { search: TeamGoalsSearch }) {
  const tree = search.view === 'tree';
  return (
    <section className="page team-goals-page">
      <h1>Team goals</h1>
      <p className="muted">A team’s goals, the goals its members align under them, and how far the team has come.</p>
      <nav aria-label="Team goals views" className="team-goals-controls">
        <div className="team-goals-views">
          <Link to={PATH} search={{ team: search.team }} aria-current={tree ? undefined : 'page'}>
            Team goals
          </Link>
          <Link to={PATH} search={{ team: search.team, view: 'tree' }} aria-current={tree ? 'page' : undefined}>
            Alignment tree
          </Link>
        </div>
      </nav>
      {tree ? (
        <>
          <h2>Alignment tree</h2>
          <p className="muted">Company and team goals with the goals aligned under them, down to personal ones.</p>
          <GoalTree />
        </>
      ) : (
        <TeamChooser teamId={search.team} />
      )}
    </section>
  );
}

function TeamChooser({ teamId }: { teamId: string | undefined }) {
  const navigate = useNavigate();
  const selectId = useId();
  const me = useQuery(meQueryOptions);
  const admin = me.data?.permission_level === 'ADMIN';
  const mine = useQuery(goalTeamsQueryOptions);
  const all = useQuery({ ...teamsQueryOptions, enabled: admin });
  const teams: TeamRef[] | undefined = admin ? all.data?.map((t) => ({ id: t.id, name: t.name })) : mine.data;
  const source = admin ? all : mine;

  if (me.isPending || source.isPending || mine.isPending) return <PendingView label="Loading your teams…" />;
  if (source.isError) {
    return (
      <div className="state-card" role="alert">
        <h2>Your teams could not be loaded</h2>
        <p>{source.error.message}</p>
        <button type="button" className="button" onClick={() => void source.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!teams || teams.length === 0) {
    return (
      <EmptyState title="No team to show">
        <p>
          {admin
            ? 'Your organization has no teams yet. Create teams in the admin area.'
            : 'You are not in a team, and you do not manage or lead one. The alignment tree shows every goal you can see.'}
        </p>
        <Link to={PATH} search={{ view: 'tree' }}>
          Open the alignment tree
        </Link>
      </EmptyState>
    );
  }
  // Without a choice in the address: the viewer's own (or first managed) team, else the first one.
  const chosen = teams.find((t) => t.id === teamId) ?? teams.find((t) => t.id === mine.data?.[0]?.id) ?? teams[0]!;
  return (
    <>
      {teams.length > 1 && (
        <div className="field team-goals-team">
          <label htmlFor={selectId}>Team</label>
          <select id={selectId} value={chosen.id} onChange={(e) => void navigate({ to: PATH, search: { team: e.target.value } })}>
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <TeamGoalsView team={chosen} />
    </>
  );
}

function TeamGoalsView({ team }: { team: TeamRef }) {
  const q = useQuery(teamGoalsQueryOptions(team.id));
  if (q.isPending) return <PendingView label={`Loading the goals of ${team.name}…`} />;
  if (q.isError) {
    const gone = q.error instanceof GraphqlError && q.error.code === 'NOT_FOUND';
    return (
      <div className="state-card" role="alert">
        <h2>{gone ? 'This team was not found' : 'The team’s goals could not be loaded'}</h2>
        <p>{gone ? 'It may have been deleted.' : q.error.message}</p>
        {!gone && (
          <button type="button" className="button" onClick={() => void q.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  const data = q.data;
  return (
    <div>
      <h2>{data.team.name}</h2>
      <div className="team-goals-rollup">
        <strong>Team progress</strong>
        {data.progress ? (
          <GoalProgress progress={data.progress.percent} label={`${data.team.name} progress`} />
        ) : (
          <span className="muted">No open team goals.</span>
        )}
      </div>
      {data.goals.length === 0 ? (
        <EmptyState title="No team goals yet">
          <p>The team’s manager or lead can create a team goal from My goals (New goal, owned by the team). Members then align their own goals under it.</p>
        </EmptyState>
      ) : (
        <ul className="team-goal-list" aria-label={`Goals of ${data.team.name}`}>
          {data.goals.map((g) => {
            const members = data.member_goals.filter((m) => m.parent?.id === g.id);
            return (
              <li key={g.id} className="team-goal">
                <h3>
                  <Link to={GOAL_PATH} params={{ id: g.id }}>
                    {g.title}
                  </Link>
                </h3>
                <GoalLine goal={g} />
                {members.length > 0 && (
                  <>
                    <h4 className="muted">Aligned member goals ({members.length})</h4>
                    <ul className="team-member-goals" aria-label={`Member goals aligned to ${g.title}`}>
                      {members.map((m) => (
                        <MemberGoal key={m.id} goal={m} />
                      ))}
                    </ul>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <h2>Member goals not aligned to a team goal</h2>
      {data.unaligned_member_goals.length === 0 ? (
        <p className="muted">Every open goal of the team’s members is aligned (or there are none you can see).</p>
      ) : (
        <ul className="team-member-goals" aria-label="Member goals not aligned">
          {data.unaligned_member_goals.map((m) => (
            <MemberGoal key={m.id} goal={m} />
          ))}
        </ul>
      )}
    </div>
  );
}

function GoalLine({ goal }: { goal: GoalSummary }) {
  return (
    <div className="team-goal-line">
      <GoalStatusBadge status={goal.status} />
      <GoalProgress progress={goal.progress} label={goal.title} />
      {goal.due_date && <span className="muted">Due {formatDay(goal.due_date)}</span>}
    </div>
  );
}

function MemberGoal({ goal }: { goal: GoalSummary }) {
  return (
    <li>
      <span>
        <strong>{goal.owner?.full_name ?? 'A former colleague'}</strong>:{' '}
        <Link to={GOAL_PATH} params={{ id: goal.id }}>
          {goal.title}
        </Link>
      </span>
      <div className="team-goal-line">
        <GoalStatusBadge status={goal.status} />
        <GoalProgress progress={goal.progress} label={goal.title} compact />
        {goal.due_date && <span className="muted">Due {formatDay(goal.due_date)}</span>}
      </div>
    </li>
  );
}
