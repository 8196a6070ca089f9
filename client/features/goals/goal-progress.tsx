import { GOAL_STATUS_LABELS, type GoalStatus } from '../../../shared/goals.js';
import '../../components/ui/completion-meter.css';
import './goal-progress.css';
import { formatPercent, ratioPercent } from '../../../shared/format.js';

/**
 * A goal's (or a development plan's) progress as a bar with the percentage as text. The bar has no
 * status of its own: a goal's status is the one its owner sets at check-in (GoalStatusBadge), and a
 * red "Behind" beside an owner's "On track" said two things at once (docs/decisions/0060). With
 * `expected` (shared/goals.ts expectedProgress), a tick on the bar and neutral text say where an even
 * pace would be today: a hint, never a second status. Used by every goals screen, the tree, the
 * widgets and the development plans.
 */
export function GoalProgress({
  progress,
  label,
  compact = false,
  expected = null,
}: {
  progress: number;
  label: string;
  compact?: boolean;
  expected?: number | null;
}) {
  const percent = Math.min(100, ratioPercent(progress, 100) ?? 0);
  const hint = expected === null ? '' : `Expected by today: ${formatPercent(expected)}`;
  return (
    <div className={`tp-meter goal-progress${compact ? ' goal-progress-compact' : ''}`}>
      <span
        className="tp-track goal-progress-track"
        role="progressbar"
        aria-label={`${label}: ${formatPercent(percent)}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={hint ? `${formatPercent(percent)}. ${hint}` : formatPercent(percent)}
      >
        <span className="tp-fill" style={{ width: `${percent}%` }} />
        {expected !== null && <span className="goal-progress-expected" style={{ left: `${expected}%` }} aria-hidden="true" />}
      </span>
      <span className="tp-text">{formatPercent(percent)}</span>
      {hint && <span className="goal-progress-hint">{hint}</span>}
    </div>
  );
}

/** A goal's status as a word with its own class (goal-status-ON_TRACK ...): the one status a goal shows. */
export function GoalStatusBadge({ status }: { status: GoalStatus }) {
  return <span className={`goal-status goal-status-${status}`}>{GOAL_STATUS_LABELS[status]}</span>;
}
