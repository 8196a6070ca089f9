import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { showAlert } from '../../lib/alerts.js';
import { useStructureChange } from './api.js';
import { LEVEL_LABEL, people, type StructureNode } from './structure-nodes.js';

/** Asks before deleting a node; the server refuses while children or people remain, and the reason shows here. */
export function StructureDeleteDialog({ node, onClose }: { node: StructureNode; onClose: () => void }) {
  const change = useStructureChange();
  const what = LEVEL_LABEL[node.level];
  const blocked = node.children.length > 0 || node.headcount > 0;
  return (
    <ConfirmDialog
      title={`Delete the ${what} ${node.name}?`}
      tone="danger"
      confirmLabel={`Delete ${what}`}
      busyLabel="Deleting…"
      onClose={onClose}
      description={
        blocked
          ? `It still holds ${node.children.length ? `${node.children.length} ${LEVEL_LABEL[node.children[0]!.level]}${node.children.length === 1 ? '' : 's'}` : people(node.headcount)}; empty it first, or the deletion is refused.`
          : 'This cannot be undone.'
      }
      onConfirm={async () => {
        await change.mutateAsync({ op: 'delete', level: node.level, id: node.id });
        showAlert(`${node.name} was deleted.`, 'success');
      }}
    />
  );
}
