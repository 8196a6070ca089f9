import { saveBlob } from '../../../lib/download.js';
import { errorsToCsv } from '../csv-import.api.js';
import type { MassCreateResult } from '../csv-import.upload.js';
import { CsvImportInvitations } from './csv-import-invitations.js';
import { CsvImportIssueTable } from './csv-import-issue-table.js';
import { CsvImportRollback } from './csv-import-rollback.js';
import { formatNumber } from '../../../../shared/format.js';

const users = (n: number) => `${formatNumber(n)} ${n === 1 ? 'user' : 'users'}`;
const rows = (n: number) => `${formatNumber(n)} ${n === 1 ? 'row' : 'rows'}`;

/** The server's answer: how many were created, each row it refused, the errors as CSV, and the undo. */
export function CsvImportResult({ result }: { result: MassCreateResult }) {
  const errors = result.usersWithErrors;
  return (
    <section className="csv-result" aria-labelledby="csv-result-title">
      <h2 id="csv-result-title" tabIndex={-1}>
        Import finished
      </h2>
      <p className={errors.length ? 'notice notice-warning' : 'notice'} role="status">
        {`${users(result.count)} created.`}
        {errors.length > 0 ? ` ${rows(errors.length)} were skipped because of errors.` : ' No errors.'}
        {result.count > 0 ? ' They are listed as invited; no email goes out until you send the invitations.' : ''}
      </p>
      {result.created_ids.length > 0 && <CsvImportInvitations ids={result.created_ids} />}
      {errors.length > 0 && (
        <>
          <CsvImportIssueTable issues={errors} caption="Rows with errors" />
          <div>
            <button
              type="button"
              className="button button-secondary"
              onClick={() =>
                saveBlob(new Blob([errorsToCsv(errors)], { type: 'text/csv;charset=utf-8' }), `teamlens-import-errors-${result.batch_id.slice(0, 8)}.csv`)
              }
            >
              Download the errors (CSV)
            </button>
          </div>
        </>
      )}
      {result.count > 0 && <CsvImportRollback batchId={result.batch_id} created={result.count} />}
    </section>
  );
}
