import { Progress } from 'radix-ui';
import { useId } from 'react';
import type { MassCreateProgress } from '../csv-import.api.js';

/** The run's progress as the server reports it (massCreateProgress), in rows and per cent. */
export function CsvImportProgress({ progress, label }: { progress: MassCreateProgress; label: string }) {
  const labelId = useId();
  const total = Math.max(progress.total, 1);
  const percent = Math.round((Math.min(progress.processed, total) / total) * 100);
  const status = progress.done
    ? `Done: ${progress.total.toLocaleString('en')} rows checked.`
    : progress.processed === 0
      ? 'Sending the file…'
      : `Checked ${progress.processed.toLocaleString('en')} of ${progress.total.toLocaleString('en')} rows…`;
  return (
    <div className="csv-progress">
      <p id={labelId} className="csv-progress-label">{label}</p>
      <Progress.Root
        className="csv-progress-track"
        value={percent}
        max={100}
        aria-labelledby={labelId}
        getValueLabel={(value) => `${value} %`}
      >
        <Progress.Indicator className="csv-progress-bar" style={{ transform: `translateX(-${100 - percent}%)` }} />
      </Progress.Root>
      <p className="muted" role="status" aria-live="polite">{status} <span className="csv-progress-percent">{percent} %</span></p>
    </div>
  );
}
