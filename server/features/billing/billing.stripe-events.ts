import type Stripe from 'stripe';
import type { BillingStatus } from '../../../shared/billing.js';
import type { Services } from '../../services.js';
import {
  claimStripeEvent,
  findBillingAccountByCustomer,
  saveBillingAccount,
  type BillingAccountPatch,
  type BillingAccountRow,
} from './billing.accounts.repo.js';
import { auditBillingChange } from './billing.audit.js';

/** The job that ends a subscription a change of plan replaced (billing.jobs.ts). */
export const CANCEL_REPLACED_KIND = 'billing.stripe.cancel-replaced';

const STATUS_OF: Record<Stripe.Subscription.Status, BillingStatus> = {
  trialing: 'TRIALING',
  active: 'ACTIVE',
  past_due: 'PAST_DUE',
  unpaid: 'PAST_DUE',
  incomplete: 'PAST_DUE',
  paused: 'PAST_DUE',
  canceled: 'CANCELLED',
  incomplete_expired: 'CANCELLED',
};
const LIVE: ReadonlySet<BillingStatus> = new Set(['TRIALING', 'ACTIVE']);
const STRIPE = { userId: null, label: 'Stripe', ip: null };

const iso = (unix: number | null | undefined) => (typeof unix === 'number' ? new Date(unix * 1000).toISOString() : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export type EventOutcome = 'applied' | 'ignored' | 'duplicate';

/**
 * A past-due status keeps its first day (the grace period counts from it) and a read-only one stays
 * read-only until paid; anything live clears both.
 */
function withPastDue(account: BillingAccountRow, status: BillingStatus, at: string): Pick<BillingAccountPatch, 'status' | 'past_due_since'> {
  if (status !== 'PAST_DUE') return { status, past_due_since: null };
  if (account.status === 'READ_ONLY') return { status: 'READ_ONLY', past_due_since: account.past_due_since ?? at };
  return { status, past_due_since: account.past_due_since ?? at };
}

function subscriptionPatch(services: Services, account: BillingAccountRow, sub: Stripe.Subscription, created: number): BillingAccountPatch {
  const item = sub.items.data[0];
  const priceId = item?.price.id ?? null;
  const plans = services.config.billing.plans;
  const plan = plans.find((p) => p.stripe_price && p.stripe_price === priceId) ?? plans.find((p) => p.id === sub.metadata?.plan_id) ?? null;
  return {
    plan_id: plan?.id ?? account.plan_id,
    ...withPastDue(account, STATUS_OF[sub.status] ?? 'PAST_DUE', iso(created)!),
    trial_ends_at: sub.status === 'trialing' ? iso(sub.trial_end) : null,
    current_period_end: iso(item?.current_period_end),
    cancel_at_period_end: sub.cancel_at_period_end || sub.cancel_at !== null,
    stripe_subscription_id: sub.id,
    stripe_item_id: item?.id ?? null,
    stripe_quantity: item?.quantity ?? null,
    stripe_event_created: created,
  };
}

/** The change a subscription event makes, or null when it is not about the organization's current subscription (or is older). */
function onSubscription(
  services: Services,
  account: BillingAccountRow,
  sub: Stripe.Subscription,
  created: number,
): { patch: BillingAccountPatch; replaced: string | null } | null {
  const current = account.stripe_subscription_id;
  const status = STATUS_OF[sub.status] ?? 'PAST_DUE';
  if (sub.id !== current) {
    // A new subscription takes over when it is live; events of an ended or replaced one change nothing.
    if (!LIVE.has(status)) return null;
    const replaced = current && sub.metadata?.replaces === current ? current : null;
    return { patch: subscriptionPatch(services, account, sub, created), replaced };
  }
  if (account.stripe_event_created !== null && created < account.stripe_event_created) return null;
  return { patch: subscriptionPatch(services, account, sub, created), replaced: null };
}

function onInvoice(account: BillingAccountRow, event: Stripe.Event & { data: { object: Stripe.Invoice } }): BillingAccountPatch | null {
  const invoice = event.data.object;
  const subscription = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscription || subscription !== account.stripe_subscription_id) return null;
  if (event.type === 'invoice.payment_failed') {
    if (!LIVE.has(account.status)) return null;
    return { status: 'PAST_DUE', past_due_since: account.past_due_since ?? iso(event.created) };
  }
  // Paid: a past-due or read-only organization is lifted at once.
  if (account.status !== 'PAST_DUE' && account.status !== 'READ_ONLY') return null;
  return { status: 'ACTIVE', past_due_since: null };
}

function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  return idOf(object.customer);
}

/**
 * Applies a verified event once: its id is recorded in the same transaction as its change, so a
 * repeat or a replay is `duplicate` and changes nothing. The organization is found by the event's
 * Stripe customer (created by Teamlens for it), never by what the event's metadata claims.
 */
export function applyStripeEvent(services: Services, event: Stripe.Event): EventOutcome {
  const { db, config, scheduler } = services;
  const customer = customerOf(event);
  const account = customer ? findBillingAccountByCustomer(db, customer) : null;
  return db.transaction(
    () => {
      if (!claimStripeEvent(db, { id: event.id, type: event.type, organizationId: account?.organization_id ?? null })) return 'duplicate';
      if (!account) return 'ignored';
      let patch: BillingAccountPatch | null;
      let replaced: string | null = null;
      switch (event.type) {
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
        case 'customer.subscription.paused':
        case 'customer.subscription.resumed': {
          const change = onSubscription(services, account, event.data.object, event.created);
          patch = change?.patch ?? null;
          replaced = change?.replaced ?? null;
          break;
        }
        case 'invoice.paid':
        case 'invoice.payment_succeeded':
        case 'invoice.payment_failed':
          patch = onInvoice(account, event as Stripe.Event & { data: { object: Stripe.Invoice } });
          break;
        default:
          return 'ignored';
      }
      if (!patch) return 'ignored';
      const after = saveBillingAccount(db, account.organization_id, patch);
      auditBillingChange(db, config, account.organization_id, account, after, STRIPE, `Stripe ${event.type}`);
      if (replaced)
        scheduler.enqueue({ kind: CANCEL_REPLACED_KIND, uniqueKey: replaced, organizationId: account.organization_id, payload: { subscriptionId: replaced } });
      return 'applied';
    },
    { behavior: 'immediate' },
  );
}
