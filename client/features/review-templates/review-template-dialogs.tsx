import { AlertDialog, Dialog } from '../../components/ui/dialog.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { useZodForm } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { showAlert } from '../../lib/alerts.js';
import { REVIEW_TEMPLATE_LIMITS, copyReviewTemplateSchema } from '../../../shared/review-template.schemas.js';
import { useCopyReviewTemplate, useSetReviewTemplateArchived, type ReviewTemplate, type ReviewTemplateSummary } from './review-templates.api.js';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

/** Names the copy; on success the caller opens it in the editor. */
export function CopyTemplateDialog({ template, onClose, onCopied }: { template: ReviewTemplateSummary; onClose: () => void; onCopied: (copy: ReviewTemplate) => void }) {
  const copy = useCopyReviewTemplate();
  const form = useZodForm(copyReviewTemplateSchema, async ({ name }) => {
    try {
      const created = await copy.mutateAsync({ id: template.id, name });
      showAlert(`${created.name} was created from ${template.name}.`, 'success');
      onCopied(created);
    } catch (err) {
      if (err instanceof GraphqlError && err.fields.name) return { fieldErrors: { name: err.fields.name } };
      return { formError: messageOf(err) };
    }
  });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Copy {template.name}</Dialog.Title>
          <Dialog.Description className="muted">The copy has the same sections and questions, and you can edit it.</Dialog.Description>
          <form className="form" onSubmit={form.onSubmit} noValidate>
            <Field label="Name of the copy" name="name" defaultValue={`Copy of ${template.name}`.slice(0, REVIEW_TEMPLATE_LIMITS.nameMax)} maxLength={REVIEW_TEMPLATE_LIMITS.nameMax} error={form.fieldErrors.name} autoFocus />
            <FormError message={form.formError} />
            <div className="dialog-actions">
              <Dialog.Close className="button button-ghost" type="button">Cancel</Dialog.Close>
              <SubmitButton sending={form.sending} sendingText="Copying…">Copy and edit</SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Asks before archiving or restoring. */
export function ArchiveTemplateDialog({ template, onClose }: { template: ReviewTemplateSummary; onClose: () => void }) {
  const setArchived = useSetReviewTemplateArchived();
  const archiving = !template.archived_at;
  async function confirm() {
    try {
      await setArchived.mutateAsync({ id: template.id, archived: archiving });
      showAlert(archiving ? `${template.name} was archived.` : `${template.name} was restored.`, 'success');
      onClose();
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  }
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{archiving ? 'Archive' : 'Restore'} {template.name}?</AlertDialog.Title>
          <AlertDialog.Description>
            {archiving
              ? 'It will no longer be offered for new review cycles. Cycles that already use it keep their own copy of its questions. You can restore it later.'
              : 'It will be offered for new review cycles again.'}
          </AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button button-secondary">Cancel</AlertDialog.Cancel>
            <button type="button" className="button" disabled={setArchived.isPending} onClick={() => void confirm()}>
              {setArchived.isPending ? 'Saving…' : archiving ? 'Archive template' : 'Restore template'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Shown when someone leaves the editor with unsaved changes. */
export function DiscardChangesDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onStay()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Discard your changes?</AlertDialog.Title>
          <AlertDialog.Description>This template has changes that are not saved. If you leave now, they are lost.</AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button button-secondary">Keep editing</AlertDialog.Cancel>
            <AlertDialog.Action className="button" onClick={onLeave}>Discard changes</AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
