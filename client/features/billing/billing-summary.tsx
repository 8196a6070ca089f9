import { useId } from 'react';
import { BILLING_STATUS_LABEL, seatWord } from '../../../shared/billing.js';
import { formatDay, formatNumber } from '../../../shared/format.js';
import type { Billing } from './api.js';

const people = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** What the page says first, by mode: who decides about plans, and where payments go. */
export function billingIntro(billing: Billing): string {
  if (billing.mode === 'NONE')
    return 'This Teamlens server is self-hosted: there are no plans, no limits and nothing to pay. Seats are counted so you can see how many people use it.';
  if (billing.exempt)
    return 'Your organization runs this Teamlens server: it is never billed or limited. Its seats are counted like every organization’s; the organizations on this server are listed below.';
  if (billing.mode === 'PLANS') return 'The people who run this Teamlens server choose your plan. Ask them to change it or to give you more seats.';
  return 'You choose and pay for your plan here. Payments go through Stripe: Teamlens never sees or keeps card numbers.';
}

/** The plan's terms in a few words: its limit or per seat, its price. */
export function planTerms(plan: Pick<Billing['plans'][number], 'seat_limit' | 'per_seat' | 'price_label'>): string {
  const seats = plan.per_seat
    ? plan.seat_limit === null
      ? 'Per seat, no limit'
      : `Per seat, up to ${seatWord(plan.seat_limit)}`
    : `Up to ${seatWord(plan.seat_limit ?? 0)}`;
  return plan.price_label ? `${seats} · ${plan.price_label}` : seats;
}

/** Seats used of seats allowed, with a bar when there is a limit; status, dates, and who does not count. */
export function BillingSummary({ billing }: { billing: Billing }) {
  const headingId = useId();
  const { seats, seat_limit: limit } = billing;
  const percent = limit ? Math.min(100, Math.round((seats.seats / limit) * 100)) : null;
  const notCounted = [
    billing.not_counted.deactivated ? people(billing.not_counted.deactivated, 'deactivated person', 'deactivated people') : null,
    billing.not_counted.demo ? people(billing.not_counted.demo, 'demo person', 'demo people') : null,
    billing.not_counted.removed ? people(billing.not_counted.removed, 'removed person', 'removed people') : null,
  ].filter(Boolean);
  const usedText = limit === null ? `${seatWord(seats.seats)} used, no limit` : `${formatNumber(seats.seats)} of ${seatWord(limit)} used`;
  return (
    <section className="settings-section billing-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>Plan and seats</h2>
      <dl className="details billing-details">
        {billing.mode !== 'NONE' && !billing.exempt && (
          <>
            <dt>Plan</dt>
            <dd>{billing.plan ? `${billing.plan.name} (${planTerms(billing.plan)})` : 'No plan: no seat limit'}</dd>
            <dt>Status</dt>
            <dd>
              <span className={`billing-status billing-status-${billing.status.toLowerCase()}`}>{BILLING_STATUS_LABEL[billing.status]}</span>
            </dd>
          </>
        )}
        <dt>Seats</dt>
        <dd>
          <span className="billing-seats-used">{usedText}</span>
          <span className="muted">
            {' '}
            · {people(seats.active, 'active person', 'active people')} and {people(seats.invited, 'pending invitation', 'pending invitations')}
          </span>
        </dd>
        {billing.trial_ends_at && billing.status === 'TRIALING' && (
          <>
            <dt>Trial ends</dt>
            <dd>{formatDay(billing.trial_ends_at)}</dd>
          </>
        )}
        {billing.current_period_end && (
          <>
            <dt>{billing.cancel_at_period_end ? 'Ends on' : 'Renews on'}</dt>
            <dd>
              {formatDay(billing.current_period_end)}
              {billing.cancel_at_period_end ? ' (cancelled at the end of the period; nothing is deleted)' : ''}
            </dd>
          </>
        )}
        <dt>Not counted</dt>
        <dd>{notCounted.length ? notCounted.join(', ') : 'Nobody: everyone here is active or invited'}</dd>
      </dl>
      {percent !== null && (
        <div className="billing-meter">
          <span
            className="billing-track"
            role="progressbar"
            aria-label="Seats used"
            aria-valuemin={0}
            aria-valuemax={limit!}
            aria-valuenow={Math.min(seats.seats, limit!)}
            aria-valuetext={usedText}
          >
            <span className="billing-fill" data-full={seats.seats >= limit! || undefined} style={{ width: `${percent}%` }} />
          </span>
          {seats.seats >= limit! && (
            <p className="billing-full">
              All seats are used: adding or inviting more people is refused until there are more seats. Deactivating people who left frees theirs.
            </p>
          )}
        </div>
      )}
      <p className="muted billing-rule">
        Seats are the people who are active plus those with a pending invitation. Deactivated, demo and removed people never count.
      </p>
      {billing.status === 'PAST_DUE' && (
        <p className="notice notice-warning" role="status">
          A payment failed{billing.past_due_since ? ` on ${formatDay(billing.past_due_since)}` : ''}. Unless it is paid by {formatDay(billing.read_only_from)},
          the organization becomes read-only for new content; nothing is deleted.
        </p>
      )}
      {(billing.status === 'READ_ONLY' || billing.status === 'CANCELLED') && (
        <p className="notice billing-notice-error" role="status">
          {billing.status === 'READ_ONLY'
            ? 'A payment is overdue, so the organization is read-only for new content until it is paid.'
            : 'The plan has ended, so the organization is read-only for new content until a plan is chosen.'}{' '}
          Reading, exports and sign-in keep working; nothing was deleted.
        </p>
      )}
    </section>
  );
}
