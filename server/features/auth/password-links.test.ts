/**
 * Reset links end when the password changes by any means, and reset requests are limited per
 * address whatever the IP, alike for addresses with and without an account (docs/decisions/0045).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Browser, TEST_PASSWORD, addUser, createTestApp, outboxMails, seedOrg, signedIn } from '../../test/helpers.js';
import { RESETS_PER_ADDRESS_PER_HOUR } from './account.routes.js';
import { sendInvitation } from './account-mail.js';

const NEW_PASSWORD = 'a brand new passphrase';
const INVALID_LINK = { error: 'INVALID_LINK', message: 'This link is invalid, expired or already used. Ask for a new one.' };

let app: FastifyInstance;
let org: Awaited<ReturnType<typeof seedOrg>>;
let ipCounter = 0;
const freshBrowser = () => new Browser(app, `10.45.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`);

async function post(browser: Browser, action: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const csrfToken = await browser.csrf();
  return browser.request({ method: 'POST', url: `/api/auth/${action}`, json: { ...body, csrfToken } });
}

/** Asks for a reset link from a fresh IP and returns its token. */
async function askReset(email: string): Promise<string> {
  expect((await post(freshBrowser(), 'forgot-password', { email })).statusCode).toBe(200);
  return new URL(outboxMails(app, email).at(-1)!.link!).searchParams.get('token')!;
}

const linkState = async (token: string) => (await app.inject({ method: 'GET', url: `/api/auth/link?token=${token}` })).json();

beforeAll(async () => {
  app = await createTestApp();
  org = await seedOrg(app, 'Linky');
});
afterAll(async () => {
  await app.close();
});

describe('a pending reset link after the password changed', () => {
  it('answers INVALID_LINK once the person changed their password in the app (settings)', async () => {
    const user = await addUser(app, org.org.id, { email: 'changer@linky.example' });
    const token = await askReset(user.email);
    expect(await linkState(token)).toEqual({ valid: true, purpose: 'reset', email: user.email });

    const me = await signedIn(app, user.email);
    const changed = await me.gql('mutation($input: UpdatePasswordInput!) { updatePassword(input: $input) }', {
      input: { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(changed.data).toEqual({ updatePassword: true });

    expect(await linkState(token)).toEqual({ valid: false });
    const used = await post(freshBrowser(), 'change-password', { token, password: 'someone else chose this' });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual(INVALID_LINK);
    expect((await freshBrowser().signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers INVALID_LINK once the password changed through the profile form (updateMe)', async () => {
    const user = await addUser(app, org.org.id, { email: 'profile-changer@linky.example' });
    const token = await askReset(user.email);
    const me = await signedIn(app, user.email);
    const changed = await me.gql('mutation($input: UpdateMeInput!) { updateMe(input: $input) { user { id } } }', {
      input: { current_password: TEST_PASSWORD, password: NEW_PASSWORD },
    });
    expect(changed.errors).toBeUndefined();
    expect(await linkState(token)).toEqual({ valid: false });
  });

  it('an invitation link still pending ends when the person set their password with a reset link', async () => {
    const user = await addUser(app, org.org.id, { email: 'joined@linky.example' });
    // An invitation mailed earlier (e.g. before the account was activated) and never opened.
    sendInvitation(app.services, { id: user.id, email: user.email, full_name: 'Joined', organization_id: org.org.id }, 'Linky');
    const invite = new URL(outboxMails(app, user.email).at(-1)!.link!).searchParams.get('token')!;
    const reset = await askReset(user.email);
    expect(await linkState(invite)).toMatchObject({ valid: true, purpose: 'invite' });

    expect((await post(freshBrowser(), 'change-password', { token: reset, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect(await linkState(invite)).toEqual({ valid: false });
    const late = await post(freshBrowser(), 'change-password', { token: invite, password: 'someone else chose this' });
    expect(late.json()).toEqual(INVALID_LINK);
  });
});

describe('reset requests per address', () => {
  it(`allows ${RESETS_PER_ADDRESS_PER_HOUR} an hour per address from any IPs, then answers RATE_LIMITED alike for known and unknown addresses`, async () => {
    const user = await addUser(app, org.org.id, { email: 'popular@linky.example' });
    const ghost = 'ghost@linky.example';
    const answers = async (email: string) => {
      const out: Array<{ status: number; body: string }> = [];
      for (let i = 0; i <= RESETS_PER_ADDRESS_PER_HOUR; i++) {
        const res = await post(freshBrowser(), 'forgot-password', { email });
        out.push({ status: res.statusCode, body: res.body });
      }
      return out;
    };
    const known = await answers(user.email);
    const unknown = await answers(ghost);
    expect(known.map((a) => a.status)).toEqual([...Array(RESETS_PER_ADDRESS_PER_HOUR).fill(200), 429]);
    expect(unknown).toEqual(known);
    expect(JSON.parse(known.at(-1)!.body)).toEqual({ error: 'RATE_LIMITED', message: expect.stringContaining('this address') });
    // Only the allowed requests sent mail; a differently written address counts as the same one.
    expect(outboxMails(app, user.email)).toHaveLength(RESETS_PER_ADDRESS_PER_HOUR);
    expect((await post(freshBrowser(), 'forgot-password', { email: 'Popular@LINKY.example' })).statusCode).toBe(429);
    expect(outboxMails(app, ghost)).toHaveLength(0);
    // Another address is not affected.
    expect((await post(freshBrowser(), 'forgot-password', { email: org.member.email })).statusCode).toBe(200);
  });
});
