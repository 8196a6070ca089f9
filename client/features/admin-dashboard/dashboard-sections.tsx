import type { ReactNode } from 'react';
import { formatDateTime, formatDay } from '../../../shared/format.js';
import { invitationState } from '../../../shared/invitations.js';
import { SendToAllNotInvited } from '../admin-users/admin-users-invite-dialog.js';
import { useSendInvitations } from '../admin-users/admin-users.api.js';
import { showAlert } from '../../lib/alerts.js';
import type { AdminDashboard, DashboardPerson } from './api.js';
import { EngagementChart } from './engagement-chart.js';
import './admin-dashboard.css';
import { DAY_MS } from '../../../shared/dates.days.js';

/** Whole days (24 hours each) since `iso`: 0 for less than a day, for "waiting 12 days". */
export function daysSince(iso: string, now = Date.now()): number {
  return Math.max(0, Math.floor((now - new Date(iso).getTime()) / DAY_MS));
}

const waited = (days: number) => (days === 0 ? 'less than a day' : days === 1 ? '1 day' : `${days} days`);

export function HeadcountTiles({ headcount }: { headcount: AdminDashboard['headcount'] }) {
  const tiles = [
    { label: 'Active', value: headcount.active, note: 'can sign in' },
    { label: 'Invited', value: headcount.invited, note: 'have not set a password yet' },
    { label: 'Deactivated', value: headcount.deactivated, note: 'cannot sign in' },
  ];
  return (
    <section aria-labelledby="headcount-title">
      <h2 id="headcount-title" className="section-title">
        Headcount
      </h2>
      <ul className="card-grid dash-tiles">
        {tiles.map((t) => (
          <li key={t.label} className="tile">
            <p className="dash-tile-label">{t.label}</p>
            <p className="dash-tile-value" aria-label={`${t.label}: ${t.value}`}>
              {t.value}
            </p>
            <p className="muted dash-tile-note">{t.note}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PeopleList({
  people,
  detail,
  action,
}: {
  people: DashboardPerson[];
  detail: (p: DashboardPerson) => string;
  action?: (p: DashboardPerson) => ReactNode;
}) {
  return (
    <ul className="dash-people">
      {people.map((p) => (
        <li key={p.id}>
          <strong>{p.full_name}</strong>
          <span className="muted dash-email">{p.email}</span>
          <span className="dash-detail">{detail(p)}</span>
          {action?.(p)}
        </li>
      ))}
    </ul>
  );
}

const invitationDetail = (p: DashboardPerson) => {
  const state = invitationState({ status: 'INVITED', invited_at: p.invited_at });
  if (state === 'NOT_INVITED') return `added ${formatDay(p.created_at)}, not invited yet`;
  return state === 'EXPIRED' ? `invited ${formatDay(p.invited_at)}, link expired` : `invited ${formatDay(p.invited_at)}`;
};

/** Send or resend one person's invitation from the card (a resend replaces the earlier link). */
function SendOne({ person }: { person: DashboardPerson }) {
  const send = useSendInvitations();
  const label = person.invited_at ? 'Resend' : 'Send';
  return (
    <button
      type="button"
      className="button button-ghost button-small dash-send"
      disabled={send.isPending}
      aria-busy={send.isPending || undefined}
      aria-label={`${label} the invitation to ${person.full_name}`}
      onClick={() =>
        send.mutateAsync([person.id]).then(
          (n) => showAlert(n ? `Invitation sent to ${person.email}.` : `${person.full_name} has already joined.`, n ? 'success' : 'info'),
          (err: Error) => showAlert(`Sending the invitation failed: ${err.message}`, 'error'),
        )
      }
    >
      {send.isPending ? 'Sending…' : label}
    </button>
  );
}

export function PendingInvitations({ pending }: { pending: AdminDashboard['pending_invitations'] }) {
  const oldest = pending.oldest[0];
  return (
    <section className="tile" aria-labelledby="invitations-title">
      <h2 id="invitations-title" className="dash-card-title">
        Invitations pending
      </h2>
      {pending.count === 0 || !oldest ? (
        <p className="muted">Nobody is waiting: every invited person has set a password.</p>
      ) : (
        <>
          <p>
            <strong>{pending.count}</strong> {pending.count === 1 ? 'person has' : 'people have'} not joined yet; the longest has waited{' '}
            {waited(daysSince(oldest.created_at))}.
          </p>
          {pending.not_invited > 0 && (
            <div className="dash-invite">
              <p>{pending.not_invited === 1 ? '1 of them has' : `${pending.not_invited} of them have`} not been sent an invitation.</p>
              <SendToAllNotInvited count={pending.not_invited} />
            </div>
          )}
          <PeopleList people={pending.oldest} detail={invitationDetail} action={(p) => <SendOne person={p} />} />
        </>
      )}
    </section>
  );
}

export function RecentSignIns({ people }: { people: DashboardPerson[] }) {
  return (
    <section className="tile" aria-labelledby="sign-ins-title">
      <h2 id="sign-ins-title" className="dash-card-title">
        Recent sign-ins
      </h2>
      {people.length === 0 ? (
        <p className="muted">Nobody has signed in yet.</p>
      ) : (
        <PeopleList people={people} detail={(p) => (p.last_login ? formatDateTime(p.last_login) : '')} />
      )}
    </section>
  );
}

export function EngagementSection({ days, pages }: { days: AdminDashboard['engagement_by_day']; pages: AdminDashboard['top_pages'] }) {
  const total = days.reduce((sum, d) => sum + d.events, 0);
  return (
    <section className="tile" aria-labelledby="engagement-title">
      <h2 id="engagement-title" className="dash-card-title">
        Engagement, last 30 days
      </h2>
      <p className="muted">An event is counted when someone stays 1, 10 or 30 minutes on a page.</p>
      {total === 0 ? (
        <p>No engagement recorded in the last 30 days yet.</p>
      ) : (
        <>
          <EngagementChart days={days} />
          <h3>Top pages</h3>
          <div className="dash-table-wrap" role="region" aria-label="Top pages table" tabIndex={0}>
            <table className="dash-table">
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col">Events</th>
                  <th scope="col">People</th>
                </tr>
              </thead>
              <tbody>
                {pages.map((p) => (
                  <tr key={p.path}>
                    <td>
                      <code>{p.path}</code>
                    </td>
                    <td>{p.events}</td>
                    <td>{p.people}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
