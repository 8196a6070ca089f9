import { saveBlob } from '../../../lib/download.js';
import { errorsToCsv } from '../csv-import.api.js';
import type { MassCreateResult } from '../csv-import.upload.js';
import { CsvImportIssueTable } from './csv-import-issue-table.js';
import { CsvImportRollback } from './csv-import-rollback.js';

const users = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'user' : 'users'}`;
const rows = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'row' : 'rows'}`;

/** The server's answer: how many were created, each row it refused, the errors as CSV, and the undo. */
export function CsvImportResult({ result, dryRun }: { result: MassCreateResult; dryRun: boolean }) {
  const errors = result.usersWithErrors;
  return (
    <section className="csv-result" aria-labelledby="csv-result-title">
      <h2 id="csv-result-title" tabIndex={-1}>{dryRun ? 'Dry run finished' : 'Import finished'}</h2>
      <p className={errors.length ? 'notice notice-warning' : 'notice'} role="status">
        {dryRun ? `${users(result.count)} would be created; nothing was saved.` : `${users(result.count)} created.`}
        {errors.length > 0 ? ` ${rows(errors.length)} ${dryRun ? 'would be' : 'were'} skipped because of errors.` : ' No errors.'}
        {!dryRun && result.count > 0 ? ' They are listed as invited; no email goes out until an admin sends the invitations.' : ''}
      </p>
      {errors.length > 0 && (
        <>
          <CsvImportIssueTable issues={errors} caption="Rows with errors" />
          <div>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => saveBlob(new Blob([errorsToCsv(errors)], { type: 'text/csv;charset=utf-8' }), `teamlens-import-errors-${result.batch_id.slice(0, 8)}.csv`)}
            >
              Download the errors (CSV)
            </button>
          </div>
        </>
      )}
      {!dryRun && result.count > 0 && <CsvImportRollback batchId={result.batch_id} created={result.count} />}
    </section>
  );
}
