import { AlertDialog } from '../../components/ui/dialog.js';
import { useState } from 'react';
import { showAlert } from '../../lib/alerts.js';
import { useStructureChange } from './api.js';
import { LEVEL_LABEL, people, type StructureNode } from './structure-nodes.js';

/** Asks before deleting a node; the server refuses while children or people remain, and the reason shows here. */
export function StructureDeleteDialog({ node, onClose }: { node: StructureNode; onClose: () => void }) {
  const change = useStructureChange();
  const [refusal, setRefusal] = useState<string | null>(null);
  const what = LEVEL_LABEL[node.level];
  const blocked = node.children.length > 0 || node.headcount > 0;
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Delete the {what} {node.name}?</AlertDialog.Title>
          <AlertDialog.Description>
            {blocked
              ? `It still holds ${node.children.length ? `${node.children.length} ${LEVEL_LABEL[node.children[0]!.level]}${node.children.length === 1 ? '' : 's'}` : people(node.headcount)}; empty it first, or the deletion is refused.`
              : 'This cannot be undone.'}
          </AlertDialog.Description>
          {refusal && <p className="form-error" role="alert">{refusal}</p>}
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button button-secondary">Cancel</AlertDialog.Cancel>
            <button
              type="button"
              className="button structure-danger"
              disabled={change.isPending}
              onClick={async () => {
                try {
                  await change.mutateAsync({ op: 'delete', level: node.level, id: node.id });
                  showAlert(`${node.name} was deleted.`, 'success');
                  onClose();
                } catch (err) {
                  setRefusal(err instanceof Error ? err.message : 'Something went wrong. Try again.');
                }
              }}
            >
              {change.isPending ? 'Deleting…' : `Delete ${what}`}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
