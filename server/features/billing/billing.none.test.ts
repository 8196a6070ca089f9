/**
 * BILLING=none, the default (docs/decisions/0068): seats are counted and kept per day, nobody is
 * limited, and nothing leaves the server, not even with Stripe keys in the environment.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeOf, signedIn } from '../../test/helpers.js';
import { registerDemoRows } from '../demo/demo.repo.js';
import { FakeStripe } from './billing.stripe-fake.test-support.js';
import { BILLING_QUERY, billingWorld, FAKE_PRICES, sqlSeatCount, STRIPE_KEYS } from './billing.test-support.js';
import { DAY_MS } from '../../../shared/dates.days.js';

let w: Awaited<ReturnType<typeof billingWorld>>;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await new FakeStripe({ secretKey: STRIPE_KEYS.STRIPE_SECRET_KEY, webhookSecret: STRIPE_KEYS.STRIPE_WEBHOOK_SECRET, prices: FAKE_PRICES }).start();
  // Keys and an API address set, BILLING left at its default: none of it may be used.
  w = await billingWorld({ ...STRIPE_KEYS, STRIPE_API_URL: fake.url });
}, 60_000);
afterAll(async () => {
  await w?.app.close();
  await fake?.stop();
});

it('the page of every organization: self-hosted, no plan or limit, seats and who does not count', async () => {
  const org = w.customer.org.id;
  const demo = await w.customerAdmin.gql('mutation Add($i: AddUserInput!) { addUser(input: $i, sendInvitation: true) { id } }', {
    i: { email: 'sample@globex.example', full_name: 'Sample Person' },
  });
  registerDemoRows(w.app.services.db, org, 'users', [demo.data!.addUser.id]);
  expect((await w.customerAdmin.gql('mutation Rm($ids: [ID!]!) { removeUsers(ids: $ids) }', { ids: [w.customer.report.id] })).errors).toBeUndefined();
  expect(
    (await w.customerAdmin.gql('mutation Off($id: ID!) { updateOneUser(id: $id, input: { status: DEACTIVATED }) { id } }', { id: w.customer.member.id }))
      .errors,
  ).toBeUndefined();
  const billing = (await w.customerAdmin.gql(BILLING_QUERY)).data!.billing;
  expect(billing).toMatchObject({
    mode: 'NONE',
    exempt: false,
    status: 'NONE',
    plan: null,
    seat_limit: null,
    plans: [],
    can_manage_payment: false,
    seats: { seats: 6, active: 6, invited: 0 },
  });
  expect(billing.not_counted).toEqual({ deactivated: 2, demo: 1, removed: 1 }); // the world's deactivated person and the member
  expect(billing.seats.seats).toBe(sqlSeatCount(w.app, org));
  expect(billing.history).toHaveLength(12);
  expect(billing.history.at(-1)).toMatchObject({ month: new Date(w.clock.now()).toISOString().slice(0, 7), highest: 6, latest: 6 });
  expect(billing.history.slice(0, 11).every((m: { highest: number | null }) => m.highest === null)).toBe(true);

  const people = await w.customerAdmin.gql('query P($q: String, $s: SeatState) { billingSeatPeople(q: $q, state: $s) { total people { full_name state } } }', {
    q: 'globex',
    s: 'ACTIVE',
  });
  expect(people.data!.billingSeatPeople).toEqual({
    total: 6,
    people: [
      { full_name: 'Gabe Globex', state: 'ACTIVE' },
      { full_name: 'Gail Globex', state: 'ACTIVE' },
      { full_name: 'Gil Globex', state: 'ACTIVE' },
      { full_name: 'Gordon Globex', state: 'ACTIVE' },
      { full_name: 'Greta Globex', state: 'ACTIVE' },
      { full_name: 'Gus Globex', state: 'ACTIVE' },
    ],
  });
  expect(codeOf(await (await signedIn(w.app, w.customer.manager.email)).gql(BILLING_QUERY))).toBe('FORBIDDEN');
});

it('a daily row per organization, and no request ever leaves for Stripe', async () => {
  for (let i = 0; i < 20; i++) {
    const added = await w.customerAdmin.gql('mutation Add($i: AddUserInput!) { addUser(input: $i, sendInvitation: true) { id } }', {
      i: { email: `person${i}@globex.example`, full_name: `Person ${i}` },
    });
    expect(added.errors).toBeUndefined(); // no limit
  }
  w.clock.advance(DAY_MS);
  await w.app.services.scheduler.tick();
  const rows = w.app.services.db.$client
    .prepare('SELECT o.name, h.seats, h.active, h.invited FROM billing_seat_history h JOIN organizations o ON o.id = h.organization_id ORDER BY o.created_at')
    .all();
  expect(rows).toEqual([
    { name: 'Acme', seats: 8, active: 8, invited: 0 },
    { name: 'Globex', seats: 26, active: 6, invited: 20 },
  ]);

  expect((await w.customerAdmin.gql('query I { billingInvoices { available invoices { id } } }')).data!.billingInvoices).toEqual({
    available: false,
    invoices: [],
  });
  expect(codeOf(await w.customerAdmin.gql('mutation C { startBillingCheckout(plan_id: "team") }'))).toBe('CONFLICT');
  expect(codeOf(await w.customerAdmin.gql('mutation P { openBillingPortal }'))).toBe('CONFLICT');
  expect(
    codeOf(
      await w.operatorAdmin.gql('mutation S($i: OrganizationBillingInput!) { setOrganizationBilling(input: $i) { name } }', {
        i: { organization_id: w.customer.org.id, plan_id: 'team', seat_limit: null, status: null },
      }),
    ),
  ).toBe('CONFLICT');
  const webhook = await w.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
  expect(webhook.statusCode).toBe(404); // not even a route
  // Every job has run (a round trip through the scheduler), every answer is in: the fake heard nothing.
  expect(await w.app.services.scheduler.runDueJobs()).toMatchObject({ failed: 0, dead: 0 });
  expect(fake.requests).toEqual([]);
});
