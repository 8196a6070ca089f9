/**
 * The NextAuth v4 REST API through the real app (protocols.md section 5, tests 1-17).
 * Every test that makes failed sign-ins uses its own client address, so the per-address
 * throttles of one test never leak into another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH, BASE, Browser, TEST_PASSWORD, captureLogs, codeOf, createTestApp, gql, seedOrg } from '../../test/helpers.js';

type Cookie = LightMyRequestResponse['cookies'][number];

const SESSION = 'teamlens.session-token';
const CSRF = 'teamlens.csrf-token';
const WRONG = { url: `${AUTH}/error?error=CredentialsSignin&provider=credentials` };
const CSRF_FAILED = { url: `${AUTH}/signin?csrf=true` };

const cookieNamed = (res: LightMyRequestResponse, name: string): Cookie | undefined => res.cookies.find((c) => c.name === name);
const sessionSet = (res: LightMyRequestResponse): Cookie | undefined =>
  res.cookies.find((c) => c.name.endsWith('session-token') && c.value !== '' && c.maxAge !== 0);

let ipCounter = 0;
/** A fresh client address for each use, so throttles never cross tests. */
const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function expectNoStore(res: LightMyRequestResponse): void {
  expect(res.headers['cache-control']).toBe('private, no-cache, no-store');
  expect(res.headers.pragma).toBe('no-cache');
  expect(res.headers.expires).toBe('0');
}

async function signInForm(browser: Browser, form: Record<string, string>): Promise<LightMyRequestResponse> {
  return browser.request({ method: 'POST', url: '/api/auth/callback/credentials', form: { json: 'true', ...form } });
}

let app: FastifyInstance;
let org: Awaited<ReturnType<typeof seedOrg>>;

beforeAll(async () => {
  app = await createTestApp();
  org = await seedOrg(app);
});
afterAll(async () => {
  await app.close();
});

describe('1. CSRF cookie issue and reuse', () => {
  it('issues a 64-hex token with no-store headers and an HttpOnly Lax cookie, then reuses it', async () => {
    const browser = new Browser(app, freshIp());
    const first = await browser.request({ method: 'GET', url: '/api/auth/csrf' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expectNoStore(first);
    const { csrfToken } = first.json() as { csrfToken: string };
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const cookie = cookieNamed(first, CSRF);
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.domain).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.maxAge).toBeUndefined();
    // token|mac, the mac never equal to the token itself
    const [token, mac] = decodeURIComponent(cookie!.value).split('|');
    expect(token).toBe(csrfToken);
    expect(mac).toMatch(/^[0-9a-f]{64}$/);

    const again = await browser.request({ method: 'GET', url: '/api/auth/csrf' });
    expect(again.json()).toEqual({ csrfToken });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('GET /session without a CSRF cookie sets one too; GET /providers does not', async () => {
    const session = await app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({});
    expectNoStore(session);
    expect(cookieNamed(session, CSRF)).toBeDefined();

    const providers = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.statusCode).toBe(200);
    expect(providers.headers['set-cookie']).toBeUndefined();
    expect(providers.json()).toEqual({
      credentials: { id: 'credentials', name: expect.any(String), type: 'credentials', signinUrl: `${AUTH}/signin/credentials`, callbackUrl: `${AUTH}/callback/credentials` },
    });
  });

  it('a cookie with a bad MAC is replaced by a fresh token', async () => {
    const forged = `${'a'.repeat(64)}|${'b'.repeat(64)}`;
    const res = await app.inject({ method: 'GET', url: '/api/auth/csrf', cookies: { [CSRF]: forged } });
    const { csrfToken } = res.json() as { csrfToken: string };
    expect(csrfToken).not.toBe('a'.repeat(64));
    expect(cookieNamed(res, CSRF)).toBeDefined();
  });

  it('on https the cookie is __Host- prefixed and Secure', async () => {
    const secure = await createTestApp({ BASE_URL: 'https://app.example' });
    try {
      const res = await secure.inject({ method: 'GET', url: '/api/auth/csrf' });
      expect(res.statusCode).toBe(200);
      const cookie = cookieNamed(res, `__Host-${CSRF}`);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
      expect(cookie?.domain).toBeUndefined();
      expect(cookieNamed(res, CSRF)).toBeUndefined();
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe('2-3. CSRF on sign-in', () => {
  it('2. a forged cookie x|deadbeef with csrfToken=x gives no session and the csrf=true url', async () => {
    const res = await app.inject({
      method: 'POST', url: '/api/auth/callback/credentials', remoteAddress: freshIp(),
      cookies: { [CSRF]: 'x|deadbeef' },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: org.member.email, password: TEST_PASSWORD, csrfToken: 'x', json: 'true' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(CSRF_FAILED);
    expect(sessionSet(res)).toBeUndefined();
  });

  it('2. a well-formed cookie signed with another secret is refused', async () => {
    const other = await createTestApp();
    try {
      const foreign = new Browser(other);
      const csrfToken = await foreign.csrf();
      const res = await app.inject({
        method: 'POST', url: '/api/auth/callback/credentials', remoteAddress: freshIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: foreign.cookieHeader() },
        payload: new URLSearchParams({ email: org.member.email, password: TEST_PASSWORD, csrfToken, json: 'true' }).toString(),
      });
      expect(res.json()).toEqual(CSRF_FAILED);
      expect(sessionSet(res)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('3. the csrfToken field missing, different, or the cookie absent: no session', async () => {
    const browser = new Browser(app, freshIp());
    const csrfToken = await browser.csrf();
    const creds = { email: org.member.email, password: TEST_PASSWORD };

    const noField = await signInForm(browser, creds);
    expect(noField.json()).toEqual(CSRF_FAILED);
    expect(sessionSet(noField)).toBeUndefined();

    const otherToken = await signInForm(browser, { ...creds, csrfToken: 'f'.repeat(64) });
    expect(otherToken.json()).toEqual(CSRF_FAILED);
    expect(sessionSet(otherToken)).toBeUndefined();

    const noCookie = await app.inject({
      method: 'POST', url: '/api/auth/callback/credentials', remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...creds, csrfToken, json: 'true' }).toString(),
    });
    expect(noCookie.json()).toEqual(CSRF_FAILED);
    expect(sessionSet(noCookie)).toBeUndefined();

    // The csrf token also rides in a JSON body (third-party clients); a wrong one still fails.
    const json = await browser.request({ method: 'POST', url: '/api/auth/callback/credentials', json: { ...creds, csrfToken: 'nope', json: 'true' } });
    expect(json.json()).toEqual(CSRF_FAILED);
    expect(sessionSet(json)).toBeUndefined();
  });

  it('without json=true a CSRF failure is a 302 to the absolute csrf=true url', async () => {
    const browser = new Browser(app, freshIp());
    await browser.csrf();
    const res = await browser.request({ method: 'POST', url: '/api/auth/callback/credentials', form: { email: org.member.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(CSRF_FAILED.url);
  });

  it('an unknown provider gives the csrf=true url, never a session', async () => {
    const browser = new Browser(app, freshIp());
    const csrfToken = await browser.csrf();
    const res = await browser.request({ method: 'POST', url: '/api/auth/callback/github', form: { email: org.member.email, password: TEST_PASSWORD, csrfToken, json: 'true' } });
    expect(res.json()).toEqual(CSRF_FAILED);
    expect(sessionSet(res)).toBeUndefined();
  });
});

describe('4-7. failures', () => {
  it('4. a wrong password: 401 with the absolute CredentialsSignin url and no session cookie', async () => {
    const browser = new Browser(app, freshIp());
    const res = await browser.signIn(org.member.email, 'not the right password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(WRONG);
    expect(sessionSet(res)).toBeUndefined();
    // what next-auth/react's signIn() derives from it
    const error = new URL((res.json() as { url: string }).url).searchParams.get('error');
    expect(error).toBe('CredentialsSignin');

    // Without json=true: a redirect to the same absolute url.
    const csrfToken = await browser.csrf();
    const redirect = await browser.request({ method: 'POST', url: '/api/auth/callback/credentials', form: { email: org.member.email, password: 'nope nope nope', csrfToken } });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(WRONG.url);
  });

  it('4. an INVITED or DEACTIVATED user with the right password gets the same CredentialsSignin', async () => {
    const { addUser } = await import('../../test/helpers.js');
    const invited = await addUser(app, org.org.id, { status: 'INVITED' });
    const deactivated = await addUser(app, org.org.id, { status: 'DEACTIVATED' });
    for (const user of [invited, deactivated]) {
      const res = await new Browser(app, freshIp()).signIn(user.email);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(WRONG);
      expect(sessionSet(res)).toBeUndefined();
    }
  });

  it('5. unknown user and wrong password answer identically (status, body, Set-Cookie names)', async () => {
    const a = new Browser(app, freshIp());
    const b = new Browser(app, freshIp());
    await a.csrf();
    await b.csrf();
    const unknown = await a.signIn('nobody-here@acme.example', 'whatever password 1');
    const wrong = await b.signIn(org.member.email, 'whatever password 1');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.cookies.map((c) => c.name).sort()).toEqual(wrong.cookies.map((c) => c.name).sort());
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
  });

  it('5. median latency of unknown user vs wrong password is within a 1.5 ratio', async () => {
    const runs = 15;
    const timeOne = async (email: string): Promise<number> => {
      const browser = new Browser(app, freshIp());
      const csrfToken = await browser.csrf();
      const started = process.hrtime.bigint();
      const res = await browser.request({ method: 'POST', url: '/api/auth/callback/credentials', form: { email, password: 'a wrong password!', csrfToken, json: 'true' } });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(res.statusCode).toBe(401);
      return ms;
    };
    await timeOne('warm-up@nowhere.example');
    await timeOne(org.report.email);
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < runs; i++) {
      unknown.push(await timeOne(`ghost-${i}@nowhere.example`));
      wrong.push(await timeOne(org.report.email));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const ratio = Math.max(median(unknown), median(wrong)) / Math.min(median(unknown), median(wrong));
    expect(ratio, `unknown ${median(unknown).toFixed(1)} ms vs wrong ${median(wrong).toFixed(1)} ms`).toBeLessThan(1.5);
  });

  it('6. an internal error during authorize gives a fixed code; the details go to the log only', async () => {
    const broken = await createTestApp({ LOG_LEVEL: 'info' });
    try {
      const { member } = await seedOrg(broken, 'Broken');
      const logs = captureLogs(broken);
      broken.services.db.$client.exec('DROP TABLE sign_in_attempts');
      const browser = new Browser(broken, freshIp());
      const res = await browser.signIn(member.email);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json()).toEqual({ url: `${AUTH}/error?error=Default` });
      expect(res.body).not.toMatch(/sign_in_attempts|no such table|sqlite|select/i);
      expect(sessionSet(res)).toBeUndefined();
      const entry = logs.lines.map((l) => JSON.parse(l) as Record<string, any>).find((l) => /no such table: sign_in_attempts/.test(JSON.stringify(l.err ?? '')));
      expect(entry, 'the details are logged').toBeDefined();
      expect(entry?.reqId).toEqual(expect.any(String));
    } finally {
      await broken.close();
    }
  });

  it('7. every failure on /callback/credentials carries an absolute url under the auth base', async () => {
    const ip = freshIp();
    const browser = new Browser(app, ip);
    const bodies: Array<{ status: number; url: unknown }> = [];
    const record = (res: LightMyRequestResponse) => bodies.push({ status: res.statusCode, url: (res.json() as { url?: unknown }).url });

    await browser.csrf();
    record(await signInForm(browser, { email: org.manager.email, password: 'x' })); // CSRF
    for (let i = 0; i < 11; i++) record(await browser.signIn(org.manager.email, `wrong password ${i}`)); // 401 then throttled
    // bodies the client never sends: bad JSON, too large, unsupported content type
    const csrfToken = await browser.csrf();
    const raw = async (contentType: string, payload: string) =>
      record(await app.inject({ method: 'POST', url: '/api/auth/callback/credentials', remoteAddress: freshIp(), headers: { 'content-type': contentType, cookie: browser.cookieHeader() }, payload }));
    await raw('application/json', '{"csrfToken": "' + csrfToken + '", ');
    await raw('application/x-www-form-urlencoded', `csrfToken=${csrfToken}&json=true&password=${'x'.repeat(70 * 1024)}`);
    await raw('application/xml', '<a/>');
    // other routes keep the app-wide error shape
    const other = await app.inject({ method: 'POST', url: '/api/auth/session', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });

    expect(bodies.map((b) => b.status)).toContain(429);
    for (const { status, url } of bodies) {
      expect(typeof url, `status ${status}`).toBe('string');
      const parsed = new URL(url as string);
      expect(parsed.origin).toBe(BASE);
      expect((url as string).startsWith(`${AUTH}/`)).toBe(true);
    }
    const blocked = bodies.find((b) => b.status === 429);
    expect(blocked?.url).toBe(`${AUTH}/error?error=LoginBlocked&provider=credentials`);
  });
});

describe('8. successful sign-in', () => {
  it('answers 200 {url} and sets an HttpOnly, Lax, Path=/ session cookie within the absolute lifetime', async () => {
    const browser = new Browser(app, freshIp());
    const before = Date.now();
    const res = await browser.signIn(org.member.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `${BASE}/home/dashboard` });
    const cookie = cookieNamed(res, SESSION);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.domain).toBeUndefined();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const expires = cookie!.expires!.getTime();
    const lifetime = app.services.config.sessionMaxAgeMs;
    expect(expires).toBeGreaterThan(before);
    expect(expires).toBeLessThanOrEqual(Date.now() + lifetime + 1000);

    const session = await browser.session();
    expect((session.user as { email: string }).email).toBe(org.member.email);
    // the cookie is not slid forward by reading the session (absolute lifetime)
    const read = await browser.request({ method: 'GET', url: '/api/auth/session' });
    expect(cookieNamed(read, SESSION)).toBeUndefined();
  });

  it('the session token differs from any token sent before sign-in; an older session is revoked', async () => {
    const browser = new Browser(app, freshIp());
    browser.cookies.set(SESSION, 'attacker-fixed-token-value-aaaaaaaaaaaaaaaaaaaaaa');
    const first = await browser.signIn(org.member.email);
    const firstToken = cookieNamed(first, SESSION)!.value;
    expect(firstToken).not.toBe('attacker-fixed-token-value-aaaaaaaaaaaaaaaaaaaaaa');

    const second = await browser.signIn(org.member.email);
    const secondToken = cookieNamed(second, SESSION)!.value;
    expect(secondToken).not.toBe(firstToken);

    const replay = await app.inject({ method: 'GET', url: '/api/auth/session', cookies: { [SESSION]: firstToken } });
    expect(replay.json()).toEqual({});
    expect((await browser.session()).user).toBeDefined();
  });

  it('on https the session cookie is __Host- prefixed and Secure', async () => {
    const secure = await createTestApp({ BASE_URL: 'https://app.example' });
    try {
      const { member } = await seedOrg(secure, 'Secure');
      const browser = new Browser(secure, freshIp());
      const res = await browser.signIn(member.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ url: 'https://app.example/' }); // http://localhost callback is foreign there
      const cookie = cookieNamed(res, `__Host-${SESSION}`);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
      expect(cookie?.domain).toBeUndefined();
      expect(cookie!.expires!.getTime()).toBeLessThanOrEqual(Date.now() + secure.services.config.sessionMaxAgeMs + 1000);
      const session = await browser.session();
      expect((session.user as { email: string }).email).toBe(member.email);
      expect((session.user as { image: unknown }).image).toBeNull();
    } finally {
      await secure.close();
    }
  });
});

describe('9. open redirect', () => {
  const evil = ['https://evil.example/x', '//evil.example', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)',
    'http://localhost:3000.evil.example', 'http://localhost:3000@evil.example', 'https://localhost:3000/x', '/\t/evil.example',
    ' //evil.example', 'data:text/html,hi', `${'/a'.repeat(1500)}`];

  it.each(evil.map((v) => [v.slice(0, 40), v]))('callbackUrl %j stays on the canonical origin', async (_label, callbackUrl) => {
    const browser = new Browser(app, freshIp());
    const csrfToken = await browser.csrf();
    const res = await signInForm(browser, { email: org.member.email, password: TEST_PASSWORD, csrfToken, callbackUrl });
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(new URL(url).origin).toBe(BASE);
    expect(url).not.toContain('evil');
  });

  it('keeps same-origin paths and absolute urls, and ignores a forged callback-url cookie', async () => {
    const browser = new Browser(app, freshIp());
    let csrfToken = await browser.csrf();
    const path = await signInForm(browser, { email: org.member.email, password: TEST_PASSWORD, csrfToken, callbackUrl: '/reviews/pending?tab=2' });
    expect(path.json()).toEqual({ url: `${BASE}/reviews/pending?tab=2` });

    csrfToken = await browser.csrf();
    const absolute = await signInForm(browser, { email: org.member.email, password: TEST_PASSWORD, csrfToken, callbackUrl: `${BASE}/goals/my-goals` });
    expect(absolute.json()).toEqual({ url: `${BASE}/goals/my-goals` });

    browser.cookies.set('next-auth.callback-url', encodeURIComponent('https://evil.example/'));
    browser.cookies.set('teamlens.callback-url', encodeURIComponent('https://evil.example/'));
    csrfToken = await browser.csrf();
    const cookie = await signInForm(browser, { email: org.member.email, password: TEST_PASSWORD, csrfToken });
    expect(cookie.json()).toEqual({ url: `${BASE}/` });

    // query callbackUrl is filtered the same way
    csrfToken = await browser.csrf();
    const query = await browser.request({ method: 'POST', url: '/api/auth/callback/credentials?callbackUrl=https%3A%2F%2Fevil.example', form: { email: org.member.email, password: TEST_PASSWORD, csrfToken, json: 'true' } });
    expect(query.json()).toEqual({ url: `${BASE}/` });
  });

  it('signout and the sign-in page never point elsewhere either', async () => {
    const browser = new Browser(app, freshIp());
    await browser.signIn(org.member.email);
    const csrfToken = await browser.csrf();
    const out = await browser.request({ method: 'POST', url: '/api/auth/signout', form: { csrfToken, callbackUrl: '//evil.example', json: 'true' } });
    expect(out.json()).toEqual({ url: `${BASE}/` });

    const page = await app.inject({ method: 'GET', url: '/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example%2Fx&error=<script>' });
    expect(page.statusCode).toBe(302);
    expect(new URL(page.headers.location as string).origin).toBe(BASE);
    expect(page.headers.location).not.toContain('evil');
    expect(page.headers.location).not.toContain('script');

    const error = await app.inject({ method: 'GET', url: '/api/auth/error?error=https://evil.example' });
    expect(error.statusCode).toBe(302);
    expect(error.headers.location).toBe(`${BASE}/login?error=Default`);
    const blocked = await app.inject({ method: 'GET', url: '/api/auth/error?error=LoginBlocked' });
    expect(blocked.headers.location).toBe(`${BASE}/login-blocked`);
  });
});

describe('10. Host header injection', () => {
  const evilHeaders: Array<Record<string, string>> = [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example' }];

  it.each(evilHeaders)('every url and cookie uses the configured origin with %j', async (headers) => {
    const browser = new Browser(app, freshIp());
    const csrf = await browser.request({ method: 'GET', url: '/api/auth/csrf', headers });
    for (const c of csrf.cookies) expect(c.domain).toBeUndefined();
    const csrfToken = (csrf.json() as { csrfToken: string }).csrfToken;

    const bad = await browser.request({ method: 'POST', url: '/api/auth/callback/credentials', headers, form: { email: org.member.email, password: 'wrong wrong wrong', csrfToken, json: 'true' } });
    expect(bad.json()).toEqual(WRONG);
    const noCsrf = await browser.request({ method: 'POST', url: '/api/auth/callback/credentials', headers, form: { email: org.member.email, password: TEST_PASSWORD, json: 'true' } });
    expect(noCsrf.json()).toEqual(CSRF_FAILED);
    const ok = await browser.request({ method: 'POST', url: '/api/auth/callback/credentials', headers, form: { email: org.member.email, password: TEST_PASSWORD, csrfToken, json: 'true', callbackUrl: 'https://evil.example/home' } });
    expect(ok.json()).toEqual({ url: `${BASE}/` });
    for (const c of ok.cookies) expect(c.domain).toBeUndefined();

    const providers = await app.inject({ method: 'GET', url: '/api/auth/providers', headers });
    expect(JSON.stringify(providers.json())).not.toContain('evil');
    const session = await browser.request({ method: 'GET', url: '/api/auth/session', headers });
    expect(JSON.stringify(session.json())).not.toContain('evil');
    const page = await app.inject({ method: 'GET', url: '/api/auth/signin', headers });
    expect(page.headers.location).toBe(`${BASE}/login`);
  });

  it('also with TRUST_PROXY=true: the canonical BASE_URL wins', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const headers = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'evil.example' };
      const providers = await proxied.inject({ method: 'GET', url: '/api/auth/providers', headers });
      expect(JSON.stringify(providers.json())).not.toContain('evil');
      const res = await proxied.inject({ method: 'POST', url: '/api/auth/callback/credentials', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'json=true&csrfToken=x' });
      expect(res.json()).toEqual(CSRF_FAILED);
    } finally {
      await proxied.close();
    }
  });
});

describe('11. tampered, expired or garbage session cookies', () => {
  it('no cookie: 200 {} with no session Set-Cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(res.cookies.find((c) => c.name === SESSION)).toBeUndefined();
  });

  async function expectCleared(value: string) {
    const res = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: `${SESSION}=${value}` } });
    expect(res.statusCode, value.slice(0, 40)).toBe(200);
    expect(res.json()).toEqual({});
    const cleared = cookieNamed(res, SESSION);
    expect(cleared, value.slice(0, 40)).toBeDefined();
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge).toBe(0);
    expect(cleared).toMatchObject({ httpOnly: true, path: '/' });
  }

  it.each([
    'garbage', 'a'.repeat(43), 'a'.repeat(5000), '%E0%A4%A', '%00%0d%0a', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', '"quoted"', '__proto__', 'undefined',
  ].map((v) => [v.slice(0, 40), v]))('garbage %j → {} and a clearing cookie', async (_label, value) => {
    await expectCleared(value);
  });

  it('a tampered real token, an expired, an idle and a revoked session → {} and a clearing cookie', async () => {
    const browser = new Browser(app, freshIp());
    await browser.signIn(org.report.email);
    const token = browser.cookies.get(SESSION)!;
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    await expectCleared(flipped);
    await expectCleared(token + 'x');

    const db = app.services.db.$client;
    const { sha256 } = await import('../../lib/tokens.js');
    const setCol = (col: string, value: number | null, t: string) => db.prepare(`UPDATE sessions SET ${col} = ? WHERE token_hash = ?`).run(value, sha256(t));

    const expired = new Browser(app, freshIp());
    await expired.signIn(org.report.email);
    const expiredToken = expired.cookies.get(SESSION)!;
    setCol('expires_at', Date.now() - 1000, expiredToken);
    await expectCleared(expiredToken);

    const idle = new Browser(app, freshIp());
    await idle.signIn(org.report.email);
    const idleToken = idle.cookies.get(SESSION)!;
    setCol('last_seen_at', Date.now() - app.services.config.sessionIdleMs - 60_000, idleToken);
    await expectCleared(idleToken);

    const revoked = new Browser(app, freshIp());
    await revoked.signIn(org.report.email);
    const revokedToken = revoked.cookies.get(SESSION)!;
    setCol('revoked_at', Date.now(), revokedToken);
    await expectCleared(revokedToken);
  });
});

describe('session activity', () => {
  it('GET session writes last_seen_at at most once a minute, and keeps an active session alive', async () => {
    const { sha256 } = await import('../../lib/tokens.js');
    const db = app.services.db.$client;
    const browser = new Browser(app, freshIp());
    await browser.signIn(org.report.email);
    const hash = sha256(browser.cookies.get(SESSION)!);
    const lastSeen = () => (db.prepare('SELECT last_seen_at FROM sessions WHERE token_hash = ?').get(hash) as { last_seen_at: number }).last_seen_at;
    const changes = () => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

    const before = changes();
    const first = lastSeen();
    for (let i = 0; i < 3; i++) expect((await browser.request({ method: 'GET', url: '/api/auth/session' })).json()).toHaveProperty('access_token');
    expect(lastSeen()).toBe(first);
    expect(changes()).toBe(before); // nothing written: cached GraphQL answers stay valid

    const stale = Date.now() - 61_000;
    db.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?').run(stale, hash);
    expect((await browser.request({ method: 'GET', url: '/api/auth/session' })).json()).toHaveProperty('access_token');
    expect(lastSeen()).toBeGreaterThan(stale + 60_000);
  });
});

describe('12. session shape', () => {
  it('exposes user{id,name,email,image}, expires, access_token, data.organization.id and cf_cookies only', async () => {
    const browser = new Browser(app, freshIp());
    await browser.signIn(org.manager.email);
    const res = await browser.request({ method: 'GET', url: '/api/auth/session' });
    expectNoStore(res);
    const session = res.json() as Record<string, any>;
    expect(Object.keys(session).sort()).toEqual(['access_token', 'cf_cookies', 'data', 'expires', 'user']);
    expect(session.user).toEqual({ id: org.manager.id, name: 'Acme Manager', email: org.manager.email, image: null });
    expect(session.data).toEqual({ organization: { id: org.org.id } });
    expect(Object.keys(session.cf_cookies).sort()).toEqual(['key_pair_id', 'policy', 'signature']);
    expect(new Date(session.expires).toISOString()).toBe(session.expires);
    expect(new Date(session.expires).getTime()).toBeLessThanOrEqual(Date.now() + app.services.config.sessionMaxAgeMs);
    expect(session.access_token.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'org', 'sid', 'sub']);
    expect((claims.exp as number) - (claims.iat as number)).toBe(app.services.config.accessTokenSeconds);
    const text = res.body;
    expect(text).not.toMatch(/argon2|password|hash|permission|role|token_hash/i);
    expect(text).not.toContain(browser.cookies.get(SESSION)!);
    // the access token works for GraphQL
    const me = await gql(app, session.access_token, '{ findOneUser { id email full_name team { name } manager { id } } organizationUsers { id email team { name users { id } } } }');
    expect(me.errors).toBeUndefined();
    expect(me.data?.findOneUser).toMatchObject({ id: org.manager.id, email: org.manager.email, full_name: 'Acme Manager' });
    const ids = (me.data?.organizationUsers as Array<{ id: string }>).map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([org.admin.id, org.manager.id, org.report.id, org.member.id]));
  });
});

describe('13. signout', () => {
  it('without CSRF the session stays valid and the url is signout?csrf=true', async () => {
    const browser = new Browser(app, freshIp());
    await browser.signIn(org.member.email);
    const res = await browser.request({ method: 'POST', url: '/api/auth/signout', form: { json: 'true', callbackUrl: `${BASE}/login` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `${AUTH}/signout?csrf=true` });
    expect(cookieNamed(res, SESSION)).toBeUndefined();
    expect((await browser.session()).user).toBeDefined();

    const forged = await browser.request({ method: 'POST', url: '/api/auth/signout', form: { json: 'true', csrfToken: 'x'.repeat(64) } });
    expect(forged.json()).toEqual({ url: `${AUTH}/signout?csrf=true` });
    expect((await browser.session()).user).toBeDefined();
  });

  it('with CSRF: cleared cookie, the access token stops at once, the old cookie replays to {}', async () => {
    const browser = new Browser(app, freshIp());
    await browser.signIn(org.member.email);
    const token = await browser.accessToken();
    const oldCookie = browser.cookies.get(SESSION)!;
    expect((await gql(app, token, '{ findOneUser { id } }')).data?.findOneUser).toEqual({ id: org.member.id });

    const csrfToken = await browser.csrf();
    const res = await browser.request({ method: 'POST', url: '/api/auth/signout', form: { csrfToken, callbackUrl: `${BASE}/login`, json: 'true' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `${BASE}/login` });
    const cleared = cookieNamed(res, SESSION);
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge).toBe(0);

    const after = await gql(app, token, '{ findOneUser { id } }');
    expect(codeOf(after)).toBe('UNAUTHENTICATED');
    expect(after.data).toBeNull();

    const replay = await app.inject({ method: 'GET', url: '/api/auth/session', cookies: { [SESSION]: oldCookie } });
    expect(replay.json()).toEqual({});
    expect(await browser.session()).toEqual({});
  });

  it('POST /logout (another tab) ends the session for same-origin callers and refuses cross-site ones', async () => {
    const browser = new Browser(app, freshIp());
    await browser.signIn(org.member.email);
    const cross = await browser.request({ method: 'POST', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(cross.statusCode).toBe(403);
    const foreign = await browser.request({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect((await browser.session()).user).toBeDefined();
    const same = await browser.request({ method: 'POST', url: '/api/auth/logout', headers: { origin: BASE, 'sec-fetch-site': 'same-origin' } });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ url: `${BASE}/logout` });
    expect(await browser.session()).toEqual({});
  });
});

describe('14. session update', () => {
  it('a wrong or missing csrfToken → 400 {}', async () => {
    const browser = new Browser(app, freshIp());
    await browser.signIn(org.member.email);
    for (const body of [{ data: { name: 'x' } }, { csrfToken: 'f'.repeat(64), data: {} }, { csrfToken: 42 }, null, 'csrfToken']) {
      const res = await browser.request({ method: 'POST', url: '/api/auth/session', json: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({});
    }
  });

  it('a valid token with data {role, id, user} changes neither identity nor rights', async () => {
    const browser = new Browser(app, freshIp());
    await browser.signIn(org.member.email);
    const before = await browser.session();
    const csrfToken = await browser.csrf();
    const res = await browser.request({
      method: 'POST', url: '/api/auth/session',
      json: { csrfToken, data: { role: 'admin', id: 'other', permission_level: 'ADMIN', user: { id: org.admin.id, email: org.admin.email }, data: { organization: { id: 'x' } } } },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json() as Record<string, any>;
    expect(after.user).toEqual(before.user);
    expect(after.data).toEqual({ organization: { id: org.org.id } });
    expect(after).not.toHaveProperty('role');
    const me = await gql(app, after.access_token, '{ findOneUser { id permission_level email } }');
    expect(me.data?.findOneUser).toEqual({ id: org.member.id, permission_level: 'MEMBER', email: org.member.email });
    const adminOnly = await gql(app, after.access_token, '{ emailOutbox { id } }');
    expect(codeOf(adminOnly)).toBe('FORBIDDEN');
  });
});

describe('15. _log', () => {
  it('survives hostile levels, CR/LF codes and 1 MB bodies; neutralises newlines; rate-limits', async () => {
    const logApp = await createTestApp({ LOG_LEVEL: 'info' });
    try {
      const logs = captureLogs(logApp);
      const ip = freshIp();
      const post = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
        logApp.inject({ method: 'POST', url: '/api/auth/_log', remoteAddress: ip, headers: { 'content-type': contentType }, payload });

      for (const level of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'fatal', 'silent', '']) {
        const res = await post(new URLSearchParams({ level, code: 'CLIENT_FETCH_ERROR', message: 'x', client: 'true' }).toString());
        expect(res.statusCode, level).toBe(200);
        expect(res.json()).toEqual({});
      }
      const crlf = await post(new URLSearchParams({ level: 'error', code: 'EVIL\r\n{"level":60,"msg":"forged"}\u2028x', message: 'a\nb' }).toString());
      expect(crlf.statusCode).toBe(200);
      const json = await post(JSON.stringify({ level: { toString: 1 }, code: ['a'], message: { $gt: 1 } }), 'application/json');
      expect(json.statusCode).toBe(200);

      const big = await post(`level=error&code=${'x'.repeat(1024 * 1024)}`);
      expect(big.statusCode).toBe(413);
      const bigJson = await post(JSON.stringify({ level: 'error', code: 'x'.repeat(1024 * 1024) }), 'application/json');
      expect(bigJson.statusCode).toBe(413);

      const lines = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'client_log');
      expect(lines.length).toBeGreaterThanOrEqual(8);
      for (const line of lines) {
        expect(String(line.code ?? '')).not.toMatch(/[\r\n\u2028\u2029]/);
        expect(String(line.message ?? '')).not.toMatch(/[\r\n\u2028\u2029]/);
        expect(String(line.code ?? '').length).toBeLessThanOrEqual(500);
      }
      expect(logs.lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);

      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await post('level=info&code=X')).statusCode);
      expect(statuses).toContain(429);
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
      // another address is not affected
      const other = await logApp.inject({ method: 'POST', url: '/api/auth/_log', remoteAddress: freshIp(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'level=info&code=Y' });
      expect(other.statusCode).toBe(200);
      // and the server is alive
      expect((await logApp.inject({ method: 'GET', url: '/api/auth/csrf' })).statusCode).toBe(200);
    } finally {
      await logApp.close();
    }
  });
});

describe('16. unsupported method or action', () => {
  it.each([
    ['PUT', '/api/auth/session'], ['GET', '/api/auth/nope'], ['DELETE', '/api/auth/csrf'], ['GET', '/api/auth/callback/credentials'],
    ['GET', '/api/auth/signout'], ['POST', '/api/auth/nope'], ['PATCH', '/api/auth/session'], ['GET', '/api/auth/_log'], ['GET', '/api/auth/a/b/c'],
  ] as const)('%s %s → 400 text, never 500', async (method, url) => {
    const res = await app.inject({ method, url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(`Error: This action with HTTP ${method} is not supported.`);
  });
});

describe('17. Content-Type variants never bypass CSRF', () => {
  const variants = [
    'application/x-www-form-urlencoded; charset=UTF-8', 'APPLICATION/X-WWW-FORM-URLENCODED', 'Application/X-Www-Form-Urlencoded;charset=utf-8',
    ' application/x-www-form-urlencoded', '\tapplication/x-www-form-urlencoded', 'application/x-www-form-urlencoded\t', 'application/x-www-form-urlencoded garbage',
    'application/x-www-form-urlencoded;', 'text/plain', 'text/plain; charset=utf-8', 'multipart/form-data; boundary=xyz', 'application/json garbage', 'application/jsonx',
  ];

  it.each(variants)('%j: no session without the CSRF pair; with it, parsed normally or refused', async (contentType) => {
    const browser = new Browser(app, freshIp());
    const csrfToken = await browser.csrf();
    const send = (form: Record<string, string>, url = '/api/auth/callback/credentials') =>
      app.inject({ method: 'POST', url, remoteAddress: browser.ip, headers: { 'content-type': contentType, cookie: browser.cookieHeader() }, payload: new URLSearchParams({ json: 'true', ...form }).toString() });
    const creds = { email: org.member.email, password: TEST_PASSWORD };

    for (const form of [creds, { ...creds, csrfToken: 'x' }]) {
      const res = await send(form);
      expect(res.statusCode).toBeLessThan(500);
      expect(sessionSet(res)).toBeUndefined();
    }

    const withCsrf = await send({ ...creds, csrfToken });
    expect(withCsrf.statusCode).toBeLessThan(500);
    if (withCsrf.statusCode === 200 && sessionSet(withCsrf)) {
      expect(withCsrf.json()).toEqual({ url: `${BASE}/` });
    } else {
      expect(sessionSet(withCsrf)).toBeUndefined();
    }

    // Signout and session update: never a state change without the CSRF pair.
    const signedIn = new Browser(app, freshIp());
    await signedIn.signIn(org.member.email);
    const out = await app.inject({ method: 'POST', url: '/api/auth/signout', remoteAddress: signedIn.ip, headers: { 'content-type': contentType, cookie: signedIn.cookieHeader() }, payload: 'json=true&csrfToken=x' });
    expect(out.statusCode).toBeLessThan(500);
    expect(cookieNamed(out, SESSION)).toBeUndefined();
    expect((await signedIn.session()).user).toBeDefined();
  });
});
