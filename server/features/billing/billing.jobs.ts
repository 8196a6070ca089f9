import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { findBillingAccount, listBillingAccounts, saveBillingAccount, type BillingAccountRow } from './billing.accounts.repo.js';
import { auditBillingChange } from './billing.audit.js';
import { countSeats, countSeatsByOrganization, listLiveOrganizations, recordSeatDay } from './billing.seats.repo.js';
import { planById } from './billing.state.js';
import { cancelReplaced, updateQuantity } from './billing.stripe.js';
import { CANCEL_REPLACED_KIND } from './billing.stripe-events.js';

import { addDays, dayOf } from '../../../shared/dates.js';

export const DAILY_KIND = 'billing.daily';
export const QUANTITY_KIND = 'billing.stripe.quantity';

const TEAMLENS = { userId: null, label: 'Teamlens', ip: null };

/** Whether Stripe bills this organization per seat now (a per-seat plan with a subscription item). */
function billedPerSeat(services: Pick<Services, 'config'>, account: BillingAccountRow | null): account is BillingAccountRow & { stripe_item_id: string } {
  return (
    !!account?.stripe_item_id &&
    services.config.billing.mode === 'stripe' &&
    !!planById(services.config, account.plan_id)?.per_seat &&
    (account.status === 'ACTIVE' || account.status === 'TRIALING' || account.status === 'PAST_DUE')
  );
}

/**
 * After an admin added seats (a person, an import, a reactivation): in stripe mode, a per-seat
 * subscription that bills fewer seats than are used now is updated at once (one job, one call). Fewer
 * seats wait for the daily pass, so Stripe is asked at most once a day for those.
 */
export function seatsAdded(services: Services, orgId: string): void {
  const account = services.config.billing.mode === 'stripe' ? findBillingAccount(services.db, orgId) : null;
  if (!billedPerSeat(services, account)) return;
  const seats = countSeats(services.db, orgId).seats;
  if (seats <= (account.stripe_quantity ?? 0)) return;
  services.scheduler.enqueue({
    kind: QUANTITY_KIND,
    uniqueKey: `${orgId}@added@${seats}@${new Date(services.scheduler.now()).toISOString()}`,
    organizationId: orgId,
    payload: { organizationId: orgId },
  });
}

/**
 * The daily pass (one job per day by the schedule's period, transactional: its rows, changes and
 * audit events are written once): a seat-history row for every organization; past-due organizations
 * whose grace period ended become read-only; in plans mode ended trials become active; in stripe mode
 * per-seat subscriptions whose quantity differs from the seats get one quantity update.
 */
function dailyPass(services: Services, at: Date, enqueue: Services['scheduler']['enqueue']): void {
  const { db, config } = services;
  const day = dayOf(at);
  const seats = countSeatsByOrganization(db);
  for (const org of listLiveOrganizations(db)) recordSeatDay(db, org.id, day, seats.get(org.id) ?? { seats: 0, active: 0, invited: 0 });
  if (config.billing.mode === 'none') return;
  const now = at.toISOString();
  for (const account of listBillingAccounts(db)) {
    const graceEnds = account.past_due_since ? addDays(account.past_due_since, config.billing.graceDays).toISOString() : null;
    if (account.status === 'PAST_DUE' && graceEnds && graceEnds <= now) {
      const after = saveBillingAccount(db, account.organization_id, { status: 'READ_ONLY' });
      auditBillingChange(db, config, account.organization_id, account, after, TEAMLENS, `unpaid ${config.billing.graceDays} days after the payment failed`);
    } else if (config.billing.mode === 'plans' && account.status === 'TRIALING' && account.trial_ends_at && account.trial_ends_at <= now) {
      const after = saveBillingAccount(db, account.organization_id, { status: 'ACTIVE', trial_ends_at: null });
      auditBillingChange(db, config, account.organization_id, account, after, TEAMLENS, 'the trial ended');
    }
    const used = seats.get(account.organization_id)?.seats ?? 0;
    if (billedPerSeat(services, account) && Math.max(1, used) !== account.stripe_quantity) {
      enqueue({
        kind: QUANTITY_KIND,
        uniqueKey: `${account.organization_id}@${day}`,
        organizationId: account.organization_id,
        payload: { organizationId: account.organization_id },
      });
    }
  }
}

export function registerBillingJobs(app: FastifyInstance): void {
  const { scheduler } = app.services;
  scheduler.register(DAILY_KIND, (_payload, ctx) => dailyPass(app.services, ctx.now, ctx.enqueue), { transactional: true });
  scheduler.schedule({
    key: DAILY_KIND,
    kind: DAILY_KIND,
    every: { unit: 'days', count: 1 },
    startAt: '2026-01-01T00:15:00.000Z',
    catchUp: 'latest',
    payload: {},
  });
  if (app.services.config.billing.mode !== 'stripe') return;
  // Idempotent: it sends the seats of the moment only when Stripe bills another number.
  scheduler.register(
    QUANTITY_KIND,
    async (payload: { organizationId: string }) => {
      const account = findBillingAccount(app.services.db, payload.organizationId);
      if (!billedPerSeat(app.services, account)) return;
      const seats = Math.max(1, countSeats(app.services.db, payload.organizationId).seats);
      if (seats === account.stripe_quantity) return;
      await updateQuantity(app.services, account.stripe_item_id, seats);
      saveBillingAccount(app.services.db, payload.organizationId, { stripe_quantity: seats });
    },
    { maxAttempts: 8 },
  );
  scheduler.register(CANCEL_REPLACED_KIND, (payload: { subscriptionId: string }) => cancelReplaced(app.services, payload.subscriptionId), { maxAttempts: 8 });
}
