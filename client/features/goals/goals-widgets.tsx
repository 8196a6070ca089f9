import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDay } from '../../../shared/format.js';
import { GoalProgress, GoalStatusBadge } from './goal-progress.js';
import { myGoalsCardQueryOptions, teamGoalsCardQueryOptions, type GoalLine } from './goals-tree.api.js';
import './goals.css';
import './goal-tree.css';

/** Dashboard cards MY_GOALS and TEAM_GOALS. Small on purpose: the dashboard's chunk imports this, never a goals page. */

const GOAL_PATH = '/goals/my-goals/$id';
const CARD_GOALS = 5;
const openOf = (goals: GoalLine[]) => goals.filter((g) => g.status !== 'DONE' && g.status !== 'DROPPED');

/** Loads what the cards show together with the dashboard. */
export function prefetchGoalsWidgets(queryClient: QueryClient, enabled: readonly string[]): Promise<unknown> {
  return Promise.all([
    enabled.includes('MY_GOALS') ? queryClient.prefetchQuery(myGoalsCardQueryOptions) : undefined,
    enabled.includes('TEAM_GOALS') ? queryClient.prefetchQuery(teamGoalsCardQueryOptions) : undefined,
  ]);
}

function GoalLines({ goals, label }: { goals: GoalLine[]; label: string }) {
  return (
    <ul className="goals-widget-list" aria-label={label}>
      {goals.map((g) => (
        <li key={g.id}>
          <Link to={GOAL_PATH} params={{ id: g.id }}>
            {g.title}
          </Link>
          <GoalProgress progress={g.progress} label={g.title} compact />
          <span className="muted">
            <GoalStatusBadge status={g.status} />
            {g.due_date ? ` Due ${formatDay(g.due_date)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** My open goals (the first 5 by due date) with their progress and due dates. */
export function MyGoalsWidget() {
  const q = useQuery(myGoalsCardQueryOptions);
  return (
    <>
      <h3>My goals</h3>
      {q.isPending ? (
        <p className="muted" role="status">
          Loading your goals…
        </p>
      ) : q.isError ? (
        <p className="muted" role="alert">
          Your goals could not be loaded.
        </p>
      ) : q.data.length === 0 ? (
        <>
          <p className="muted">You have no open goals.</p>
          <Link to="/goals/my-goals">Create a goal</Link>
        </>
      ) : (
        <>
          <GoalLines goals={q.data.slice(0, CARD_GOALS)} label="My open goals" />
          <Link to="/goals/my-goals">{q.data.length > CARD_GOALS ? `All ${q.data.length} open goals` : 'Open my goals'}</Link>
        </>
      )}
    </>
  );
}

/** The goals of my teams (my own team, the teams I manage or lead), each team with its rolled-up progress. */
export function TeamGoalsWidget() {
  const q = useQuery(teamGoalsCardQueryOptions);
  return (
    <>
      <h3>Team goals</h3>
      {q.isPending ? (
        <p className="muted" role="status">
          Loading your teams’ goals…
        </p>
      ) : q.isError ? (
        <p className="muted" role="alert">
          Your teams’ goals could not be loaded.
        </p>
      ) : q.data.length === 0 ? (
        <p className="muted">You are not in a team yet.</p>
      ) : (
        q.data.map((t) => (
          <div key={t.team.id}>
            <h4>{t.team.name}</h4>
            {t.progress && <GoalProgress progress={t.progress.percent} label={`${t.team.name} progress`} compact />}
            {openOf(t.goals).length === 0 ? (
              <p className="muted">No open team goals.</p>
            ) : (
              <GoalLines goals={openOf(t.goals).slice(0, CARD_GOALS)} label={`Goals of ${t.team.name}`} />
            )}
          </div>
        ))
      )}
      <Link to="/goals/team-goals">Open team goals</Link>
    </>
  );
}
