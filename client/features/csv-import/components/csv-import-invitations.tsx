import { Link } from '@tanstack/react-router';
import { FormError } from '../../../components/ui/field.js';
import { useSendInvitations } from '../csv-import.api.js';
import { formatNumber } from '../../../../shared/format.js';

const people = (n: number) => `${formatNumber(n)} ${n === 1 ? 'person' : 'people'}`;

/** Sends the invitation mail to the people an import created, then says how many went out and where the mail went. */
export function CsvImportInvitations({ ids }: { ids: readonly string[] }) {
  const send = useSendInvitations();
  if (send.isSuccess) {
    const { sent, delivery } = send.data;
    const skipped = ids.length - sent;
    return (
      <div className="notice" role="status">
        <p>
          {sent === 0 ? 'No invitation was sent' : `Invitations sent to ${people(sent)}`}
          {skipped > 0 ? ` (${people(skipped)} had already joined or were removed)` : ''}.
        </p>
        {sent > 0 &&
          (delivery === 'SMTP' ? (
            <p>Each went by email to the person’s work address, with a link to set a password that stays valid for a limited time.</p>
          ) : (
            <p>
              No mail server is set up, so the invitations wait in the <Link to="/admin/settings/configurations">email outbox</Link> (Settings, Configurations):
              copy each person’s link from there and hand it to them.
            </p>
          ))}
      </div>
    );
  }
  return (
    <div className="csv-invite">
      <button type="button" className="button" disabled={send.isPending} aria-busy={send.isPending || undefined} onClick={() => send.mutate(ids)}>
        {send.isPending ? 'Sending…' : `Send invitations to ${people(ids.length)}`}
      </button>
      <FormError message={send.error?.message} />
    </div>
  );
}
