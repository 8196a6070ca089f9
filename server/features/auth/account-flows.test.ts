/**
 * Account flows beside NextAuth's API: sign-up -> link -> register; forgot password ->
 * link -> new password; invitation -> set password; email change -> verify link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BASE, Browser, TEST_PASSWORD, addUser, codeOf, createTestApp, gql, outboxMails, seedOrg, signedIn } from '../../test/helpers.js';
import { SIGN_UP_EMAIL_MESSAGES } from '../../../shared/work-email.schemas.js';

const NEW_PASSWORD = 'a brand new passphrase';
const INVALID_LINK = { error: 'INVALID_LINK', message: expect.any(String) };

let ipCounter = 0;
const freshBrowser = () => new Browser(app, `10.30.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`);

/** POSTs JSON with the CSRF token, as the client does. */
async function post(browser: Browser, action: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const csrfToken = await browser.csrf();
  return browser.request({ method: 'POST', url: `/api/auth/${action}`, json: { ...body, csrfToken } });
}

function linkTo(email: string, page: string): string {
  const mail = outboxMails(app, email).at(-1);
  expect(mail, `a mail to ${email}`).toBeDefined();
  expect(mail!.link).toMatch(new RegExp(`^${BASE}${page}\\?token=[A-Za-z0-9_-]{43}$`));
  expect(mail!.text).toContain(mail!.link!);
  return mail!.link!;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const userRow = (email: string) =>
  app.services.db.$client.prepare('SELECT id, status, email, permission_level, organization_id FROM users WHERE email = ?').get(email) as
    { id: string; status: string; email: string; permission_level: string; organization_id: string } | undefined;

let app: FastifyInstance;
let org: Awaited<ReturnType<typeof seedOrg>>;

beforeAll(async () => {
  // These tests exercise sign-up itself: open it for the whole file (its closing is tested in install.test.ts).
  app = await createTestApp({ SIGNUP: 'open' });
  org = await seedOrg(app);
});
afterAll(async () => {
  await app.close();
});

describe('sign-up and register', () => {
  it.each([
    ['someone@gmail.com', 'free'],
    ['someone@GMAIL.com', 'free'],
    ['x@mailinator.com', 'disposable'],
    ['x@outlook.com', 'free'],
  ] as const)('%s is refused with the work-email message that names its list (%s)', async (email, kind) => {
    const res = await post(freshBrowser(), 'sign-up', { email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'BAD_USER_INPUT', message: SIGN_UP_EMAIL_MESSAGES[kind], fields: { email: SIGN_UP_EMAIL_MESSAGES[kind] } });
    expect(outboxMails(app, email)).toHaveLength(0);
  });

  it('needs the CSRF pair and a valid email', async () => {
    const browser = freshBrowser();
    await browser.csrf();
    const noCsrf = await browser.request({ method: 'POST', url: '/api/auth/sign-up', json: { email: 'ceo@nocsrf.example' } });
    expect(noCsrf.statusCode).toBe(403);
    expect(outboxMails(app, 'ceo@nocsrf.example')).toHaveLength(0);
    const bad = await post(browser, 'sign-up', { email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: string }).error).toBe('BAD_USER_INPUT');
  });

  it('a work email gets a register link; registering creates the organization, its admin and a session', async () => {
    const browser = freshBrowser();
    const email = 'Founder@NewCo.example';
    const res = await post(browser, 'sign-up', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, url: `${BASE}/signup-complete?email=${encodeURIComponent('founder@newco.example')}` });
    const link = linkTo('founder@newco.example', '/register');
    const token = tokenOf(link);

    const peek = await app.inject({ method: 'GET', url: `/api/auth/link?token=${token}` });
    expect(peek.json()).toEqual({ valid: true, purpose: 'signup', email: 'founder@newco.example' });

    const register = await post(browser, 'register', { token, organization_name: 'NewCo', full_name: 'Nia Founder', password: NEW_PASSWORD });
    expect(register.statusCode).toBe(200);
    expect(register.json()).toEqual({ ok: true, url: `${BASE}/home/dashboard` });
    const cookie = register.cookies.find((c) => c.name === 'teamlens.session-token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const session = await browser.session();
    expect(session.user).toEqual({ id: expect.any(String), name: 'Nia Founder', email: 'founder@newco.example', image: null });
    const me = await gql(app, session.access_token as string, '{ findOneUser { email status permission_level email_verified } organizationUsers { id } }');
    expect(me.data?.findOneUser).toEqual({ email: 'founder@newco.example', status: 'ACTIVE', permission_level: 'ADMIN', email_verified: true });
    expect(me.data?.organizationUsers).toHaveLength(1);
    expect(userRow('founder@newco.example')!.organization_id).toBe((session.data as { organization: { id: string } }).organization.id);

    // the same link a second time
    const again = await post(freshBrowser(), 'register', { token, organization_name: 'NewCo 2', full_name: 'Nia Again', password: NEW_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    expect((await app.inject({ method: 'GET', url: `/api/auth/link?token=${token}` })).json()).toEqual({ valid: false });

    // signing in with the chosen password works
    expect((await freshBrowser().signIn('founder@newco.example', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('an existing account gets the same answer and no mail (no enumeration)', async () => {
    const fresh = await post(freshBrowser(), 'sign-up', { email: 'nobody-yet@enum-co.example' });
    const existing = await post(freshBrowser(), 'sign-up', { email: org.member.email });
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(existing.json() as object)).toEqual(Object.keys(fresh.json() as object));
    expect(outboxMails(app, org.member.email)).toHaveLength(0);
  });

  it('an expired link, a replaced link and a link of another purpose are refused', async () => {
    const browser = freshBrowser();
    const email = 'late@late-co.example';
    await post(browser, 'sign-up', { email });
    const first = tokenOf(linkTo(email, '/register'));
    await post(browser, 'sign-up', { email });
    const second = tokenOf(linkTo(email, '/register'));
    expect(second).not.toBe(first);
    const input = { organization_name: 'Late Co', full_name: 'Lee Late', password: NEW_PASSWORD };

    const replaced = await post(browser, 'register', { ...input, token: first });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json()).toEqual(INVALID_LINK);

    app.services.db.$client.prepare("UPDATE one_time_tokens SET expires_at = ? WHERE email = ? AND purpose = 'signup'").run(Date.now() - 1000, email);
    const expired = await post(browser, 'register', { ...input, token: second });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(INVALID_LINK);
    expect(userRow(email)).toBeUndefined();

    // a password-reset link cannot register an organization
    await post(browser, 'forgot-password', { email: org.member.email });
    const reset = tokenOf(linkTo(org.member.email, '/change-password'));
    const wrongPurpose = await post(browser, 'register', { ...input, token: reset });
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json()).toEqual(INVALID_LINK);

    const garbage = await post(browser, 'register', { ...input, token: 'x'.repeat(43) });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual(INVALID_LINK);
  });

  it('account routes are throttled per address', async () => {
    const browser = freshBrowser();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await post(browser, 'forgot-password', { email: `nobody${i}@acme.example` })).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect((await post(freshBrowser(), 'forgot-password', { email: 'nobody@acme.example' })).statusCode).toBe(200);
  });
});

describe('forgot and change password', () => {
  it('unknown and known emails get identical answers; only the known one gets mail', async () => {
    const user = await addUser(app, org.org.id, { email: 'forgetful@acme.example' });
    const unknown = await post(freshBrowser(), 'forgot-password', { email: 'ghost@acme.example' });
    const known = await post(freshBrowser(), 'forgot-password', { email: user.email });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.cookies.map((c) => c.name)).toEqual(unknown.cookies.map((c) => c.name));
    expect(outboxMails(app, 'ghost@acme.example')).toHaveLength(0);
    expect(outboxMails(app, user.email)).toHaveLength(1);

    // INVITED users get their invitation again, not a reset link (docs/decisions/0027), with the same answer
    const invited = await addUser(app, org.org.id, { email: 'invited-forgot@acme.example', status: 'INVITED' });
    const inv = await post(freshBrowser(), 'forgot-password', { email: invited.email });
    expect(inv.body).toBe(unknown.body);
    expect(outboxMails(app, invited.email).map((m) => m.subject)).toEqual(['You are invited to Teamlens']);
  });

  it('the reset link sets the password, ends existing sessions and works once', async () => {
    const user = await addUser(app, org.org.id, { email: 'resetter@acme.example' });
    const { browser: existing, token: accessToken } = await signedIn(app, user.email);
    expect((await existing.session()).user).toBeDefined();

    await post(freshBrowser(), 'forgot-password', { email: user.email });
    const token = tokenOf(linkTo(user.email, '/change-password'));
    expect((await app.inject({ method: 'GET', url: `/api/auth/link?token=${token}` })).json()).toEqual({ valid: true, purpose: 'reset', email: user.email });

    const weak = await post(freshBrowser(), 'change-password', { token, password: 'elevenchars' });
    expect(weak.statusCode).toBe(400);
    const res = await post(freshBrowser(), 'change-password', { token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, url: `${BASE}/login?reset=1` });

    expect(await existing.session()).toEqual({});
    expect(codeOf(await gql(app, accessToken, '{ findOneUser { id } }'))).toBe('UNAUTHENTICATED');
    expect((await freshBrowser().signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await freshBrowser().signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await post(freshBrowser(), 'change-password', { token, password: 'yet another passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    expect((await freshBrowser().signIn(user.email, 'yet another passphrase')).statusCode).toBe(401);
  });

  it('an expired reset link is refused and a new request replaces the old link', async () => {
    const user = await addUser(app, org.org.id, { email: 'slow-resetter@acme.example' });
    await post(freshBrowser(), 'forgot-password', { email: user.email });
    const first = tokenOf(linkTo(user.email, '/change-password'));
    await post(freshBrowser(), 'forgot-password', { email: user.email });
    const second = tokenOf(linkTo(user.email, '/change-password'));
    expect((await post(freshBrowser(), 'change-password', { token: first, password: NEW_PASSWORD })).statusCode).toBe(400);
    app.services.db.$client.prepare("UPDATE one_time_tokens SET expires_at = ? WHERE email = ? AND purpose = 'reset'").run(Date.now() - 1, user.email);
    const expired = await post(freshBrowser(), 'change-password', { token: second, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(INVALID_LINK);
    expect((await freshBrowser().signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('invitations', () => {
  it('an admin invites; the link activates the user, who can then sign in', async () => {
    const invited = await addUser(app, org.org.id, { email: 'newbie@acme.example', full_name: 'Nora Newbie', status: 'INVITED' });
    expect((await freshBrowser().signIn(invited.email)).statusCode).toBe(401);

    const member = await signedIn(app, org.member.email);
    expect(codeOf(await member.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [invited.id] }))).toBe('FORBIDDEN');
    expect(outboxMails(app, invited.email)).toHaveLength(0);

    const admin = await signedIn(app, org.admin.email);
    const memberMails = outboxMails(app, org.member.email).length;
    const sent = await admin.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [invited.id, org.member.id] });
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.sendInvitations).toBe(1); // only INVITED users get one
    const link = linkTo(invited.email, '/change-password');
    expect(outboxMails(app, org.member.email)).toHaveLength(memberMails);

    const outbox = await admin.gql('{ emailOutbox { to subject link } }');
    expect(outbox.data?.emailOutbox).toContainEqual({ to: invited.email, subject: expect.any(String), link });

    const token = tokenOf(link);
    expect((await app.inject({ method: 'GET', url: `/api/auth/link?token=${token}` })).json()).toEqual({
      valid: true,
      purpose: 'invite',
      email: invited.email,
    });
    const res = await post(freshBrowser(), 'change-password', { token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(userRow(invited.email)!.status).toBe('ACTIVE');

    const browser = freshBrowser();
    const signIn = await browser.signIn(invited.email, NEW_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    expect((await browser.session()).user).toMatchObject({ id: invited.id, name: 'Nora Newbie' });
    expect((await post(freshBrowser(), 'change-password', { token, password: 'another passphrase!' })).statusCode).toBe(400);
  });

  it('a deactivated user cannot use an old invitation link', async () => {
    const invited = await addUser(app, org.org.id, { email: 'gone@acme.example', status: 'INVITED' });
    const admin = await signedIn(app, org.admin.email);
    await admin.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [invited.id] });
    const token = tokenOf(linkTo(invited.email, '/change-password'));
    app.services.db.$client.prepare("UPDATE users SET status = 'DEACTIVATED' WHERE id = ?").run(invited.id);
    const res = await post(freshBrowser(), 'change-password', { token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(userRow(invited.email)!.status).toBe('DEACTIVATED');
  });
});

describe('email change', () => {
  it('needs the current password, mails a verify link, and the link switches the email once', async () => {
    const user = await addUser(app, org.org.id, { email: 'mover@acme.example' });
    const { gql: call } = await signedIn(app, user.email);
    const change = (vars: Record<string, unknown>) =>
      call('mutation($input: UpdateMeInput!) { updateMe(input: $input) { access_token user { email } } }', vars);

    expect(codeOf(await change({ input: { email: 'moved@acme.example' } }))).toBe('FORBIDDEN');
    expect(codeOf(await change({ input: { email: 'moved@acme.example', current_password: 'not my password' } }))).toBe('FORBIDDEN');
    expect(codeOf(await change({ input: { email: org.admin.email, current_password: TEST_PASSWORD } }))).toBe('CONFLICT');
    expect(outboxMails(app, 'moved@acme.example')).toHaveLength(0);

    const ok = await change({ input: { email: 'Moved@Acme.example', current_password: TEST_PASSWORD } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.updateMe.user.email).toBe(user.email); // unchanged until verified
    const link = linkTo('moved@acme.example', '/verify-email');
    expect(outboxMails(app, user.email)).toHaveLength(0);

    const noCsrf = await freshBrowser().request({ method: 'POST', url: '/api/auth/verify-email', json: { token: tokenOf(link) } });
    expect(noCsrf.statusCode).toBe(403);

    const verify = await post(freshBrowser(), 'verify-email', { token: tokenOf(link) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ ok: true, email: 'moved@acme.example' });
    expect((await call('{ findOneUser { email email_verified } }')).data?.findOneUser).toEqual({ email: 'moved@acme.example', email_verified: true });

    expect((await freshBrowser().signIn('moved@acme.example')).statusCode).toBe(200);
    expect((await freshBrowser().signIn(user.email)).statusCode).toBe(401);

    const again = await post(freshBrowser(), 'verify-email', { token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
  });

  it('after an email change, a reset link mailed to the old address no longer works', async () => {
    const user = await addUser(app, org.org.id, { email: 'old-box@acme.example' });
    await post(freshBrowser(), 'forgot-password', { email: user.email });
    const reset = tokenOf(linkTo(user.email, '/change-password'));
    const { gql: call } = await signedIn(app, user.email);
    expect(
      (await call('mutation { updateMe(input: { email: "new-box@acme.example", current_password: "correct horse battery staple" }) { user { id } } }')).errors,
    ).toBeUndefined();
    expect((await post(freshBrowser(), 'verify-email', { token: tokenOf(linkTo('new-box@acme.example', '/verify-email')) })).statusCode).toBe(200);
    const res = await post(freshBrowser(), 'change-password', { token: reset, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_LINK);
    expect((await freshBrowser().signIn('new-box@acme.example')).statusCode).toBe(200);
  });

  it('a verify link for an address taken in the meantime is refused', async () => {
    const user = await addUser(app, org.org.id, { email: 'racer@acme.example' });
    const { gql: call } = await signedIn(app, user.email);
    const ok = await call(
      'mutation { updateMe(input: { email: "contested@acme.example", current_password: "correct horse battery staple" }) { user { id } } }',
    );
    expect(ok.errors).toBeUndefined();
    const token = tokenOf(linkTo('contested@acme.example', '/verify-email'));
    await addUser(app, org.org.id, { email: 'contested@acme.example' });
    const res = await post(freshBrowser(), 'verify-email', { token });
    expect(res.statusCode).toBe(400);
    expect(userRow(user.email)).toBeDefined();
  });
});
