import { AlertDialog } from '../../../components/ui/dialog.js';
import { useState } from 'react';
import { FormError } from '../../../components/ui/field.js';
import { useRollbackImport } from '../csv-import.api.js';
import { formatNumber } from '../../../../shared/format.js';

const users = (n: number) => `${formatNumber(n)} ${n === 1 ? 'user' : 'users'}`;

/** Undo of a finished import, after a confirmation; says how many users were removed. */
export function CsvImportRollback({ batchId, created }: { batchId: string; created: number }) {
  const rollback = useRollbackImport();
  const [open, setOpen] = useState(false);

  if (rollback.isSuccess) {
    return <p className="notice" role="status">Import undone: {users(rollback.data)} removed.{rollback.data < created ? ' People who had already signed in were kept.' : ''}</p>;
  }
  return (
    <div className="csv-rollback">
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Trigger asChild>
          <button type="button" className="button button-secondary">Undo this import</button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog">
            <AlertDialog.Title>Undo this import?</AlertDialog.Title>
            <AlertDialog.Description>
              This removes the {users(created)} this import created. People who have already signed in are kept. Teams and company structure it created stay.
            </AlertDialog.Description>
            <FormError message={rollback.error?.message} />
            <div className="dialog-actions">
              <AlertDialog.Cancel className="button button-ghost" type="button">Keep them</AlertDialog.Cancel>
              <button
                type="button"
                className="button"
                disabled={rollback.isPending}
                aria-busy={rollback.isPending || undefined}
                onClick={() => rollback.mutate(batchId, { onSuccess: () => setOpen(false) })}
              >
                {rollback.isPending ? 'Removing…' : 'Remove them'}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
