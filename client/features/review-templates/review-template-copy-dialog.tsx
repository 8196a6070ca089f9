import { Dialog } from '../../components/ui/dialog.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { useZodForm } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { showAlert } from '../../lib/alerts.js';
import { REVIEW_TEMPLATE_LIMITS, copyReviewTemplateSchema } from '../../../shared/review-template.schemas.js';
import { useCopyReviewTemplate, type ReviewTemplate, type ReviewTemplateSummary } from './review-templates.api.js';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

/** Names the copy; on success the caller opens it in the editor. */
export function CopyTemplateDialog({
  template,
  onClose,
  onCopied,
}: {
  template: ReviewTemplateSummary;
  onClose: () => void;
  onCopied: (copy: ReviewTemplate) => void;
}) {
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
            <Field
              label="Name of the copy"
              name="name"
              defaultValue={`Copy of ${template.name}`.slice(0, REVIEW_TEMPLATE_LIMITS.nameMax)}
              maxLength={REVIEW_TEMPLATE_LIMITS.nameMax}
              error={form.fieldErrors.name}
              autoFocus
            />
            <FormError message={form.formError} />
            <div className="dialog-actions">
              <Dialog.Close className="button button-ghost" type="button">
                Cancel
              </Dialog.Close>
              <SubmitButton sending={form.sending} sendingText="Copying…">
                Copy and edit
              </SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
