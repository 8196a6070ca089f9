/**
 * A person's open links and their permissions (docs/decisions/0057): a permission change (level,
 * status) ends every link of theirs still open (reset, invitation, email change), so a co-admin's
 * reset link neither shows in the outbox once they are demoted nor works after a re-promotion. An
 * admin's change of someone's email is confirmed by a link to the new address and says nothing
 * about addresses of other organizations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Browser, addUser, codeOf, createTestApp, outboxMails, seedOrg, signedIn, TEST_PASSWORD } from '../../test/helpers.js';

const NEW_PASSWORD = 'a brand new passphrase';
const OUTBOX = '{ emailOutbox(limit: 500) { to subject text link link_withheld } }';
const SET_LEVEL =
  'mutation($id: ID!, $level: ValidUserPermissionLevel!) { updateUserByAdmin(id: $id, input: { permission_level: $level }) { permission_level } }';
const SET_STATUS = 'mutation($id: ID!, $status: ValidUserStatus!) { updateOneUser(id: $id, input: { status: $status }) { status } }';
const SET_EMAIL = 'mutation($id: ID!, $email: String!) { updateUserByAdmin(id: $id, input: { email: $email }) { id email email_verified } }';

let app: FastifyInstance;
let org: Awaited<ReturnType<typeof seedOrg>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let ip = 0;

async function post(action: string, body: Record<string, unknown>) {
  const browser = new Browser(app, `10.57.0.${++ip}`);
  return browser.request({ method: 'POST', url: `/api/auth/${action}`, json: { ...body, csrfToken: await browser.csrf() } });
}
/** The token of the last link mailed to this address, straight from the outbox table. */
const lastToken = (to: string) => new URL(outboxMails(app, to).at(-1)!.link!).searchParams.get('token')!;
const emailOf = (id: string) =>
  app.services.db.$client.prepare('SELECT email, invited_at FROM users WHERE id = ?').get(id) as { email: string; invited_at: string | null };

beforeAll(async () => {
  app = await createTestApp();
  org = await seedOrg(app, 'Linked');
  admin = await signedIn(app, org.admin.email);
});
afterAll(async () => {
  await app.close();
});

describe("a permission change ends the person's open links", () => {
  it('demoting a co-admin does not reveal their reset link in the outbox, and re-promoting does not bring it back', async () => {
    const bea = await addUser(app, org.org.id, { email: 'bea@linked.example', full_name: 'Bea Admin', permission_level: 'ADMIN' });
    expect((await post('forgot-password', { email: bea.email })).statusCode).toBe(200);
    const token = lastToken(bea.email);
    const resetMail = async () =>
      (
        (await admin.gql(OUTBOX)).data!.emailOutbox as Array<{ to: string; subject: string; text: string; link: string | null; link_withheld: string | null }>
      ).find((m) => m.to === bea.email && m.subject === 'Reset your Teamlens password')!;
    expect((await resetMail()).link_withheld).toMatch(/another admin/);

    expect((await admin.gql(SET_LEVEL, { id: bea.id, level: 'MEMBER' })).data!.updateUserByAdmin.permission_level).toBe('MEMBER');
    const after = await resetMail();
    expect(after.link).toBeNull();
    expect(after.text).not.toContain(token);
    expect(after.text).not.toContain('token=');

    await admin.gql(SET_LEVEL, { id: bea.id, level: 'ADMIN' });
    expect((await post('change-password', { token, password: NEW_PASSWORD })).json().error).toBe('INVALID_LINK');
  });

  it('deactivating and reactivating someone ends their reset link', async () => {
    const dan = await addUser(app, org.org.id, { email: 'dan@linked.example' });
    expect((await post('forgot-password', { email: dan.email })).statusCode).toBe(200);
    const token = lastToken(dan.email);
    expect((await admin.gql(SET_STATUS, { id: dan.id, status: 'DEACTIVATED' })).errors).toBeUndefined();
    expect((await admin.gql(SET_STATUS, { id: dan.id, status: 'ACTIVE' })).errors).toBeUndefined();
    expect((await post('change-password', { token, password: NEW_PASSWORD })).json().error).toBe('INVALID_LINK');
    // A link asked for after the change works.
    expect((await post('forgot-password', { email: dan.email })).statusCode).toBe(200);
    expect((await post('change-password', { token: lastToken(dan.email), password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('a level change ends a pending email change and an invitation (the invited person is "not invited" again)', async () => {
    const eve = await addUser(app, org.org.id, { email: 'eve@linked.example' });
    const me = await signedIn(app, eve.email);
    const asked = await me.gql('mutation($input: UpdateMeInput!) { updateMe(input: $input) { user { email } } }', {
      input: { email: 'eve.new@linked.example', current_password: TEST_PASSWORD },
    });
    expect(asked.errors).toBeUndefined();
    const emailToken = lastToken('eve.new@linked.example');
    await admin.gql(SET_LEVEL, { id: eve.id, level: 'MANAGER' });
    expect((await post('verify-email', { token: emailToken })).json().error).toBe('INVALID_LINK');
    expect(emailOf(eve.id).email).toBe(eve.email);

    const ivy = await addUser(app, org.org.id, { email: 'ivy@linked.example', status: 'INVITED' });
    await admin.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [ivy.id] });
    const invite = lastToken(ivy.email);
    await admin.gql(SET_LEVEL, { id: ivy.id, level: 'ADMIN' });
    expect(emailOf(ivy.id).invited_at).toBeNull();
    expect((await post('change-password', { token: invite, password: NEW_PASSWORD })).json().error).toBe('INVALID_LINK');
  });
});

describe("an admin changing someone's email", () => {
  it("answers the same for a free address and another organization's, confirms by a link to the new address, and keeps the old one until then", async () => {
    const other = await seedOrg(app, 'Elsewhere');
    const fay = await addUser(app, org.org.id, { email: 'fay@linked.example' });
    const gus = await addUser(app, org.org.id, { email: 'gus@linked.example' });

    const free = await admin.gql(SET_EMAIL, { id: fay.id, email: 'fay.new@linked.example' });
    const taken = await admin.gql(SET_EMAIL, { id: gus.id, email: other.member.email });
    expect(free.errors).toBeUndefined();
    expect(taken.errors).toBeUndefined();
    expect(free.data!.updateUserByAdmin).toEqual({ id: fay.id, email: fay.email, email_verified: true });
    expect(taken.data!.updateUserByAdmin).toEqual({ id: gus.id, email: gus.email, email_verified: true });
    // The outbox the admin reads holds the same mail for both.
    const subjects = (to: string) => outboxMails(app, to).map((m) => m.subject);
    expect(subjects(other.member.email)).toEqual(subjects('fay.new@linked.example'));
    expect(subjects(other.member.email)).toEqual(['Confirm your new Teamlens email']);

    expect((await post('verify-email', { token: lastToken('fay.new@linked.example') })).json()).toEqual({ ok: true, email: 'fay.new@linked.example' });
    expect(emailOf(fay.id).email).toBe('fay.new@linked.example');
    // Another organization's address cannot be taken by following the link; its owner is untouched.
    expect((await post('verify-email', { token: lastToken(other.member.email) })).json().error).toBe('INVALID_LINK');
    expect(emailOf(gus.id).email).toBe(gus.email);
    expect(emailOf(other.member.id).email).toBe(other.member.email);
  });

  it("an address of the admin's own organization is still refused plainly", async () => {
    const hal = await addUser(app, org.org.id, { email: 'hal@linked.example' });
    const res = await admin.gql(SET_EMAIL, { id: hal.id, email: org.member.email });
    expect(codeOf(res)).toBe('CONFLICT');
    expect(outboxMails(app, org.member.email).filter((m) => m.subject === 'Confirm your new Teamlens email')).toEqual([]);
  });
});
