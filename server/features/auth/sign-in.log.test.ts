/**
 * No typed identifier reaches a log line (docs/decisions/0057): a password typed into the email
 * field of the sign-in form, an unknown address, the address typed into forgot-password or sign-up.
 * A sign-in attempt on a real account logs that account's id; blocked attempts log the address only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Browser, captureLogs, createTestApp, seedOrg } from '../../test/helpers.js';
import { PAIR_FAILURE_LIMIT } from './sign-in.js';
import { freshIp } from './nextauth-rest.test-support.js';

const TYPED_PASSWORD = 'Correct-Horse-Battery-Staple-42';
const UNKNOWN = 'never-registered-7q@nowhere.example';
const RESET_TYPED = 'reset-typed-9k@nowhere.example';
const SIGNUP_TYPED = 'signup-typed-3m@nowhere.example';

let app: FastifyInstance;
let logs: ReturnType<typeof captureLogs>;
let org: Awaited<ReturnType<typeof seedOrg>>;

beforeAll(async () => {
  app = await createTestApp({ SIGNUP: 'open', LOG_LEVEL: 'trace' });
  org = await seedOrg(app, 'Typed');
  logs = captureLogs(app);
});
afterAll(async () => {
  logs.restore();
  await app.close();
});

const events = (name: string) => logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === name);

describe('auth log lines', () => {
  it('a password typed into the email field, an unknown address and a blocked address never reach the log', async () => {
    const typo = new Browser(app, freshIp());
    for (let i = 0; i <= PAIR_FAILURE_LIMIT; i++) expect((await typo.signIn(TYPED_PASSWORD, 'whatever')).statusCode).not.toBe(200);
    expect((await new Browser(app, freshIp()).signIn(UNKNOWN, 'whatever')).statusCode).not.toBe(200);
    expect((await new Browser(app, freshIp()).signIn(org.member.email, 'not the password')).statusCode).not.toBe(200);
    expect((await new Browser(app, freshIp()).signIn(org.member.email)).statusCode).toBe(200);

    const attempts = events('sign_in');
    expect(attempts.length).toBe(PAIR_FAILURE_LIMIT + 3);
    expect(events('sign_in_blocked')).toHaveLength(1);
    // Unknown identifiers: no account, nothing typed. A real account: its id, failed or not.
    expect(attempts.filter((a) => a.userId === null)).toHaveLength(PAIR_FAILURE_LIMIT + 1);
    expect(attempts.filter((a) => a.userId === org.member.id).map((a) => a.success)).toEqual([false, true]);
    for (const typed of [TYPED_PASSWORD, TYPED_PASSWORD.toLowerCase(), UNKNOWN, org.member.email]) expect(logs.text()).not.toContain(typed);
  });

  it('forgot-password and sign-up log no typed address, nor does the page the sign-up answer opens', async () => {
    const visitor = new Browser(app, freshIp());
    const post = async (action: string, email: string) =>
      visitor.request({ method: 'POST', url: `/api/auth/${action}`, json: { email, csrfToken: await visitor.csrf() } });
    expect((await post('forgot-password', RESET_TYPED)).statusCode).toBe(200);
    const signUp = await post('sign-up', SIGNUP_TYPED);
    expect(signUp.statusCode).toBe(200);
    const next = (signUp.json() as { url: string }).url;
    expect(next).toContain(encodeURIComponent(SIGNUP_TYPED));
    await visitor.request({ method: 'GET', url: new URL(next).pathname + new URL(next).search });

    const text = logs.text();
    expect(text).toContain('mail kept in the outbox');
    expect(text).toContain('/signup-complete?email=[redacted]');
    for (const typed of [RESET_TYPED, SIGNUP_TYPED, encodeURIComponent(SIGNUP_TYPED)]) expect(text).not.toContain(typed);
  });
});
