import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useState } from 'react';
import { CONFIDENCE_LABELS, GOAL_STATUS_LABELS, GOAL_VISIBILITY_LABELS, KEY_RESULT_KIND_LABELS } from '../../../shared/goals.js';
import { PendingView } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import type { GoalDetail } from './goal.types.js';
import { CheckInDialog } from './check-in-dialog.js';
import { isOverdue, keyResultLine, ownerLabel, valueText } from './goal-format.js';
import { GoalFormDialog } from './goal-form-dialog.js';
import { GoalProgress, GoalStatusBadge } from './goal-progress.js';
import { GoalProgressChart } from './goal-progress-chart.js';
import { goalQueryOptions, useDeleteGoal } from './goals.api.js';
import './goals.css';
import { formatDay, formatPercent } from '../../../shared/format.js';

/** /goals/my-goals/$id: one goal with its key results, aligned goals, check-ins and progress over time. */
export function GoalPage({ id }: { id: string }) {
  const goal = useQuery(goalQueryOptions(id));
  if (goal.isPending) return <PendingView label="Loading the goal…" />;
  if (goal.isError) {
    return (
      <div className="state-card" role="alert">
        <h1>This goal could not be loaded</h1>
        <p>{goal.error.message}</p>
        <button type="button" className="button" onClick={() => void goal.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!goal.data) {
    return (
      <div className="state-card">
        <h1>Goal not found</h1>
        <p>This goal does not exist, was deleted, or is not shared with you.</p>
        <Link to="/goals/my-goals">Go to my goals</Link>
      </div>
    );
  }
  return <GoalView goal={goal.data} />;
}

function GoalView({ goal }: { goal: GoalDetail }) {
  const [editing, setEditing] = useState(false);
  const [checkingIn, setCheckingIn] = useState(false);
  const overdue = isOverdue(goal);
  return (
    <article className="page goals-page goal-detail">
      <nav aria-label="Breadcrumb" className="muted">
        <Link to="/goals/my-goals">My goals</Link>
      </nav>
      <div className="row-between goals-header">
        <h1>{goal.title}</h1>
        <div className="goals-actions">
          {goal.can_edit && (
            <button type="button" className="button" onClick={() => setCheckingIn(true)}>
              Check in
            </button>
          )}
          {goal.can_edit && (
            <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
              Edit
            </button>
          )}
          {goal.can_edit && <DeleteGoalButton goal={goal} />}
        </div>
      </div>
      <div className="goal-summary">
        <GoalStatusBadge status={goal.status} />
        <GoalProgress progress={goal.progress} label={`Progress of ${goal.title}`} expected={goal.expected_progress} />
      </div>
      {goal.description && <p className="goal-description">{goal.description}</p>}
      <dl className="goal-facts">
        <div>
          <dt>Owner</dt>
          <dd>{ownerLabel(goal)}</dd>
        </div>
        <div>
          <dt>Start</dt>
          <dd>{goal.start_date ? formatDay(goal.start_date) : 'Not set'}</dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd className={overdue ? 'goal-overdue' : undefined}>
            {goal.due_date ? `${formatDay(goal.due_date)}${overdue ? ' (overdue)' : ''}` : 'No due date'}
          </dd>
        </div>
        <div>
          <dt>Visible to</dt>
          <dd>
            {GOAL_VISIBILITY_LABELS[goal.visibility].label}: {GOAL_VISIBILITY_LABELS[goal.visibility].description}
          </dd>
        </div>
        <div>
          <dt>Aligned under</dt>
          <dd>
            {goal.parent ? (
              <Link to="/goals/my-goals/$id" params={{ id: goal.parent.id }}>
                {goal.parent.title}
              </Link>
            ) : goal.parent_hidden ? (
              'A goal you cannot see'
            ) : (
              'Not aligned'
            )}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="goal-krs-heading" className="goal-section">
        <h2 id="goal-krs-heading">Key results</h2>
        {goal.key_results.length === 0 ? (
          <p className="muted">No key results: the progress comes from aligned goals{goal.children.length ? '' : ' once there are any'}.</p>
        ) : (
          <ul className="goal-kr-view" aria-label="Key results">
            {goal.key_results.map((kr) => (
              <li key={kr.id} aria-label={kr.title}>
                <div className="row-between">
                  <strong>{kr.title}</strong>
                  <span className="muted">
                    {KEY_RESULT_KIND_LABELS[kr.kind]}
                    {kr.weight !== 1 ? ` · weight ${kr.weight}` : ''}
                  </span>
                </div>
                <GoalProgress progress={kr.progress} label={kr.title} compact />
                <p className="muted goal-kr-line">{keyResultLine(kr)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="goal-children-heading" className="goal-section">
        <h2 id="goal-children-heading">Aligned goals</h2>
        {goal.children.length === 0 ? (
          <p className="muted">No goals are aligned under this one yet.</p>
        ) : (
          <ul className="goal-children" aria-label="Aligned goals">
            {goal.children.map((c) => (
              <li key={c.id} aria-label={c.title}>
                <div className="row-between">
                  <Link to="/goals/my-goals/$id" params={{ id: c.id }}>
                    {c.title}
                  </Link>
                  <span className="muted">
                    {ownerLabel(c)} · {GOAL_STATUS_LABELS[c.status]}
                  </span>
                </div>
                <GoalProgress progress={c.progress} label={`Progress of ${c.title}`} compact />
              </li>
            ))}
          </ul>
        )}
        {goal.child_count > goal.children.length && (
          <p className="muted">
            {goal.child_count - goal.children.length} more aligned {goal.child_count - goal.children.length === 1 ? 'goal is' : 'goals are'} not shared with
            you.
          </p>
        )}
      </section>

      <section aria-labelledby="goal-history-heading" className="goal-section">
        <h2 id="goal-history-heading">Progress over time</h2>
        <GoalProgressChart title={goal.title} checkIns={goal.check_ins} />
        <h3>Check-ins</h3>
        {goal.check_ins.length === 0 ? (
          <p className="muted">No check-ins yet.{goal.can_edit ? ' Use “Check in” to record where the key results stand.' : ''}</p>
        ) : (
          <ol className="goal-check-ins" aria-label="Check-ins">
            {goal.check_ins.map((c) => (
              <li key={c.id}>
                <p>
                  <strong>{c.author?.full_name ?? 'A former member'}</strong> <span className="muted">on {formatDay(c.created_at)}</span> ·{' '}
                  {GOAL_STATUS_LABELS[c.status]} · {formatPercent(c.progress)}
                  {c.confidence != null && (
                    <>
                      {' '}
                      · confidence {c.confidence} ({CONFIDENCE_LABELS[c.confidence]})
                    </>
                  )}
                </p>
                {c.changes.length > 0 && (
                  <ul className="goal-changes">
                    {c.changes.map((ch) => {
                      const kr = goal.key_results.find((k) => k.id === ch.key_result_id);
                      const show = (v: number) => (kr ? valueText(kr, v) : String(v));
                      return (
                        <li key={ch.key_result_id}>
                          {ch.title}: {show(ch.before)} → {show(ch.after)}
                        </li>
                      );
                    })}
                  </ul>
                )}
                {c.comment && <p className="goal-comment">{c.comment}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
      <GoalFormDialog open={editing} onOpenChange={setEditing} goal={goal} />
      {checkingIn && <CheckInDialog goal={goal} onClose={() => setCheckingIn(false)} />}
    </article>
  );
}

function DeleteGoalButton({ goal }: { goal: GoalDetail }) {
  const del = useDeleteGoal();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  async function remove() {
    try {
      await del.mutateAsync(goal.id);
    } catch (err) {
      throw new Error(`The goal was not deleted: ${err instanceof Error ? err.message : 'try again.'}`, { cause: err });
    }
    showAlert(`“${goal.title}” was deleted.`, 'success');
    void navigate({ to: '/goals/my-goals' });
  }
  return (
    <>
      <button type="button" className="button button-ghost" onClick={() => setOpen(true)}>
        Delete
      </button>
      {open && (
        <ConfirmDialog
          title={`Delete “${goal.title}”?`}
          tone="danger"
          confirmLabel="Delete goal"
          busyLabel="Deleting…"
          onConfirm={remove}
          onClose={() => setOpen(false)}
          description={`The goal, its key results and its check-ins are deleted for good.${goal.child_count > 0 ? ` The ${goal.child_count} ${goal.child_count === 1 ? 'goal' : 'goals'} aligned under it stay, but become unaligned.` : ''}`}
        />
      )}
    </>
  );
}
