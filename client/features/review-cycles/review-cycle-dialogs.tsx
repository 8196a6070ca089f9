import { AlertDialog, Dialog } from '../../components/ui/dialog.js';
import { useId, useState, type ReactNode } from 'react';
import { FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { REVIEW_CYCLE_LIMITS, declineReasonSchema } from '../../../shared/review-cycle.schemas.js';
import { useDeclineReviewRequest, type RequestListItem } from './review-cycles.api.js';
import { messageOf } from './review-cycles.search.js';

/** Asks before an action that cannot be undone; shows the server's refusal inside the dialog. */
export function ConfirmDialog({ title, description, confirmLabel, busyLabel, onConfirm, onClose, children, canConfirm = true }: {
  title: string; description: string; confirmLabel: string; busyLabel: string; onConfirm: () => Promise<void>; onClose: () => void;
  /** More to read or acknowledge before confirming (who is at risk, who will see what). */
  children?: ReactNode;
  /** False keeps the confirm button disabled (until an acknowledgement is ticked). */
  canConfirm?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{description}</AlertDialog.Description>
          {children}
          <FormError message={error} />
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button button-secondary">Cancel</AlertDialog.Cancel>
            <button type="button" className="button" disabled={busy || !canConfirm} aria-busy={busy || undefined} onClick={() => void confirm()}>{busy ? busyLabel : confirmLabel}</button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

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
              <textarea id={`${id}-reason`} name="reason" rows={3} maxLength={REVIEW_CYCLE_LIMITS.declineReasonMax} aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined} autoFocus />
              {error && <p id={`${id}-error`} className="field-error">{error}</p>}
            </div>
            <FormError message={form.formError} />
            <div className="dialog-actions">
              <Dialog.Close className="button button-ghost" type="button">Cancel</Dialog.Close>
              <SubmitButton sending={form.sending} sendingText="Declining…">Decline review</SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
