import { Dialog } from '../../components/ui/dialog.js';
import { useId } from 'react';
import { FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { REVIEW_CYCLE_LIMITS, declineReasonSchema } from '../../../shared/review-cycle.schemas.js';
import { useDeclineReviewRequest, type RequestListItem } from './review-cycles.api.js';
import { messageOf } from './review-cycles.search.js';

/** The app's one confirm dialog (components/ui/confirm-dialog.tsx), also named here for the review automation pages, which import it from this file. */
export { ConfirmDialog } from '../../components/ui/confirm-dialog.js';

/** Declining needs a reason: the reviewee and their manager are told it. */
export function DeclineDialog({ request, onClose }: { request: RequestListItem; onClose: () => void }) {
  const id = useId();
  const decline = useDeclineReviewRequest();
  const name = request.reviewee?.full_name ?? 'this person';
  const form = useZodForm(declineReasonSchema, async ({ reason }) => {
    try {
      await decline.mutateAsync({ id: request.id, reason });
      showAlert(`You declined the review of ${name}.`, 'success');
      onClose();
    } catch (err) {
      if (err instanceof GraphqlError && err.fields.reason) return { fieldErrors: { reason: err.fields.reason } };
      return { formError: messageOf(err) };
    }
  });
  const error = form.fieldErrors.reason;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog rc-dialog">
          <Dialog.Title>Decline the review of {name}?</Dialog.Title>
          <Dialog.Description className="muted">{name} and their manager see your reason, so they can ask someone else.</Dialog.Description>
          <form className="form" onSubmit={form.onSubmit} noValidate>
            <div className="field">
              <label htmlFor={`${id}-reason`}>Reason</label>
              <textarea
                id={`${id}-reason`}
                name="reason"
                rows={3}
                maxLength={REVIEW_CYCLE_LIMITS.declineReasonMax}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                autoFocus
              />
              {error && (
                <p id={`${id}-error`} className="field-error">
                  {error}
                </p>
              )}
            </div>
            <FormError message={form.formError} />
            <div className="dialog-actions">
              <Dialog.Close className="button button-ghost" type="button">
                Cancel
              </Dialog.Close>
              <SubmitButton sending={form.sending} sendingText="Declining…">
                Decline review
              </SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
