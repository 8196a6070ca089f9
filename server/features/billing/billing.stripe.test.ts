/**
 * BILLING=stripe against a local fake of Stripe's API (billing.stripe-fake.test-support.ts), reached
 * by the official library through STRIPE_API_URL: Checkout to active, signed webhooks applied once,
 * seat quantity in step, past due to read-only to paid again, a change of plan (docs/decisions/0068).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeOf, signedIn, type GqlResult } from '../../test/helpers.js';
import { FakeStripe } from './billing.stripe-fake.test-support.js';
import { BILLING_QUERY, billingWorld, deliver, deliverAll, FAKE_PRICES, sqlSeatCount, STRIPE_KEYS } from './billing.test-support.js';
import { DAY_MS } from '../../../shared/dates.days.js';

let w: Awaited<ReturnType<typeof billingWorld>>;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await new FakeStripe({ secretKey: STRIPE_KEYS.STRIPE_SECRET_KEY, webhookSecret: STRIPE_KEYS.STRIPE_WEBHOOK_SECRET, prices: FAKE_PRICES }).start();
  w = await billingWorld({ BILLING: 'stripe', ...STRIPE_KEYS, STRIPE_API_URL: fake.url });
}, 60_000);
afterAll(async () => {
  await w?.app.close();
  await fake?.stop();
});

type Billing = {
  status: string;
  plan: { id: string } | null;
  seat_limit: number | null;
  seats: { seats: number };
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  past_due_since: string | null;
  read_only_from: string | null;
  can_manage_payment: boolean;
};
const billing = async (): Promise<Billing> => {
  const res = await w.customerAdmin.gql(BILLING_QUERY);
  expect(res.errors).toBeUndefined();
  return res.data!.billing as Billing;
};
const checkout = (planId: string) => w.customerAdmin.gql('mutation Checkout($p: ID!) { startBillingCheckout(plan_id: $p) }', { p: planId });
const sessionOf = (url: string) => url.split('/').at(-1)!;
const auditRows = (orgId: string, action: string) =>
  w.app.services.db.$client
    .prepare('SELECT actor_label, details FROM audit_events WHERE organization_id = ? AND action = ? ORDER BY at, rowid')
    .all(orgId, action) as Array<{ actor_label: string; details: string }>;
const runJobs = () => w.app.services.scheduler.runDueJobs();
const nextDay = async () => {
  w.clock.advance(DAY_MS);
  await w.app.services.scheduler.tick();
};

let subscriptionId: string;

it('checkout to active: a customer, a Checkout session for the seats, and the signed events make the plan active', async () => {
  expect((await billing()).status).toBe('NONE');
  const started = await checkout('business');
  expect(started.errors).toBeUndefined();
  const url = started.data!.startBillingCheckout as string;
  expect(url).toMatch(new RegExp(`^${fake.url}/checkout/cs_`));
  const [customer] = fake.apiCalls(/^POST \/v1\/customers$/);
  expect(customer!.body).toMatchObject({ name: 'Globex', email: w.customer.admin.email, metadata: { organization_id: w.customer.org.id } });
  const session = fake.sessions.get(sessionOf(url))!;
  // Per seat: the organization's eight people (the deactivated one does not count).
  expect(session.line_items).toEqual({ 0: { price: 'price_business', quantity: '8' } });
  expect(session.subscription_data.metadata).toEqual({ organization_id: w.customer.org.id, plan_id: 'business' });
  expect(session.success_url).toBe('http://localhost:3000/admin/settings/billing?checkout=done');

  const sub = fake.completeCheckout(session.id);
  subscriptionId = sub.id;
  const answers = await deliverAll(w.app, fake);
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  const after = await billing();
  expect(after).toMatchObject({
    status: 'ACTIVE',
    plan: { id: 'business' },
    seat_limit: null,
    seats: { seats: 8 },
    can_manage_payment: true,
    cancel_at_period_end: false,
  });
  expect(after.current_period_end).toBe(new Date(sub.items.data[0].current_period_end * 1000).toISOString());

  // The audit log of the organization and of the operator record who changed what.
  for (const org of [w.customer.org.id, w.operator.org.id]) {
    expect(auditRows(org, 'BILLING_PLAN_CHANGED').map((r) => JSON.parse(r.details))).toEqual([
      { organization: 'Globex', from: null, to: 'Business', reason: 'Stripe customer.subscription.created' },
    ]);
    expect(auditRows(org, 'BILLING_STATUS_CHANGED').map((r) => [r.actor_label, JSON.parse(r.details).to])).toEqual([['Stripe', 'ACTIVE']]);
  }
  const invoices = await w.customerAdmin.gql('query Invoices { billingInvoices { available error invoices { number amount currency status hosted_url } } }');
  expect(invoices.data!.billingInvoices).toMatchObject({
    available: true,
    error: null,
    invoices: [{ number: 'FAKE-0001', amount: 6400, currency: 'eur', status: 'paid' }],
  });
  const portal = await w.customerAdmin.gql('mutation Portal { openBillingPortal }');
  expect(portal.data!.openBillingPortal).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
});

it('a tampered, wrongly signed, stale or replayed webhook changes nothing', async () => {
  fake.failPayment(subscriptionId);
  const [failed, updated] = fake.takeEvents();
  const before = await billing();
  const tampered = failed!.payload.replace('"open"', '"paid"');
  const refused = await deliver(w.app, [{ ...failed!, payload: tampered }]);
  const wrongSecret = await deliver(w.app, [failed!], (e) => e.signature.replace(/v1=\w+/, 'v1=' + '0'.repeat(64)));
  const stale = await deliver(w.app, [failed!], (e) => fake.sign(e.payload, Math.floor(Date.now() / 1000) - 3600));
  const unsigned = await w.app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    headers: { 'content-type': 'application/json' },
    payload: failed!.payload,
  });
  expect([...refused, ...wrongSecret, ...stale].map((r) => r.status)).toEqual([400, 400, 400]);
  expect(unsigned.statusCode).toBe(400);
  expect(await billing()).toEqual(before);

  expect((await deliver(w.app, [failed!, updated!])).map((r) => r.body)).toEqual([
    { received: true, applied: true },
    { received: true, applied: true },
  ]);
  expect((await billing()).status).toBe('PAST_DUE');
  fake.payAgain(subscriptionId);
  await deliverAll(w.app, fake);
  const paid = await billing();
  expect(paid).toMatchObject({ status: 'ACTIVE', past_due_since: null });
  // The failure again, freshly signed (as a captured delivery would be resent): applied once already, so nothing.
  const replayed = await deliver(w.app, [failed!], (e) => fake.sign(e.payload));
  expect(replayed.map((r) => r.body)).toEqual([{ received: true, duplicate: true, applied: false }]);
  expect(await billing()).toEqual(paid);
});

it('a seat change sends one quantity update: at once when an admin adds a person, at most once a day for fewer seats', async () => {
  const quantityCalls = () => fake.apiCalls(/^POST \/v1\/subscription_items\//);
  expect(quantityCalls()).toHaveLength(0);
  const added = await w.customerAdmin.gql('mutation Add($i: AddUserInput!) { addUser(input: $i, sendInvitation: true) { id } }', {
    i: { email: 'new.hire@globex.example', full_name: 'New Hire' },
  });
  expect(added.errors).toBeUndefined();
  await runJobs();
  expect(quantityCalls().map((c) => c.body)).toEqual([{ quantity: '9', proration_behavior: 'create_prorations' }]);
  await deliverAll(w.app, fake);
  await nextDay();
  expect(quantityCalls()).toHaveLength(1);

  const off = await w.customerAdmin.gql('mutation Off($id: ID!) { updateOneUser(id: $id, input: { status: DEACTIVATED }) { id } }', {
    id: w.customer.member.id,
  });
  expect(off.errors).toBeUndefined();
  await runJobs();
  expect(quantityCalls()).toHaveLength(1); // fewer seats wait for the daily pass
  await nextDay();
  await nextDay();
  expect(quantityCalls().map((c) => c.body.quantity)).toEqual(['9', '8']);
  expect(sqlSeatCount(w.app, w.customer.org.id)).toBe(8);
});

it('past due to read-only after the grace period, then paid again lifts it at once; reading, exports and sign-in keep working', async () => {
  const people = sqlSeatCount(w.app, w.customer.org.id);
  fake.failPayment(subscriptionId);
  await deliverAll(w.app, fake);
  const member = await signedIn(w.app, w.customer.manager.email);
  const notice = 'query Notice { billingNotice { status message read_only_from } }';
  expect((await w.customerAdmin.gql(notice)).data!.billingNotice).toMatchObject({
    status: 'PAST_DUE',
    message: expect.stringMatching(
      /^A payment failed on [A-Z][a-z]{2} \d{1,2}, \d{4}\. Update the card under Settings, Billing before .*read-only for new content then\. Nothing will be deleted\.$/,
    ),
  });
  expect((await member.gql(notice)).data!.billingNotice).toBeNull(); // the banner is for admins
  const team = (name: string) => w.customerAdmin.gql('mutation T($i: CreateTeamInput!) { createTeam(input: $i) { id } }', { i: { name } });
  expect((await team('During the grace period')).errors).toBeUndefined();

  w.clock.advance(15 * DAY_MS);
  await w.app.services.scheduler.tick();
  expect((await billing()).status).toBe('READ_ONLY');
  const refused: GqlResult = await team('While read-only');
  expect(codeOf(refused)).toBe('BILLING_READ_ONLY');
  expect(refused.errors![0]!.message).toMatch(/^This organization is read-only because a payment is overdue/);
  expect(codeOf(await member.gql('mutation N($i: NoteInput!) { createNote(input: $i) { id } }', { i: { body: 'A new note' } }))).toBe('BILLING_READ_ONLY');
  const upload = await w.app.inject({
    method: 'POST',
    url: '/api/admin/users/import?dryRun=true',
    headers: { authorization: `Bearer ${w.customerAdmin.token}`, 'content-type': 'text/csv' },
    payload: 'email,full_name\nx@globex.example,X\n',
  });
  expect([upload.statusCode, upload.json().error]).toEqual([403, 'BILLING_READ_ONLY']);
  // Reading, exports, sign-in, the notice for everyone, and billing itself still work.
  expect((await member.gql(notice)).data!.billingNotice).toMatchObject({ status: 'READ_ONLY' });
  expect((await w.customerAdmin.gql('query Teams { teams { name } }')).errors).toBeUndefined();
  const exported = await w.app.inject({ method: 'GET', url: '/api/admin/users/export.csv', headers: { authorization: `Bearer ${w.customerAdmin.token}` } });
  expect(exported.statusCode).toBe(200);
  expect((await signedIn(w.app, w.customer.report.email)).token).toBeTruthy();
  expect((await w.customerAdmin.gql('mutation Portal { openBillingPortal }')).errors).toBeUndefined();
  expect(sqlSeatCount(w.app, w.customer.org.id)).toBe(people); // nothing deleted

  fake.payAgain(subscriptionId);
  await deliverAll(w.app, fake);
  expect((await billing()).status).toBe('ACTIVE');
  expect((await team('Paid again')).errors).toBeUndefined();
  const statuses = auditRows(w.operator.org.id, 'BILLING_STATUS_CHANGED').map(
    (r) => `${r.actor_label}: ${JSON.parse(r.details).from} -> ${JSON.parse(r.details).to}`,
  );
  expect(statuses.slice(-3)).toEqual(['Stripe: ACTIVE -> PAST_DUE', 'Teamlens: PAST_DUE -> READ_ONLY', 'Stripe: READ_ONLY -> ACTIVE']);
});

it('changing plan goes through Checkout; the replaced subscription is cancelled and its end changes nothing; cancelling at the period end shows, then ends the plan', async () => {
  const started = await checkout('team');
  expect(started.errors).toBeUndefined();
  const session = fake.sessions.get(sessionOf(started.data!.startBillingCheckout as string))!;
  expect(session.line_items[0]).toEqual({ price: 'price_team', quantity: '1' });
  expect(session.subscription_data).toEqual({ metadata: { organization_id: w.customer.org.id, plan_id: 'team', replaces: subscriptionId } }); // no second trial
  const next = fake.completeCheckout(session.id);
  await deliverAll(w.app, fake);
  expect(await billing()).toMatchObject({ status: 'ACTIVE', plan: { id: 'team' }, seat_limit: 20 });
  await runJobs();
  expect(fake.apiCalls(/^DELETE \/v1\/subscriptions\//).map((c) => c.path)).toEqual([`/v1/subscriptions/${subscriptionId}`]);
  await deliverAll(w.app, fake); // the old subscription's deletion
  expect(await billing()).toMatchObject({ status: 'ACTIVE', plan: { id: 'team' } });

  fake.cancelAtPeriodEnd(next.id);
  await deliverAll(w.app, fake);
  expect((await billing()).cancel_at_period_end).toBe(true);
  fake.endPeriod(next.id);
  expect((await deliverAll(w.app, fake)).map((r) => r.status)).toEqual([200]);
  expect((await billing()).status).toBe('CANCELLED');
  expect(codeOf(await w.customerAdmin.gql('mutation T { createTeam(input: { name: "After the end" }) { id } }'))).toBe('BILLING_READ_ONLY');
});
