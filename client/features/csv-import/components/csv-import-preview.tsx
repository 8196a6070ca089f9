import type { ServerPreview } from '../csv-import.run.js';
import { CsvImportIssueTable } from './csv-import-issue-table.js';
import { CsvImportProgress } from './csv-import-progress.js';
import { formatNumber } from '../../../../shared/format.js';

const rows = (n: number) => `${formatNumber(n)} ${n === 1 ? 'row' : 'rows'}`;

/**
 * The server's dry run of the file as mapped: how many people the import creates and every row it
 * refuses, with the server's own reasons (the same checks as the import, so the counts match).
 */
export function CsvImportPreview({ preview, total, onRetry }: { preview: ServerPreview; total: number; onRetry: () => void }) {
  if (preview.status === 'idle') return null;
  if (preview.status === 'checking') {
    return preview.progress && preview.progress.total > 2_000 ? (
      <CsvImportProgress progress={preview.progress} label="Checking the rows on the server" />
    ) : (
      <p className="muted" role="status">
        Checking the rows on the server…
      </p>
    );
  }
  if (preview.status === 'error') {
    return (
      <div className="csv-preview">
        <p role="alert" className="form-error">
          The rows could not be checked: {preview.message}
        </p>
        <div>
          <button type="button" className="button button-secondary" onClick={onRetry}>
            Check again
          </button>
        </div>
      </div>
    );
  }
  const { result } = preview;
  const refused = result.usersWithErrors.length;
  return (
    <div className="csv-preview">
      <div role="group" aria-label="Preview counts">
        <dl className="csv-counts">
          <div>
            <dt>Rows in the file</dt>
            <dd>{formatNumber(total)}</dd>
          </div>
          <div className="csv-count-ok">
            <dt>Ready to import</dt>
            <dd>{formatNumber(result.count)}</dd>
          </div>
          <div className={refused ? 'csv-count-bad' : undefined}>
            <dt>Need fixing</dt>
            <dd>{formatNumber(refused)}</dd>
          </div>
        </dl>
      </div>
      {refused === 0 ? (
        <p className="notice">The server checked all {rows(total)}: every one can be imported.</p>
      ) : (
        <>
          <p>
            The server will not import {rows(refused)} as they are. Fix them in your file and choose it again, or import the others now: these rows are skipped
            and listed again in the result.
          </p>
          <CsvImportIssueTable issues={result.usersWithErrors} caption="Rows that need fixing" />
        </>
      )}
    </div>
  );
}
