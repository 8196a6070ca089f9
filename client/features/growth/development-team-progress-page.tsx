import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { COMPLETION_LABELS, completionStyle } from '../../../shared/completion.js';
import { ProgressTable, type ProgressColumn } from '../../components/ui/progress-table.js';
import { PendingView, ReadFailedView } from '../../components/ui/states.js';
import { TeamProgressLayout, TeamProgressSection } from '../../components/ui/team-progress.js';
import { GraphqlError } from '../../lib/graphql.js';
import { GoalProgress } from '../goals/goal-progress.js';
import { developmentTeamProgressQueryOptions } from './development.api.js';
import type { DevelopmentPersonProgress, DevelopmentTeamProgress } from './growth.types.js';
import '../../components/ui/completion-meter.css';
import './development.css';
import { formatDay } from '../../../shared/format.js';

const NO_TEAM = 'none';
const teamKey = (g: DevelopmentTeamProgress) => g.team?.id ?? NO_TEAM;

/**
 * /professional-development/team-progress: for managers the people below them, for admins everyone,
 * one table per team: placement, self and manager assessments, plan progress with its completion
 * band, growth goals and open and overdue actions. `?team=` keeps one team.
 */
export function DevelopmentTeamProgressPage({ team }: { team: string | undefined }) {
  const id = useId();
  const navigate = useNavigate();
  const progress = useQuery(developmentTeamProgressQueryOptions);
  if (progress.isPending) return <PendingView label="Loading team progress…" />;
  if (progress.isError) {
    return (
      <ReadFailedView
        className="page dev-page"
        refused={progress.error instanceof GraphqlError && progress.error.code === 'FORBIDDEN'}
        title={{ refused: 'Team progress is for managers', failed: 'Team progress could not be loaded' }}
        why="Managers, team leads and admins follow the development plans of their people here."
        way={<Link to="/professional-development">Go to my development plan</Link>}
        message={progress.error.message}
        onRetry={() => void progress.refetch()}
      />
    );
  }
  const groups = progress.data;
  const shown = team ? groups.filter((g) => teamKey(g) === team) : groups;
  return (
    <TeamProgressLayout
      className="dev-page"
      title="Development team progress"
      action={
        <Link to="/professional-development" className="button button-secondary">
          My development plan
        </Link>
      }
      intro={
        <p className="muted">
          Per person: where they stand, whether they and their manager have assessed them, and how far their development plan is (below 80% behind, 80 to 99%
          almost, 100% complete).
        </p>
      }
      controls={
        groups.length > 1 && (
          <div className="field dev-team-filter">
            <label htmlFor={`${id}-team`}>Team</label>
            <select
              id={`${id}-team`}
              value={team ?? ''}
              onChange={(e) => void navigate({ to: '/professional-development/team-progress', search: e.target.value ? { team: e.target.value } : {} })}
            >
              <option value="">All teams</option>
              {groups.map((g) => (
                <option key={teamKey(g)} value={teamKey(g)}>
                  {g.team?.name ?? 'No team'}
                </option>
              ))}
            </select>
          </div>
        )
      }
      empty={
        groups.length === 0
          ? {
              title: 'Nobody to follow yet',
              children: (
                <p>People who report to you, directly or further down, and the members of teams you manage or lead show here with their development plans.</p>
              ),
            }
          : shown.length === 0
            ? {
                title: 'Nobody in this team',
                children: (
                  <p>
                    <Link to="/professional-development/team-progress">Show all teams</Link>
                  </p>
                ),
              }
            : null
      }
    >
      {shown.map((g) => (
        <TeamTable key={teamKey(g)} group={g} />
      ))}
    </TeamProgressLayout>
  );
}

function TeamTable({ group }: { group: DevelopmentTeamProgress }) {
  const name = group.team?.name ?? 'No team';
  return (
    <TeamProgressSection
      className="dev-card"
      title={<>{name} </>}
      after={
        <span className="muted dev-count">
          ({group.people.length} {group.people.length === 1 ? 'person' : 'people'})
        </span>
      }
    >
      <ProgressTable label={`${name}: development progress`} className="dev-table" rows={group.people} rowKey={(p) => p.user.id} columns={COLUMNS} />
    </TeamProgressSection>
  );
}

const COLUMNS: Array<ProgressColumn<DevelopmentPersonProgress>> = [
  {
    header: 'Person',
    cell: (p) => (
      <>
        <Link to="/professional-development" search={{ user: p.user.id }}>
          {p.user.full_name}
        </Link>
        <br />
        <Link to="/profile/assesment" search={{ user: p.user.id }} className="dev-small-link" aria-label={`Assessment of ${p.user.full_name}`}>
          Assessment
        </Link>
      </>
    ),
  },
  {
    header: 'Track and level',
    cell: (p) => (p.placement ? `${p.placement.track.name}, ${p.placement.level.name}` : <span className="muted">Not placed</span>),
  },
  { header: 'Self assessed', cell: (p) => (p.self_assessed_at ? formatDay(p.self_assessed_at) : <span className="muted">Not yet</span>) },
  { header: 'Manager assessed', cell: (p) => (p.manager_assessed_at ? formatDay(p.manager_assessed_at) : <span className="muted">Not yet</span>) },
  {
    header: 'Plan progress',
    className: 'dev-progress-cell',
    cell: (p) =>
      p.plan_progress ? (
        <GoalProgress progress={p.plan_progress.percent} label={`Plan progress of ${p.user.full_name}`} />
      ) : (
        <span className="tp-badge" style={completionStyle('none')}>
          {COMPLETION_LABELS.none}
        </span>
      ),
  },
  { header: 'Growth goals', cell: (p) => p.growth_goals },
  { header: 'Open actions', cell: (p) => p.actions_open },
  {
    header: 'Overdue',
    className: (p) => (p.actions_overdue ? 'dev-overdue' : undefined),
    cell: (p) => (p.actions_overdue ? `${p.actions_overdue} overdue` : '0'),
  },
];
