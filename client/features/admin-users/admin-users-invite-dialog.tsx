import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useState, type ReactNode } from 'react';
import { INVITATION_LINK_DAYS } from '../../../shared/invitations.js';
import { showAlert } from '../../lib/alerts.js';
import { useSendInvitations, useSendInvitationsToAllNotInvited, type AdminUser } from './admin-users.api.js';
import { countLabel } from './admin-users.labels.js';

const WHAT_HAPPENS = `Each gets an email with a link to choose a password. The link works once, for ${INVITATION_LINK_DAYS} days.`;

type ConfirmProps = {
  /** The button that opens the question. */
  trigger: { label: string; className: string };
  title: string;
  children: ReactNode;
  confirmLabel: string;
  send: () => Promise<void>;
};

/** A confirmation before mail goes out: what will be sent to whom, then Send or Cancel. */
function ConfirmSend({ trigger, title, children, confirmLabel, send }: ConfirmProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={trigger.className} onClick={() => setOpen(true)}>
        {trigger.label}
      </button>
      {open && (
        <ConfirmDialog
          title={title}
          details={<div>{children}</div>}
          confirmLabel={confirmLabel}
          busyLabel="Sending…"
          onConfirm={send}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

const sentAlert = (n: number) =>
  showAlert(
    n === 0 ? 'Nobody needed an invitation: they have all joined.' : `Invitations sent to ${countLabel(n, 'person', 'people')}.`,
    n === 0 ? 'info' : 'success',
  );
const failedAlert = (err: unknown) =>
  showAlert(`Sending the invitations failed: ${err instanceof Error ? err.message : 'the server could not be reached.'}`, 'error');

/**
 * Awaits the send (not mutate callbacks: the button may unmount once the refreshed list has
 * nobody left to invite, and React Query drops a mutate() callback of an unmounted component).
 * Either way the question closes and an alert says what happened.
 */
async function settle(sending: Promise<number>, after?: () => void) {
  try {
    const n = await sending;
    sentAlert(n);
    after?.();
  } catch (err) {
    failedAlert(err);
  }
}

/** The bulk bar's "Send invitations": to the selected people who have not joined; a resend replaces their earlier link. */
export function SendSelectedInvitations({ people, onSent }: { people: readonly AdminUser[]; onSent: () => void }) {
  const send = useSendInvitations();
  const invitable = people.filter((u) => u.status === 'INVITED' && !u.deleted_at);
  if (invitable.length === 0) return null;
  const again = invitable.filter((u) => u.invited_at).length;
  const skipped = people.length - invitable.length;
  const who = countLabel(invitable.length, 'person', 'people');
  return (
    <ConfirmSend
      trigger={{ label: 'Send invitations', className: 'button button-secondary button-small' }}
      title={`Send invitations to ${who}?`}
      confirmLabel={`Send ${countLabel(invitable.length, 'invitation')}`}
      send={() => settle(send.mutateAsync(invitable.map((u) => u.id)), onSent)}
    >
      <p>{WHAT_HAPPENS}</p>
      {again > 0 && <p>{countLabel(again, 'person was', 'people were')} invited before: their earlier link stops working.</p>}
      {skipped > 0 && (
        <p>
          {countLabel(skipped, 'selected person has', 'selected people have')} already joined or been deactivated and {skipped === 1 ? 'gets' : 'get'} nothing.
        </p>
      )}
    </ConfirmSend>
  );
}

/** "Send invitations to N people not invited yet": everyone created (imported or added) who never got one. */
export function SendToAllNotInvited({ count, className = 'button button-small' }: { count: number; className?: string }) {
  const send = useSendInvitationsToAllNotInvited();
  const who = countLabel(count, 'person', 'people');
  return (
    <ConfirmSend
      trigger={{ label: `Send invitations to ${who}`, className }}
      title={`Send invitations to ${who} not invited yet?`}
      confirmLabel={`Send ${countLabel(count, 'invitation')}`}
      send={() => settle(send.mutateAsync())}
    >
      <p>{WHAT_HAPPENS}</p>
      <p>People who were invited before are not mailed again; resend to them from their row or the table selection.</p>
    </ConfirmSend>
  );
}
