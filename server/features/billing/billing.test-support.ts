import type { FastifyInstance } from 'fastify';
import type { BillingPlan } from '../../../shared/billing.js';
import { recordOperatorOrganization } from '../install/install.repo.js';
import { createTestApp, signedIn } from '../../test/helpers.js';
import { seedWorldOrg } from '../../test/world.js';
import { fakeClock } from '../../jobs/jobs.test-support.js';
import type { FakeEvent, FakeStripe } from './billing.stripe-fake.test-support.js';
import { STRIPE_WEBHOOK_PATH } from './billing.webhook.js';

/**
 * The plans of the billing tests: a fixed-seat plan, a per-seat plan, a free default. The Team plan's
 * 20 seats leave room above the world's eight seats for a lower limit of the organization's own.
 */
export const TEST_PLANS: Array<Partial<BillingPlan> & { id: string; name: string }> = [
  { id: 'free', name: 'Free', seat_limit: 5, default: true, features: ['Reviews'] },
  {
    id: 'team',
    name: 'Team',
    seat_limit: 20,
    trial_days: 14,
    price_label: '€90 a month',
    stripe_price: 'price_team',
    features: ['Reviews', 'Retros', 'Goals'],
  },
  {
    id: 'business',
    name: 'Business',
    per_seat: true,
    price_label: '€8 per seat a month',
    stripe_price: 'price_business',
    features: ['Everything in Team', 'Insights'],
  },
];
export const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_teamlens', STRIPE_WEBHOOK_SECRET: 'whsec_teamlens_test' };
export const FAKE_PRICES = { price_team: 9000, price_business: 800 };

/**
 * A billing test's app (its scheduler stopped, on a fake clock) on the test world (server/test/world.ts):
 * Acme is the operator organization (recorded first, as a first start does), Globex the customer. Each
 * counts eight seats: every person of the world but the deactivated one.
 */
export async function billingWorld(env: Record<string, string>) {
  const app = await createTestApp({ BILLING_PLANS: JSON.stringify(TEST_PLANS), ...env });
  // From today: the daily schedule starts at its first period from the real now when the app is built.
  const clock = fakeClock(new Date().toISOString());
  await app.services.scheduler.stop();
  app.services.scheduler.useClock(clock.now);
  const operator = await seedWorldOrg(app, 'Acme');
  recordOperatorOrganization(app.services.db, operator.org.id);
  const customer = await seedWorldOrg(app, 'Globex');
  return {
    app,
    clock,
    operator,
    customer,
    operatorAdmin: await signedIn(app, operator.admin.email),
    customerAdmin: await signedIn(app, customer.admin.email),
  };
}

/** Seats by a direct SQL count, independent of the billing code: active or invited, not removed, not demo. */
export function sqlSeatCount(app: FastifyInstance, orgId: string): number {
  return (
    app.services.db.$client
      .prepare(
        `
    SELECT count(*) AS n FROM users
    WHERE organization_id = ? AND deleted_at IS NULL AND status IN ('ACTIVE', 'INVITED')
      AND id NOT IN (SELECT row_id FROM demo_records WHERE table_name = 'users')`,
      )
      .get(orgId) as { n: number }
  ).n;
}

/** Posts events to the app's webhook as Stripe does (raw body, Stripe-Signature); answers the statuses. */
export async function deliver(
  app: FastifyInstance,
  events: readonly FakeEvent[],
  signature?: (e: FakeEvent) => string,
): Promise<Array<{ status: number; body: Record<string, unknown> }>> {
  const out = [];
  for (const e of events) {
    const res = await app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature ? signature(e) : e.signature },
      payload: e.payload,
    });
    out.push({ status: res.statusCode, body: res.json() as Record<string, unknown> });
  }
  return out;
}

/** Delivers every event the fake has not handed out yet. */
export const deliverAll = (app: FastifyInstance, fake: FakeStripe) => deliver(app, fake.takeEvents());

export const BILLING_QUERY = /* GraphQL */ `query Billing { billing {
  mode exempt status seat_limit trial_ends_at current_period_end cancel_at_period_end past_due_since read_only_from can_manage_payment history_is_demo
  plan { id name per_seat seat_limit can_checkout } seats { seats active invited } not_counted { deactivated demo removed }
  history { month highest latest } plans { id can_checkout }
} }`;
