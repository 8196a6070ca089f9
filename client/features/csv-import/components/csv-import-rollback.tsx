import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useState } from 'react';
import { useRollbackImport } from '../csv-import.api.js';
import { formatNumber } from '../../../../shared/format.js';

const users = (n: number) => `${formatNumber(n)} ${n === 1 ? 'user' : 'users'}`;

/** Undo of a finished import, after a confirmation; says how many users were removed. */
export function CsvImportRollback({ batchId, created }: { batchId: string; created: number }) {
  const rollback = useRollbackImport();
  const [open, setOpen] = useState(false);

  if (rollback.isSuccess) {
    return (
      <p className="notice" role="status">
        Import undone: {users(rollback.data)} removed.{rollback.data < created ? ' People who had already signed in were kept.' : ''}
      </p>
    );
  }
  return (
    <div className="csv-rollback">
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        Undo this import
      </button>
      {open && (
        <ConfirmDialog
          title="Undo this import?"
          cancelLabel="Keep them"
          confirmLabel="Remove them"
          busyLabel="Removing…"
          onConfirm={() => rollback.mutateAsync(batchId)}
          onClose={() => setOpen(false)}
          description={`This removes the ${users(created)} this import created. People who have already signed in are kept. Teams and company structure it created stay.`}
        />
      )}
    </div>
  );
}
