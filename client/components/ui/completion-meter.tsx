import { completionStatus, completionStyle } from '../../../shared/completion.js';
import './completion-meter.css';
import { formatRatio } from '../../../shared/format.js';

/** A band badge (its word, never colour alone) and a bar, both from the one shared completionStatus. */
export function CompletionMeter({ completion, label }: { completion: { done: number; total: number }; label: string }) {
  const status = completionStatus(completion.done, completion.total);
  return (
    <div className="tp-meter" style={completionStyle(status.band)} data-band={status.band}>
      <span className="tp-badge">{status.label}</span>
      <span
        className="tp-track"
        role="progressbar"
        aria-label={`${label}: ${status.text}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={status.percent ?? 0}
        aria-valuetext={status.text}
      >
        <span className="tp-fill" style={{ width: `${status.percent ?? 0}%` }} />
      </span>
      <span className="tp-text">{status.percent === null ? 'Nothing to do' : formatRatio(status.done, status.total)}</span>
    </div>
  );
}
