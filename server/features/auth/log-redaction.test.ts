/**
 * No live token, signature or credential reaches a log line (docs/decisions/0044): every line the
 * real app logs at trace level over a sign-up, a password reset, an invitation, an email change and a
 * signed picture fetch is searched for the real secrets of those flows.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BASE, Browser, TEST_PASSWORD, addUser, captureLogs, createTestApp, outboxMails, seedOrg, signedIn } from '../../test/helpers.js';
import type { SignedCookies } from '../../lib/media-signing.js';
import { redactUrl, redactUrlsIn } from '../../lib/log-redaction.js';

const NEW_PASSWORD = 'a brand new passphrase';

let app: FastifyInstance;
let logs: ReturnType<typeof captureLogs>;
let org: Awaited<ReturnType<typeof seedOrg>>;
/** Every secret value the flows handled: none may appear in any log line. */
const secrets = new Set<string>();

beforeAll(async () => {
  app = await createTestApp({ SIGNUP: 'open', LOG_LEVEL: 'trace' });
  org = await seedOrg(app, 'Logged');
  logs = captureLogs(app);
});
afterAll(async () => {
  logs.restore();
  await app.close();
});

async function post(browser: Browser, action: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const csrfToken = await browser.csrf();
  secrets.add(csrfToken);
  return browser.request({ method: 'POST', url: `/api/auth/${action}`, json: { ...body, csrfToken } });
}

/** The last mail's link to this address, its token remembered as a secret; the link is opened as a browser and the app would. */
async function followLink(browser: Browser, email: string): Promise<string> {
  const link = outboxMails(app, email).at(-1)?.link;
  expect(link, `a link mailed to ${email}`).toBeTruthy();
  const url = new URL(link!);
  const token = url.searchParams.get('token')!;
  secrets.add(token);
  secrets.add(encodeURIComponent(token));
  await browser.request({ method: 'GET', url: `${url.pathname}${url.search}` }); // the page the mail opens
  const check = await browser.request({ method: 'GET', url: `/api/auth/link?token=${token}` }); // the page checks its link
  expect((check.json() as { valid: boolean }).valid).toBe(true);
  // A sign-in page that returns to the link afterwards carries it in callbackUrl.
  await browser.request({ method: 'GET', url: `/api/auth/signin?callbackUrl=${encodeURIComponent(link!)}` });
  return token;
}

function remember(browser: Browser) {
  for (const value of browser.cookies.values()) if (value.length >= 16) secrets.add(value);
}

describe('log redaction', () => {
  it('keeps tokens and signatures out of every log line over sign-up, reset, invitation, email change and picture flows', async () => {
    // Sign-up -> link -> register.
    const founder = new Browser(app, '10.40.0.1');
    expect((await post(founder, 'sign-up', { email: 'founder@logco.example' })).statusCode).toBe(200);
    const signUpToken = await followLink(founder, 'founder@logco.example');
    expect(
      (await post(founder, 'register', { token: signUpToken, organization_name: 'LogCo', full_name: 'Lou Founder', password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    remember(founder);

    // Forgot password -> link -> new password.
    const forgetful = new Browser(app, '10.40.0.2');
    expect((await post(forgetful, 'forgot-password', { email: org.member.email })).statusCode).toBe(200);
    const resetToken = await followLink(forgetful, org.member.email);
    expect((await post(forgetful, 'change-password', { token: resetToken, password: NEW_PASSWORD })).statusCode).toBe(200);

    // Invitation -> link -> join.
    const admin = await signedIn(app, org.admin.email);
    secrets.add(admin.token);
    remember(admin.browser);
    const invited = await addUser(app, org.org.id, { email: 'newbie@logged.example', status: 'INVITED' });
    expect((await admin.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [invited.id] })).data).toEqual({ sendInvitations: 1 });
    const joiner = new Browser(app, '10.40.0.3');
    const inviteToken = await followLink(joiner, invited.email);
    expect((await post(joiner, 'change-password', { token: inviteToken, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await joiner.signIn(invited.email, NEW_PASSWORD)).statusCode).toBe(200);
    remember(joiner);

    // Email change -> verify link.
    const mover = await signedIn(app, org.manager.email);
    secrets.add(mover.token);
    const change = await mover.gql('mutation($input: UpdateMeInput!) { updateMe(input: $input) { user { id } } }', {
      input: { email: 'moved@logged.example', current_password: TEST_PASSWORD },
    });
    expect(change.errors).toBeUndefined();
    const verifier = new Browser(app, '10.40.0.4');
    const verifyToken = await followLink(verifier, 'moved@logged.example');
    expect((await post(verifier, 'verify-email', { token: verifyToken })).statusCode).toBe(200);

    // A signed picture URL.
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#3a6ea5' } })
      .png()
      .toBuffer();
    const boundary = `----log${crypto.randomBytes(6).toString('hex')}`;
    const upload = await app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin.token}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const cf = (await admin.browser.session()).cf_cookies as SignedCookies;
    secrets.add(cf.signature);
    secrets.add(cf.policy);
    const query = new URLSearchParams({ w: '256', Policy: cf.policy, Signature: cf.signature, 'Key-Pair-Id': cf.key_pair_id });
    const picture = await app.inject({ method: 'GET', url: `${(upload.json() as { url: string }).url}?${query}` });
    expect(picture.statusCode).toBe(200);

    const text = logs.text();
    // The flows were logged (the test would pass vacuously otherwise).
    expect(text).toContain('/api/auth/link?token=[redacted]');
    expect(text).toContain('Signature=[redacted]');
    expect(text).toContain('mail kept in the outbox');
    const leaks = [...secrets]
      .filter((s) => s.length >= 16)
      .flatMap((secret) => logs.lines.filter((line) => line.includes(secret)).map((line) => `${secret.slice(0, 8)}… in ${line.slice(0, 300)}`));
    expect(leaks).toEqual([]);
    expect(secrets.size).toBeGreaterThanOrEqual(10);
  });
});

describe('redactUrl', () => {
  it('redacts token, signature, policy, csrf and nested callbackUrl values and keeps the rest', () => {
    expect(redactUrl('/api/auth/link?token=abc&x=1')).toBe('/api/auth/link?token=[redacted]&x=1');
    expect(redactUrl(`${BASE}/m/1.webp?w=256&Policy=p&Signature=s&Key-Pair-Id=k`)).toBe(
      `${BASE}/m/1.webp?w=256&Policy=[redacted]&Signature=[redacted]&Key-Pair-Id=k`,
    );
    expect(redactUrl('/x?csrfToken=a&access_token=b&sig=c&expires=9')).toBe('/x?csrfToken=[redacted]&access_token=[redacted]&sig=[redacted]&expires=9');
    const nested = redactUrl(`/api/auth/signin?callbackUrl=${encodeURIComponent(`${BASE}/change-password?token=secret123`)}`);
    expect(decodeURIComponent(nested)).toBe(`/api/auth/signin?callbackUrl=${BASE}/change-password?token=[redacted]`);
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrlsIn(`failed for ${BASE}/register?token=zzz now`)).toBe(`failed for ${BASE}/register?token=[redacted] now`);
  });

  it('a sign-in with the test password logs no password', () => {
    expect(logs.text()).not.toContain(TEST_PASSWORD);
    expect(logs.text()).not.toContain(NEW_PASSWORD);
  });
});
