/**
 * The NextAuth v4 REST API through the real app: failed and successful sign-ins
 * (docs/protocols.md, security bar 4-8).
 */
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { AUTH, BASE, Browser, captureLogs, createTestApp, seedOrg } from '../../test/helpers.js';
import { SESSION, WRONG, cookieNamed, freshIp, sessionSet, signInForm, useAuthTestApp } from './nextauth-rest.test-support.js';

const t = useAuthTestApp();

describe('4-7. failures', () => {
  it('4. a wrong password: 401 with the absolute CredentialsSignin url and no session cookie', async () => {
    const browser = new Browser(t.app, freshIp());
    const res = await browser.signIn(t.org.member.email, 'not the right password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(WRONG);
    expect(sessionSet(res)).toBeUndefined();
    // what next-auth/react's signIn() derives from it
    const error = new URL((res.json() as { url: string }).url).searchParams.get('error');
    expect(error).toBe('CredentialsSignin');

    // Without json=true: a redirect to the same absolute url.
    const csrfToken = await browser.csrf();
    const redirect = await browser.request({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      form: { email: t.org.member.email, password: 'nope nope nope', csrfToken },
    });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(WRONG.url);
  });

  it('4. an INVITED or DEACTIVATED user with the right password gets the same CredentialsSignin', async () => {
    const { addUser } = await import('../../test/helpers.js');
    const invited = await addUser(t.app, t.org.org.id, { status: 'INVITED' });
    const deactivated = await addUser(t.app, t.org.org.id, { status: 'DEACTIVATED' });
    for (const user of [invited, deactivated]) {
      const res = await new Browser(t.app, freshIp()).signIn(user.email);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(WRONG);
      expect(sessionSet(res)).toBeUndefined();
    }
  });

  it('5. unknown user and wrong password answer identically (status, body, Set-Cookie names)', async () => {
    const a = new Browser(t.app, freshIp());
    const b = new Browser(t.app, freshIp());
    await a.csrf();
    await b.csrf();
    const unknown = await a.signIn('nobody-here@acme.example', 'whatever password 1');
    const wrong = await b.signIn(t.org.member.email, 'whatever password 1');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.cookies.map((c) => c.name).sort()).toEqual(wrong.cookies.map((c) => c.name).sort());
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
  });

  it('5. median latency of unknown user vs wrong password is within a 1.5 ratio', async () => {
    const runs = 15;
    const timeOne = async (email: string): Promise<number> => {
      const browser = new Browser(t.app, freshIp());
      const csrfToken = await browser.csrf();
      const started = process.hrtime.bigint();
      const res = await browser.request({
        method: 'POST',
        url: '/api/auth/callback/credentials',
        form: { email, password: 'a wrong password!', csrfToken, json: 'true' },
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(res.statusCode).toBe(401);
      return ms;
    };
    await timeOne('warm-up@nowhere.example');
    await timeOne(t.org.report.email);
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < runs; i++) {
      unknown.push(await timeOne(`ghost-${i}@nowhere.example`));
      wrong.push(await timeOne(t.org.report.email));
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
      const entry = logs.lines
        .map((l) => JSON.parse(l) as Record<string, any>)
        .find((l) => /no such table: sign_in_attempts/.test(JSON.stringify(l.err ?? '')));
      expect(entry, 'the details are logged').toBeDefined();
      expect(entry?.reqId).toEqual(expect.any(String));
    } finally {
      await broken.close();
    }
  });

  it('7. every failure on /callback/credentials carries an absolute url under the auth base', async () => {
    const ip = freshIp();
    const browser = new Browser(t.app, ip);
    const bodies: Array<{ status: number; url: unknown }> = [];
    const record = (res: LightMyRequestResponse) => bodies.push({ status: res.statusCode, url: (res.json() as { url?: unknown }).url });

    await browser.csrf();
    record(await signInForm(browser, { email: t.org.manager.email, password: 'x' })); // CSRF
    for (let i = 0; i < 11; i++) record(await browser.signIn(t.org.manager.email, `wrong password ${i}`)); // 401 then throttled
    // bodies the client never sends: bad JSON, too large, unsupported content type
    const csrfToken = await browser.csrf();
    const raw = async (contentType: string, payload: string) =>
      record(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/callback/credentials',
          remoteAddress: freshIp(),
          headers: { 'content-type': contentType, cookie: browser.cookieHeader() },
          payload,
        }),
      );
    await raw('application/json', '{"csrfToken": "' + csrfToken + '", ');
    await raw('application/x-www-form-urlencoded', `csrfToken=${csrfToken}&json=true&password=${'x'.repeat(70 * 1024)}`);
    await raw('application/xml', '<a/>');
    // other routes keep the app-wide error shape
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/session', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
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
    const browser = new Browser(t.app, freshIp());
    const before = Date.now();
    const res = await browser.signIn(t.org.member.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `${BASE}/home/dashboard` });
    const cookie = cookieNamed(res, SESSION);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.domain).toBeUndefined();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const expires = cookie!.expires!.getTime();
    const lifetime = t.app.services.config.sessionMaxAgeMs;
    expect(expires).toBeGreaterThan(before);
    expect(expires).toBeLessThanOrEqual(Date.now() + lifetime + 1000);

    const session = await browser.session();
    expect((session.user as { email: string }).email).toBe(t.org.member.email);
    // the cookie is not slid forward by reading the session (absolute lifetime)
    const read = await browser.request({ method: 'GET', url: '/api/auth/session' });
    expect(cookieNamed(read, SESSION)).toBeUndefined();
  });

  it('the session token differs from any token sent before sign-in; an older session is revoked', async () => {
    const browser = new Browser(t.app, freshIp());
    browser.cookies.set(SESSION, 'attacker-fixed-token-value-aaaaaaaaaaaaaaaaaaaaaa');
    const first = await browser.signIn(t.org.member.email);
    const firstToken = cookieNamed(first, SESSION)!.value;
    expect(firstToken).not.toBe('attacker-fixed-token-value-aaaaaaaaaaaaaaaaaaaaaa');

    const second = await browser.signIn(t.org.member.email);
    const secondToken = cookieNamed(second, SESSION)!.value;
    expect(secondToken).not.toBe(firstToken);

    const replay = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { [SESSION]: firstToken } });
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
