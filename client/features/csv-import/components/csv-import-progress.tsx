import { Progress } from 'radix-ui';
import { useId } from 'react';
import type { MassCreateProgress } from '../csv-import.api.js';
import { formatNumber, formatPercent, ratioPercent } from '../../../../shared/format.js';

/** The run's progress as the server reports it (massCreateProgress), in rows and per cent. */
export function CsvImportProgress({ progress, label }: { progress: MassCreateProgress; label: string }) {
  const labelId = useId();
  const percent = ratioPercent(progress.processed, progress.total) ?? 0;
  const status = progress.done
    ? `Done: ${formatNumber(progress.total)} rows checked.`
    : progress.processed === 0
      ? 'Sending the file…'
      : `Checked ${formatNumber(progress.processed)} of ${formatNumber(progress.total)} rows…`;
  return (
    <div className="csv-progress">
      <p id={labelId} className="csv-progress-label">
        {label}
      </p>
      <Progress.Root className="csv-progress-track" value={percent} max={100} aria-labelledby={labelId} getValueLabel={(value) => formatPercent(value)}>
        <Progress.Indicator className="csv-progress-bar" style={{ transform: `translateX(-${100 - percent}%)` }} />
      </Progress.Root>
      <p className="muted" role="status" aria-live="polite">
        {status} <span className="csv-progress-percent">{formatPercent(percent)}</span>
      </p>
    </div>
  );
}
