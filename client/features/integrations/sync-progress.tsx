import { RUN_KIND_LABELS, RUN_STATUS_LABELS, isActiveRun, type SyncRun } from './api.js';
import { formatDateTime, formatNumber, formatRatio, formatTime } from '../../../shared/format.js';

/** "1 h 4 min", "3 min 20 s", "12 s"; "—" while unknown. */
export function formatDuration(run: SyncRun, now = Date.now()): string {
  if (!run.started_at) return '—';
  const end = run.finished_at ? Date.parse(run.finished_at) : now;
  const s = Math.max(0, Math.round((end - Date.parse(run.started_at)) / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min${s % 60 ? ` ${s % 60} s` : ''}`;
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

/** What a run is doing, in words. */
export function runLine(run: SyncRun): string {
  const what = run.progress_label ?? RUN_KIND_LABELS[run.kind];
  if (run.status === 'RATE_LIMITED') return `${what}. Rate limited: resumes at ${run.resumes_at ? formatTime(run.resumes_at) : 'soon'}.`;
  if (run.status === 'QUEUED') return `${what}: waiting to start.`;
  const counted = run.progress_total ? formatRatio(run.progress_done, run.progress_total) : `${formatNumber(run.progress_done)} done`;
  return `${what}: ${counted}, ${formatNumber(run.items_written)} items written.`;
}

/** A progress bar for a run that is moving (indeterminate while the size of the work is unknown). */
export function SyncProgress({ run, name }: { run: SyncRun; name: string }) {
  if (!isActiveRun(run)) return null;
  const label = `${name} sync: ${run.progress_label ?? RUN_KIND_LABELS[run.kind]}`;
  return (
    <div className={`sync-progress sync-progress-${run.status}`}>
      <progress
        aria-label={label}
        max={run.progress_total ?? undefined}
        value={run.progress_total ? Math.min(run.progress_done, run.progress_total) : undefined}
      />
      <p className="sync-progress-line">
        {RUN_STATUS_LABELS[run.status]} · {runLine(run)}
      </p>
    </div>
  );
}

export function SyncHistory({ runs, caption }: { runs: SyncRun[]; caption: string }) {
  if (!runs.length) return <p className="muted">No syncs yet.</p>;
  return (
    // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
    <div className="integration-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="integration-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col">Duration</th>
            <th scope="col">Items</th>
            <th scope="col">Error</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id}>
              <td>{RUN_KIND_LABELS[r.kind]}</td>
              <td>
                <span className={`sync-status sync-status-${r.status}`}>{RUN_STATUS_LABELS[r.status]}</span>
              </td>
              <td>{formatDateTime(r.started_at ?? r.created_at)}</td>
              <td>{formatDuration(r)}</td>
              <td>{formatNumber(r.items_written)}</td>
              <td className="integration-error">
                {r.status === 'RATE_LIMITED' && r.resumes_at ? `Rate limited: resumes at ${formatTime(r.resumes_at)}` : (r.error ?? '')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
