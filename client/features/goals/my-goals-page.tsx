import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState, PendingView } from '../../components/ui/states.js';
import type { GoalSummary } from './goal.types.js';
import { isOverdue, ownerLabel } from './goal-format.js';
import { GoalFormDialog } from './goal-form-dialog.js';
import { GoalProgress, GoalStatusBadge } from './goal-progress.js';
import { GoalsAdminMenu } from './goals-admin-menu.js';
import { myGoalsQueryOptions } from './goals.api.js';
import './goals.css';
import { formatDay } from '../../../shared/format.js';

/** /goals/my-goals: my goals, open ones first, with their progress, due dates and key results. */
export function MyGoalsPage() {
  const [includeClosed, setIncludeClosed] = useState(false);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const goals = useQuery(myGoalsQueryOptions(includeClosed));
  return (
    <section className="page goals-page">
      <div className="row-between goals-header">
        <h1>My goals</h1>
        <div className="goals-actions">
          <GoalsAdminMenu />
          <button type="button" className="button" onClick={() => setCreating(true)}>
            New goal
          </button>
        </div>
      </div>
      <p className="muted">Your goals with their key results. Align them under team and company goals so your progress counts there too.</p>
      <label className="checkbox goals-filter">
        <input type="checkbox" checked={includeClosed} onChange={(e) => setIncludeClosed(e.target.checked)} />
        Include done and dropped goals
      </label>
      {goals.isPending ? (
        <PendingView label="Loading your goals…" />
      ) : goals.isError ? (
        <div className="state-card" role="alert">
          <h2>Your goals could not be loaded</h2>
          <p>{goals.error.message}</p>
          <button type="button" className="button" onClick={() => void goals.refetch()}>
            Try again
          </button>
        </div>
      ) : goals.data.length === 0 ? (
        <EmptyState title={includeClosed ? 'No goals yet' : 'No open goals'}>
          <p>A goal says what you want to achieve; its key results say how you will know, with a start, a target and where you are now.</p>
          <p>Check in as you go: the goal’s progress follows its key results and counts towards the team or company goal you align it under.</p>
          <button type="button" className="button" onClick={() => setCreating(true)}>
            Create your first goal
          </button>
        </EmptyState>
      ) : (
        <ul className="goal-cards" aria-label="My goals">
          {sortOpenFirst(goals.data).map((g) => (
            <GoalCard key={g.id} goal={g} />
          ))}
        </ul>
      )}
      <GoalFormDialog open={creating} onOpenChange={setCreating} onSaved={(g) => void navigate({ to: '/goals/my-goals/$id', params: { id: g.id } })} />
    </section>
  );
}

const CLOSED = new Set(['DONE', 'DROPPED']);
function sortOpenFirst(goals: GoalSummary[]): GoalSummary[] {
  return [...goals].sort((a, b) => Number(CLOSED.has(a.status)) - Number(CLOSED.has(b.status)));
}

export function GoalCard({ goal }: { goal: GoalSummary }) {
  const overdue = isOverdue(goal);
  const done = goal.key_results.filter((kr) => kr.progress >= 100).length;
  return (
    <li className="goal-card" aria-label={goal.title}>
      <div className="row-between goal-card-head">
        <h2 className="goal-card-title">
          <Link to="/goals/my-goals/$id" params={{ id: goal.id }}>
            {goal.title}
          </Link>
        </h2>
        <GoalStatusBadge status={goal.status} />
      </div>
      <p className="muted goal-card-meta">
        {ownerLabel(goal)}
        {goal.parent ? (
          <>
            {' '}
            · Aligned under{' '}
            <Link to="/goals/my-goals/$id" params={{ id: goal.parent.id }}>
              {goal.parent.title}
            </Link>
          </>
        ) : goal.parent_hidden ? (
          ' · Aligned under a goal you cannot see'
        ) : (
          ' · Not aligned'
        )}
      </p>
      <GoalProgress progress={goal.progress} label={`Progress of ${goal.title}`} expected={goal.expected_progress} />
      <dl className="goal-facts">
        <div>
          <dt>Due</dt>
          <dd className={overdue ? 'goal-overdue' : undefined}>
            {goal.due_date ? `${formatDay(goal.due_date)}${overdue ? ' (overdue)' : ''}` : 'No due date'}
          </dd>
        </div>
        <div>
          <dt>Key results</dt>
          <dd>{goal.key_results.length ? `${done} of ${goal.key_results.length} complete` : 'None'}</dd>
        </div>
        <div>
          <dt>Last check-in</dt>
          <dd>{goal.last_check_in_at ? formatDay(goal.last_check_in_at) : 'Never'}</dd>
        </div>
      </dl>
    </li>
  );
}
