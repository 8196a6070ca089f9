import { completionStatus, completionStyle } from '../../../shared/completion.js';
import { GOAL_STATUS_LABELS, type GoalStatus } from '../../../shared/goals.js';
import '../../components/ui/completion-meter.css';

/**
 * A goal's progress as a bar coloured by the completion band (shared/completion.ts), with the band's
 * word and the percentage as text (never colour alone). Used by every goals screen, the tree and the
 * widgets.
 */
export function GoalProgress({ progress, label, compact = false }: { progress: number; label: string; compact?: boolean }) {
  const status = completionStatus(progress, 100);
  const percent = status.percent ?? 0;
  return (
    <div className={`tp-meter${compact ? ' goal-progress-compact' : ''}`} style={completionStyle(status.band)} data-band={status.band}>
      {!compact && <span className="tp-badge">{status.label}</span>}
      <span className="tp-track" role="progressbar" aria-label={`${label}: ${percent}% (${status.label})`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%, ${status.label}`}>
        <span className="tp-fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="tp-text">{percent}%</span>
    </div>
  );
}

/** A goal's status as a word with its own class (goal-status-ON_TRACK ...). */
export function GoalStatusBadge({ status }: { status: GoalStatus }) {
  return <span className={`goal-status goal-status-${status}`}>{GOAL_STATUS_LABELS[status]}</span>;
}
