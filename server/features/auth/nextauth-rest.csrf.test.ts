/**
 * The NextAuth v4 REST API through the real app: the CSRF cookie and the CSRF checks on
 * sign-in, for every Content-Type (docs/protocols.md, security bar 1-3 and 17).
 */
import { describe, expect, it } from 'vitest';
import { AUTH, BASE, Browser, TEST_PASSWORD, createTestApp } from '../../test/helpers.js';
import { CSRF, CSRF_FAILED, SESSION, cookieNamed, expectNoStore, freshIp, sessionSet, signInForm, useAuthTestApp } from './nextauth-rest.test-support.js';

const t = useAuthTestApp();

describe('1. CSRF cookie issue and reuse', () => {
  it('issues a 64-hex token with no-store headers and an HttpOnly Lax cookie, then reuses it', async () => {
    const browser = new Browser(t.app, freshIp());
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
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({});
    expectNoStore(session);
    expect(cookieNamed(session, CSRF)).toBeDefined();

    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.statusCode).toBe(200);
    expect(providers.headers['set-cookie']).toBeUndefined();
    expect(providers.json()).toEqual({
      credentials: {
        id: 'credentials',
        name: expect.any(String),
        type: 'credentials',
        signinUrl: `${AUTH}/signin/credentials`,
        callbackUrl: `${AUTH}/callback/credentials`,
      },
    });
  });

  it('a cookie with a bad MAC is replaced by a fresh token', async () => {
    const forged = `${'a'.repeat(64)}|${'b'.repeat(64)}`;
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/csrf', cookies: { [CSRF]: forged } });
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      remoteAddress: freshIp(),
      cookies: { [CSRF]: 'x|deadbeef' },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: t.org.member.email, password: TEST_PASSWORD, csrfToken: 'x', json: 'true' }).toString(),
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
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/callback/credentials',
        remoteAddress: freshIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: foreign.cookieHeader() },
        payload: new URLSearchParams({ email: t.org.member.email, password: TEST_PASSWORD, csrfToken, json: 'true' }).toString(),
      });
      expect(res.json()).toEqual(CSRF_FAILED);
      expect(sessionSet(res)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('3. the csrfToken field missing, different, or the cookie absent: no session', async () => {
    const browser = new Browser(t.app, freshIp());
    const csrfToken = await browser.csrf();
    const creds = { email: t.org.member.email, password: TEST_PASSWORD };

    const noField = await signInForm(browser, creds);
    expect(noField.json()).toEqual(CSRF_FAILED);
    expect(sessionSet(noField)).toBeUndefined();

    const otherToken = await signInForm(browser, { ...creds, csrfToken: 'f'.repeat(64) });
    expect(otherToken.json()).toEqual(CSRF_FAILED);
    expect(sessionSet(otherToken)).toBeUndefined();

    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      remoteAddress: freshIp(),
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
    const browser = new Browser(t.app, freshIp());
    await browser.csrf();
    const res = await browser.request({ method: 'POST', url: '/api/auth/callback/credentials', form: { email: t.org.member.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(CSRF_FAILED.url);
  });

  it('an unknown provider gives the csrf=true url, never a session', async () => {
    const browser = new Browser(t.app, freshIp());
    const csrfToken = await browser.csrf();
    const res = await browser.request({
      method: 'POST',
      url: '/api/auth/callback/github',
      form: { email: t.org.member.email, password: TEST_PASSWORD, csrfToken, json: 'true' },
    });
    expect(res.json()).toEqual(CSRF_FAILED);
    expect(sessionSet(res)).toBeUndefined();
  });
});

describe('17. Content-Type variants never bypass CSRF', () => {
  const variants = [
    'application/x-www-form-urlencoded; charset=UTF-8',
    'APPLICATION/X-WWW-FORM-URLENCODED',
    'Application/X-Www-Form-Urlencoded;charset=utf-8',
    ' application/x-www-form-urlencoded',
    '\tapplication/x-www-form-urlencoded',
    'application/x-www-form-urlencoded\t',
    'application/x-www-form-urlencoded garbage',
    'application/x-www-form-urlencoded;',
    'text/plain',
    'text/plain; charset=utf-8',
    'multipart/form-data; boundary=xyz',
    'application/json garbage',
    'application/jsonx',
  ];

  it.each(variants)('%j: no session without the CSRF pair; with it, parsed normally or refused', async (contentType) => {
    const browser = new Browser(t.app, freshIp());
    const csrfToken = await browser.csrf();
    const send = (form: Record<string, string>, url = '/api/auth/callback/credentials') =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: browser.ip,
        headers: { 'content-type': contentType, cookie: browser.cookieHeader() },
        payload: new URLSearchParams({ json: 'true', ...form }).toString(),
      });
    const creds = { email: t.org.member.email, password: TEST_PASSWORD };

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
    const signedIn = new Browser(t.app, freshIp());
    await signedIn.signIn(t.org.member.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      remoteAddress: signedIn.ip,
      headers: { 'content-type': contentType, cookie: signedIn.cookieHeader() },
      payload: 'json=true&csrfToken=x',
    });
    expect(out.statusCode).toBeLessThan(500);
    expect(cookieNamed(out, SESSION)).toBeUndefined();
    expect((await signedIn.session()).user).toBeDefined();
  });
});
