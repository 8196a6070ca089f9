import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { formatDateTime, formatNumber } from '../../../../shared/format.js';
import { PendingView } from '../../../components/ui/states.js';
import { recentImportsQueryOptions, type ImportBatch } from '../csv-import.batches.api.js';

function statusOf(batch: ImportBatch): string {
  switch (batch.status) {
    case 'RUNNING':
      return 'Running';
    case 'DONE':
      return batch.dry_run ? 'Checked (dry run), nothing saved' : 'Imported';
    case 'FAILED':
      return 'Failed, nothing saved';
    case 'ROLLED_BACK':
      return 'Rolled back';
    case 'INTERRUPTED':
      return 'Interrupted, nothing saved';
  }
}

/** Moves to the file step: the file is not kept on the server, so a retry is choosing it again. */
function chooseFileAgain() {
  // Focusing scrolls the step into view.
  document.getElementById('csv-step-file')?.closest('section')?.querySelector<HTMLButtonElement>('button')?.focus();
}

/**
 * The latest imports of the organization, where an import the server stop cut off reads
 * "Interrupted" with what to do about it (docs/decisions/0038). Read again whenever the page's
 * import or undo finishes, so the list follows them.
 */
export function CsvImportRecent() {
  const headingId = useId();
  const batches = useQuery(recentImportsQueryOptions());
  const { refetch } = batches;
  const mutating = useIsMutating();
  const wasMutating = useRef(false);
  useEffect(() => {
    if (wasMutating.current && mutating === 0) void refetch();
    wasMutating.current = mutating > 0;
  }, [mutating, refetch]);
  // Interrupted since the last import that went through (undone later or not): once the file was imported again, the notice goes.
  const lastImported = batches.data?.find((b) => (b.status === 'DONE' || b.status === 'ROLLED_BACK') && !b.dry_run);
  const interrupted = batches.data?.filter((b) => b.status === 'INTERRUPTED' && (!lastImported || b.created_at > lastImported.created_at)) ?? [];

  return (
    <section className="csv-step" aria-labelledby={headingId}>
      <h2 id={headingId}>Recent imports</h2>
      {interrupted.length > 0 && (
        <div className="csv-interrupted" role="status">
          <p>
            {interrupted.length === 1 ? 'An import was' : `${interrupted.length} imports were`} interrupted: the server stopped while
            {interrupted.length === 1 ? ' it' : ' they'} ran, so nobody from {interrupted.length === 1 ? 'that file' : 'those files'} was added. Files are not
            kept on the server: choose the file again to retry.
          </p>
          <button type="button" className="button button-secondary button-small" onClick={chooseFileAgain}>
            Choose the file again
          </button>
        </div>
      )}
      {batches.isPending ? (
        <PendingView label="Loading recent imports…" />
      ) : batches.isError ? (
        <p role="alert" className="form-error">
          Recent imports could not be loaded: {batches.error.message}
        </p>
      ) : batches.data.length === 0 ? (
        <p className="muted">No imports yet.</p>
      ) : (
        <div className="csv-table-wrap" tabIndex={0} role="region" aria-label="Recent imports">
          <table className="csv-table">
            <caption className="sr-only">Recent imports</caption>
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">By</th>
                <th scope="col">Rows</th>
                <th scope="col">People added</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {batches.data.map((batch) => (
                <tr key={batch.id}>
                  <td>{formatDateTime(batch.created_at)}</td>
                  <td>{batch.created_by_name ?? <span className="muted">(removed)</span>}</td>
                  <td>{formatNumber(batch.total)}</td>
                  <td>{formatNumber(batch.created)}</td>
                  <td>
                    <span className={`csv-batch-status csv-batch-${batch.status.toLowerCase()}`}>{statusOf(batch)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
