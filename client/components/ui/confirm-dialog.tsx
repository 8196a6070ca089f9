import { useState, type FormEvent, type ReactNode } from 'react';
import { AlertDialog } from './dialog.js';
import { FormError } from './field.js';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

type ConfirmProps = {
  title: ReactNode;
  /** What is at stake, read out with the title. A block (lists, several paragraphs) goes in `details` instead. */
  description?: ReactNode;
  /** A block that says what is at stake, read out with the title (rendered as given, not in a paragraph). */
  details?: ReactNode;
  /** More to read or acknowledge before confirming (who is at risk, who will see what). */
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button while the action runs: "Archiving…". */
  busyLabel?: string;
  cancelLabel?: string;
  /** Danger for what cannot be undone (deleting, closing an account). */
  tone?: 'primary' | 'danger';
  /** False keeps the confirm button disabled (until an acknowledgement is ticked). */
  canConfirm?: boolean;
  /** A running action the dialog did not start (a form's submit): confirm and cancel wait for it. */
  busy?: boolean;
  /** The dialog box's own class, next to `dialog` (a wider one). */
  className?: string;
  /** Closes the dialog: Cancel, Escape, and after the confirmed action succeeded. */
  onClose: () => void;
};

type Action =
  /** Runs when confirmed; a refusal (a thrown error) shows inside the dialog, which stays open. */
  | { onConfirm: () => unknown; form?: undefined }
  /** The dialog holds a form (a password, a typed name): confirm submits it, the form says when it is done. */
  | { onConfirm?: undefined; form: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; className?: string; error?: string | null | undefined } };

/**
 * The app's one way to ask before an action (docs/decisions/0075): archive, delete, end, close,
 * share, discard. Built on the app's AlertDialog (focus returns to the opener, docs/decisions/0060);
 * opened by rendering it, closed through onClose. The confirm button says what happens and shows
 * `busyLabel` while it runs; the server's refusal shows in the dialog.
 */
export function ConfirmDialog(props: ConfirmProps & Action) {
  const {
    title,
    description,
    details,
    children,
    confirmLabel,
    busyLabel = confirmLabel,
    cancelLabel = 'Cancel',
    tone = 'primary',
    canConfirm = true,
    busy: outside = false,
    className,
    onClose,
  } = props;
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = running || outside;
  async function confirm() {
    if (!props.onConfirm) return;
    setRunning(true);
    setError(null);
    try {
      await props.onConfirm();
      onClose();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setRunning(false);
    }
  }
  const actions = (
    <div className="dialog-actions">
      <AlertDialog.Cancel className="button button-secondary" type="button" disabled={busy}>
        {cancelLabel}
      </AlertDialog.Cancel>
      <button
        type={props.form ? 'submit' : 'button'}
        className={tone === 'danger' ? 'button button-danger' : 'button'}
        disabled={busy || !canConfirm}
        aria-busy={busy || undefined}
        onClick={props.form ? undefined : () => void confirm()}
      >
        {busy ? busyLabel : confirmLabel}
      </button>
    </div>
  );
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className={className ? `dialog ${className}` : 'dialog'}>
          <AlertDialog.Title>{title}</AlertDialog.Title>
          {description && <AlertDialog.Description>{description}</AlertDialog.Description>}
          {details && <AlertDialog.Description asChild>{details}</AlertDialog.Description>}
          {props.form ? (
            <form className={props.form.className ?? 'form'} onSubmit={props.form.onSubmit} noValidate>
              {children}
              <FormError message={props.form.error} />
              {actions}
            </form>
          ) : (
            <>
              {children}
              <FormError message={error} />
              {actions}
            </>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
