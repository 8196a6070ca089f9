/**
 * BILLING=plans (docs/decisions/0068): the operator assigns plans and limits, over-limit additions
 * (one person, an import, an invitation, a reactivation) are refused with the seat message and write
 * nothing, seats match a direct SQL count, trials end, new organizations start on the default plan.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, codeOf, outboxMails, TEST_PASSWORD } from '../../test/helpers.js';
import { BILLING_QUERY, billingWorld, sqlSeatCount } from './billing.test-support.js';
import { DAY_MS } from '../../../shared/dates.days.js';

let w: Awaited<ReturnType<typeof billingWorld>>;
beforeAll(async () => {
  w = await billingWorld({ BILLING: 'plans', SIGNUP: 'open' });
}, 60_000);
afterAll(async () => {
  await w?.app.close();
});

const SET =
  'mutation Set($i: OrganizationBillingInput!) { setOrganizationBilling(input: $i) { name plan { id } status seats seat_limit own_seat_limit trial_ends_at } }';
const set = (input: Record<string, unknown>, caller = w.operatorAdmin) =>
  caller.gql(SET, { i: { organization_id: w.customer.org.id, plan_id: null, seat_limit: null, status: null, ...input } });
const billing = async () => (await w.customerAdmin.gql(BILLING_QUERY)).data!.billing;
const seats = async () => (await billing()).seats.seats as number;
const addPerson = (email: string) =>
  w.customerAdmin.gql('mutation Add($i: AddUserInput!) { addUser(input: $i, sendInvitation: false) { id } }', { i: { email, full_name: email.split('@')[0] } });
const upload = (csv: string, dryRun: boolean) =>
  w.app.inject({
    method: 'POST',
    url: `/api/admin/users/import?dryRun=${dryRun}`,
    payload: csv,
    headers: { authorization: `Bearer ${w.customerAdmin.token}`, 'content-type': 'text/csv' },
  });
const audit = (orgId: string) =>
  (
    w.app.services.db.$client
      .prepare("SELECT action, actor_label, details FROM audit_events WHERE organization_id = ? AND action LIKE 'BILLING_%' ORDER BY at, rowid")
      .all(orgId) as Array<{ action: string; actor_label: string; details: string }>
  ).map((r) => `${r.action} by ${r.actor_label}: ${JSON.parse(r.details).from} -> ${JSON.parse(r.details).to}`);

it("only the operator organization's admins assign plans; its own organization is never billed", async () => {
  expect(codeOf(await set({ plan_id: 'team' }, w.customerAdmin))).toBe('FORBIDDEN');
  expect(codeOf(await w.customerAdmin.gql('query { operatorBilling { name } }'))).toBe('FORBIDDEN');
  const own = await w.operatorAdmin.gql(SET, { i: { organization_id: w.operator.org.id, plan_id: 'team', seat_limit: null, status: null } });
  expect(own.errors![0]!.message).toBe('The organization that runs this server is never billed or limited.');
  expect(codeOf(await set({ plan_id: 'gold' }))).toBe('BAD_USER_INPUT');
  expect((await w.operatorAdmin.gql(BILLING_QUERY)).data!.billing).toMatchObject({
    mode: 'PLANS',
    exempt: true,
    plan: null,
    seat_limit: null,
    plans: [{ id: 'free' }, { id: 'team' }, { id: 'business' }],
  });
});

it('a plan with a trial starts it; the operator list shows plan, seats, status and dates; the audit log has every change', async () => {
  const assigned = await set({ plan_id: 'team' });
  expect(assigned.errors).toBeUndefined();
  expect(assigned.data!.setOrganizationBilling).toMatchObject({
    name: 'Globex',
    plan: { id: 'team' },
    status: 'TRIALING',
    seats: 8,
    seat_limit: 20,
    own_seat_limit: null,
  });
  expect(Date.parse(assigned.data!.setOrganizationBilling.trial_ends_at) - w.clock.now()).toBe(14 * DAY_MS);
  const list = (await w.operatorAdmin.gql('query Orgs { operatorBilling { name is_operator plan { name } status seats seat_limit } }')).data!.operatorBilling;
  expect(list).toEqual([
    { name: 'Acme', is_operator: true, plan: null, status: 'NONE', seats: 8, seat_limit: null },
    { name: 'Globex', is_operator: false, plan: { name: 'Team' }, status: 'TRIALING', seats: 8, seat_limit: 20 },
  ]);
  const expected = ['BILLING_PLAN_CHANGED by admin@acme.example: null -> Team', 'BILLING_STATUS_CHANGED by admin@acme.example: NONE -> TRIALING'];
  expect(audit(w.customer.org.id)).toEqual(expected);
  expect(audit(w.operator.org.id)).toEqual(expected);

  w.clock.advance(15 * DAY_MS);
  await w.app.services.scheduler.tick();
  expect(await billing()).toMatchObject({ status: 'ACTIVE', trial_ends_at: null });
  expect(audit(w.customer.org.id).at(-1)).toBe('BILLING_STATUS_CHANGED by Teamlens: TRIALING -> ACTIVE');
});

it('over the limit, adding one person and an import are refused with the seat message before anything is written; seats match a SQL count', async () => {
  expect((await set({ plan_id: 'team', seat_limit: 10 })).errors).toBeUndefined();
  expect(audit(w.customer.org.id).at(-1)).toBe('BILLING_SEAT_LIMIT_CHANGED by admin@acme.example: null -> 10');
  expect((await addPerson('ninth@globex.example')).errors).toBeUndefined();
  expect([await seats(), sqlSeatCount(w.app, w.customer.org.id)]).toEqual([9, 9]);

  const csv = 'email,full_name\ntenth@globex.example,Tenth Person\neleventh@globex.example,Eleventh Person\n';
  const preview = await upload(csv, true);
  expect(preview.statusCode).toBe(200);
  expect(preview.json()).toMatchObject({
    count: 2,
    seat_limit:
      '9 of the 10 seats the Team plan allows are used; adding 2 people needs 11 seats. To get more seats, ask the people who run this Teamlens server for a larger plan, or deactivate people who no longer need access. Nothing was changed.',
  });
  const refused = await upload(csv, false);
  expect([refused.statusCode, refused.json().error]).toEqual([409, 'CONFLICT']);
  expect(refused.json().message).toBe(preview.json().seat_limit);
  expect(sqlSeatCount(w.app, w.customer.org.id)).toBe(9); // never half-applied

  const fits = await upload('email,full_name\ntenth@globex.example,Tenth Person\n', false);
  expect([fits.statusCode, fits.json().count, fits.json().seat_limit]).toEqual([200, 1, null]);
  expect([await seats(), sqlSeatCount(w.app, w.customer.org.id)]).toEqual([10, 10]);
  const eleventh = await addPerson('eleventh@globex.example');
  expect(codeOf(eleventh)).toBe('CONFLICT');
  expect(eleventh.errors![0]!.message).toBe(
    '10 of the 10 seats the Team plan allows are used; adding 1 person needs 11 seats. To get more seats, ask the people who run this Teamlens server for a larger plan, or deactivate people who no longer need access. Nothing was changed.',
  );
  expect(sqlSeatCount(w.app, w.customer.org.id)).toBe(10);
});

it('over a lowered limit, invitations and bringing people back are refused; deactivating frees a seat; nothing is locked', async () => {
  expect((await set({ plan_id: 'team', seat_limit: 8 })).errors).toBeUndefined();
  const invited = await w.customerAdmin.gql('mutation Invite { sendInvitationsToAllNotInvited }');
  expect(codeOf(invited)).toBe('CONFLICT');
  expect(invited.errors![0]!.message).toMatch(/^This organization uses 10 seats, more than the 8 seats the Team plan allows\. To get more seats/);
  expect(outboxMails(w.app).filter((m) => m.subject.includes('invit'))).toEqual([]);
  // Work goes on: reading, and changes that add nobody.
  expect((await w.customerAdmin.gql('mutation T { createTeam(input: { name: "Still working" }) { id } }')).errors).toBeUndefined();

  const off = await w.customerAdmin.gql('mutation Off($id: ID!) { updateOneUser(id: $id, input: { status: DEACTIVATED }) { id } }', {
    id: w.customer.member.id,
  });
  expect(off.errors).toBeUndefined();
  expect([await seats(), sqlSeatCount(w.app, w.customer.org.id)]).toEqual([9, 9]);
  // The world's deactivated person and the member.
  expect((await billing()).not_counted).toEqual({ deactivated: 2, demo: 0, removed: 0 });
  const back = await w.customerAdmin.gql('mutation On($id: ID!) { updateOneUser(id: $id, input: { status: ACTIVE }) { id } }', { id: w.customer.member.id });
  expect(codeOf(back)).toBe('CONFLICT');
  expect(sqlSeatCount(w.app, w.customer.org.id)).toBe(9);

  expect((await set({ plan_id: 'team', seat_limit: null })).errors).toBeUndefined(); // the plan's 20 again
  const sent = await w.customerAdmin.gql('mutation Invite { sendInvitationsToAllNotInvited }');
  expect(sent.data!.sendInvitationsToAllNotInvited).toBe(2);
  expect([await seats(), sqlSeatCount(w.app, w.customer.org.id)]).toEqual([9, 9]); // invited people held their seats already
});

it('the operator sets an organization read-only and lifts it; a new organization from sign-up starts on the default plan', async () => {
  expect((await set({ plan_id: 'team', status: 'READ_ONLY' })).errors).toBeUndefined();
  expect(codeOf(await w.customerAdmin.gql('mutation T { createTeam(input: { name: "Refused" }) { id } }'))).toBe('BILLING_READ_ONLY');
  expect((await set({ plan_id: 'team', status: 'ACTIVE' })).errors).toBeUndefined();
  expect((await w.customerAdmin.gql('mutation T { createTeam(input: { name: "Allowed" }) { id } }')).errors).toBeUndefined();

  const browser = new Browser(w.app);
  const post = async (action: string, body: Record<string, unknown>) =>
    browser.request({ method: 'POST', url: `/api/auth/${action}`, json: { ...body, csrfToken: await browser.csrf() } });
  expect((await post('sign-up', { email: 'founder@initech.example' })).statusCode).toBe(200);
  const token = new URL(outboxMails(w.app, 'founder@initech.example').at(-1)!.link!).searchParams.get('token')!;
  expect((await post('register', { token, organization_name: 'Initech', full_name: 'Fran Founder', password: TEST_PASSWORD })).statusCode).toBe(200);
  const orgs = (await w.operatorAdmin.gql('query Orgs { operatorBilling { name plan { id } status seats seat_limit } }')).data!.operatorBilling;
  expect(orgs.at(-1)).toEqual({ name: 'Initech', plan: { id: 'free' }, status: 'ACTIVE', seats: 1, seat_limit: 5 });
});
