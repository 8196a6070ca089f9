import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { billingNoticeQueryOptions } from './api.js';
import './billing.css';

/**
 * The app shell's billing banner (docs/decisions/0068): a failed payment for admins, with the day the
 * organization becomes read-only; read-only for everyone, since their changes are refused. Nothing
 * while billing is fine, which is always in BILLING=none.
 */
export function BillingNoticeBanner({ isAdmin }: { isAdmin: boolean }) {
  const { data: notice } = useQuery(billingNoticeQueryOptions);
  if (!notice) return null;
  const severe = notice.status !== 'PAST_DUE';
  return (
    <div className={`notice ${severe ? 'billing-notice-error' : 'notice-warning'} billing-banner`} role="status">
      <p>
        <strong>{notice.message}</strong>
        {isAdmin && (
          <>
            {' '}
            <Link to="/admin/settings/billing">Open billing</Link>
          </>
        )}
      </p>
    </div>
  );
}
