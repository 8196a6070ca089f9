/**
 * The NextAuth v4 REST API through the real app: no open redirect and no Host header
 * injection (docs/protocols.md, security bar 9-10).
 */
import { describe, expect, it } from 'vitest';
import { BASE, Browser, TEST_PASSWORD, createTestApp } from '../../test/helpers.js';
import { CSRF_FAILED, WRONG, freshIp, signInForm, useAuthTestApp } from './nextauth-rest.test-support.js';

const t = useAuthTestApp();

describe('9. open redirect', () => {
  const evil = [
    'https://evil.example/x',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'http://localhost:3000.evil.example',
    'http://localhost:3000@evil.example',
    'https://localhost:3000/x',
    '/\t/evil.example',
    ' //evil.example',
    'data:text/html,hi',
    `${'/a'.repeat(1500)}`,
  ];

  it.each(evil.map((v) => [v.slice(0, 40), v]))('callbackUrl %j stays on the canonical origin', async (_label, callbackUrl) => {
    const browser = new Browser(t.app, freshIp());
    const csrfToken = await browser.csrf();
    const res = await signInForm(browser, { email: t.org.member.email, password: TEST_PASSWORD, csrfToken, callbackUrl });
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(new URL(url).origin).toBe(BASE);
    expect(url).not.toContain('evil');
  });

  it('keeps same-origin paths and absolute urls, and ignores a forged callback-url cookie', async () => {
    const browser = new Browser(t.app, freshIp());
    let csrfToken = await browser.csrf();
    const path = await signInForm(browser, { email: t.org.member.email, password: TEST_PASSWORD, csrfToken, callbackUrl: '/reviews/pending?tab=2' });
    expect(path.json()).toEqual({ url: `${BASE}/reviews/pending?tab=2` });

    csrfToken = await browser.csrf();
    const absolute = await signInForm(browser, { email: t.org.member.email, password: TEST_PASSWORD, csrfToken, callbackUrl: `${BASE}/goals/my-goals` });
    expect(absolute.json()).toEqual({ url: `${BASE}/goals/my-goals` });

    browser.cookies.set('next-auth.callback-url', encodeURIComponent('https://evil.example/'));
    browser.cookies.set('teamlens.callback-url', encodeURIComponent('https://evil.example/'));
    csrfToken = await browser.csrf();
    const cookie = await signInForm(browser, { email: t.org.member.email, password: TEST_PASSWORD, csrfToken });
    expect(cookie.json()).toEqual({ url: `${BASE}/` });

    // query callbackUrl is filtered the same way
    csrfToken = await browser.csrf();
    const query = await browser.request({
      method: 'POST',
      url: '/api/auth/callback/credentials?callbackUrl=https%3A%2F%2Fevil.example',
      form: { email: t.org.member.email, password: TEST_PASSWORD, csrfToken, json: 'true' },
    });
    expect(query.json()).toEqual({ url: `${BASE}/` });
  });

  it('signout and the sign-in page never point elsewhere either', async () => {
    const browser = new Browser(t.app, freshIp());
    await browser.signIn(t.org.member.email);
    const csrfToken = await browser.csrf();
    const out = await browser.request({ method: 'POST', url: '/api/auth/signout', form: { csrfToken, callbackUrl: '//evil.example', json: 'true' } });
    expect(out.json()).toEqual({ url: `${BASE}/` });

    const page = await t.app.inject({ method: 'GET', url: '/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example%2Fx&error=<script>' });
    expect(page.statusCode).toBe(302);
    expect(new URL(page.headers.location as string).origin).toBe(BASE);
    expect(page.headers.location).not.toContain('evil');
    expect(page.headers.location).not.toContain('script');

    const error = await t.app.inject({ method: 'GET', url: '/api/auth/error?error=https://evil.example' });
    expect(error.statusCode).toBe(302);
    expect(error.headers.location).toBe(`${BASE}/login?error=Default`);
    const blocked = await t.app.inject({ method: 'GET', url: '/api/auth/error?error=LoginBlocked' });
    expect(blocked.headers.location).toBe(`${BASE}/login-blocked`);
  });
});

describe('10. Host header injection', () => {
  const evilHeaders: Array<Record<string, string>> = [
    { host: 'evil.example' },
    { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
  ];

  it.each(evilHeaders)('every url and cookie uses the configured origin with %j', async (headers) => {
    const browser = new Browser(t.app, freshIp());
    const csrf = await browser.request({ method: 'GET', url: '/api/auth/csrf', headers });
    for (const c of csrf.cookies) expect(c.domain).toBeUndefined();
    const csrfToken = (csrf.json() as { csrfToken: string }).csrfToken;

    const bad = await browser.request({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers,
      form: { email: t.org.member.email, password: 'wrong wrong wrong', csrfToken, json: 'true' },
    });
    expect(bad.json()).toEqual(WRONG);
    const noCsrf = await browser.request({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers,
      form: { email: t.org.member.email, password: TEST_PASSWORD, json: 'true' },
    });
    expect(noCsrf.json()).toEqual(CSRF_FAILED);
    const ok = await browser.request({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers,
      form: { email: t.org.member.email, password: TEST_PASSWORD, csrfToken, json: 'true', callbackUrl: 'https://evil.example/home' },
    });
    expect(ok.json()).toEqual({ url: `${BASE}/` });
    for (const c of ok.cookies) expect(c.domain).toBeUndefined();

    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers', headers });
    expect(JSON.stringify(providers.json())).not.toContain('evil');
    const session = await browser.request({ method: 'GET', url: '/api/auth/session', headers });
    expect(JSON.stringify(session.json())).not.toContain('evil');
    const page = await t.app.inject({ method: 'GET', url: '/api/auth/signin', headers });
    expect(page.headers.location).toBe(`${BASE}/login`);
  });

  it('also with TRUST_PROXY=true: the canonical BASE_URL wins', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const headers = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'evil.example' };
      const providers = await proxied.inject({ method: 'GET', url: '/api/auth/providers', headers });
      expect(JSON.stringify(providers.json())).not.toContain('evil');
      const res = await proxied.inject({
        method: 'POST',
        url: '/api/auth/callback/credentials',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'json=true&csrfToken=x',
      });
      expect(res.json()).toEqual(CSRF_FAILED);
    } finally {
      await proxied.close();
    }
  });
});
