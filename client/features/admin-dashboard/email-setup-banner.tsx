import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { emailDeliveryQueryOptions } from '../org-settings/install-api.js';
import { OUTBOX_ANCHOR } from '../org-settings/email-outbox-list.js';
import { formatNumber } from '../../../shared/format.js';

const messages = (n: number) => (n === 0 ? 'no messages are' : n === 1 ? '1 message is' : `${formatNumber(n)} messages are`);

/**
 * Without SMTP_URL nothing leaves the server: invitations and password links wait in the outbox
 * until an admin hands them out. Says so at the top of the admin dashboard, with the count.
 */
export function EmailSetupBanner() {
  const { data } = useQuery(emailDeliveryQueryOptions);
  if (!data || data.configured) return null;
  return (
    <div className="notice notice-warning email-setup-banner" role="status">
      <p>
        <strong>Email is not set up: {messages(data.waiting)} waiting in the outbox.</strong> Invitations and password links are not sent until SMTP_URL is set
        on the server; until then, copy them from{' '}
        <Link to="/admin/settings/configurations" hash={OUTBOX_ANCHOR}>
          the email outbox
        </Link>{' '}
        and hand them out.
      </p>
    </div>
  );
}
