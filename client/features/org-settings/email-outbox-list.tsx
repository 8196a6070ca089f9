import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { INVITATION_LINK_DAYS } from '../../../shared/invitations.js';
import { showAlert } from '../../lib/alerts.js';
import { emailOutboxQueryOptions, OUTBOX_LIMIT, type OutboxMail } from './api.js';
import './org-settings.css';
import { formatDateTime } from '../../../shared/format.js';

/** The outbox's anchor on /admin/settings/configurations (the admin dashboard links to it). */
export const OUTBOX_ANCHOR = 'email-outbox';

function stateOf(mail: OutboxMail): { label: string; tone: 'sent' | 'failed' | 'kept' } {
  if (mail.sent_at) return { label: `Sent ${formatDateTime(mail.sent_at)}`, tone: 'sent' };
  if (mail.error) return { label: `Not sent: ${mail.error}`, tone: 'failed' };
  return { label: 'Kept in the outbox (not sent by email)', tone: 'kept' };
}

function linkAbsence(mail: OutboxMail): string {
  if (mail.link_withheld) return mail.link_withheld;
  return mail.sent_at ? 'Sent by email: any link in it is not shown here.' : 'This mail has no link.';
}

/** A read-only copy of the link with a button that puts it on the clipboard. */
function CopyableLink({ link, mailId, to }: { link: string; mailId: string; to: string }) {
  const input = useRef<HTMLInputElement>(null);
  const id = `outbox-link-${mailId}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      showAlert('The link was copied.', 'success');
    } catch {
      // No clipboard permission (or an insecure origin): select it so that Ctrl+C / Cmd+C copies it.
      input.current?.focus();
      input.current?.select();
      showAlert('Copying is not allowed here: the link is selected, press Ctrl+C (or Cmd+C) to copy it.', 'warning');
    }
  }
  return (
    <div className="outbox-link">
      <label htmlFor={id} className="sr-only">{`Link in the mail to ${to}`}</label>
      <input id={id} ref={input} type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="button button-secondary button-small" onClick={() => void copy()}>
        Copy the link
      </button>
    </div>
  );
}

/**
 * Mail the server sent or kept for this organization (emailOutbox). Without SMTP nothing leaves the
 * server, so an admin hands out invitation and verification links from here.
 */
export function EmailOutboxList() {
  const headingId = useId();
  const outbox = useSuspenseQuery(emailOutboxQueryOptions);
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      const result = await outbox.refetch();
      if (result.isError) showAlert(`The outbox could not be refreshed: ${result.error.message}`, 'error');
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <section id={OUTBOX_ANCHOR} className="settings-section" aria-labelledby={headingId}>
      <div className="row-between">
        <h2 id={headingId}>Email outbox</h2>
        <button type="button" className="button button-secondary button-small" disabled={refreshing} onClick={() => void refresh()}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className="muted">
        Every invitation, password and verification mail of your organization (and, for the organization that runs this server, sign-up links), newest first
        (the latest {OUTBOX_LIMIT}). When no mail server is configured, mail stays here: copy the link and hand it to the person. Links work once and expire
        (invitations after {INVITATION_LINK_DAYS} days, password links after an hour).
      </p>
      {outbox.data.length === 0 ? (
        <p className="domain-list-empty">No mail yet. Invitations appear here when you add people.</p>
      ) : (
        <ul className="outbox-list" aria-label="Mail in the outbox">
          {outbox.data.map((mail) => {
            const state = stateOf(mail);
            return (
              <li key={mail.id} className="outbox-item">
                <div className="outbox-head">
                  <strong className="outbox-subject">{mail.subject}</strong>
                  <span className={`outbox-state outbox-state-${state.tone}`}>{state.label}</span>
                </div>
                <p className="outbox-meta">
                  To <span className="outbox-to">{mail.to}</span> · <time dateTime={mail.created_at}>{formatDateTime(mail.created_at)}</time>
                </p>
                {mail.link ? <CopyableLink link={mail.link} mailId={mail.id} to={mail.to} /> : <p className="muted">{linkAbsence(mail)}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
