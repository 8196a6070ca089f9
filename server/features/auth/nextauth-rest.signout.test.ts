/**
 * The NextAuth v4 REST API through the real app: signing out (docs/protocols.md, security bar 13).
 */
import { describe, expect, it } from 'vitest';
import { AUTH, BASE, Browser, codeOf, gql } from '../../test/helpers.js';
import { SESSION, cookieNamed, freshIp, useAuthTestApp } from './nextauth-rest.test-support.js';

const t = useAuthTestApp();

describe('13. signout', () => {
  it('without CSRF the session stays valid and the url is signout?csrf=true', async () => {
    const browser = new Browser(t.app, freshIp());
    await browser.signIn(t.org.member.email);
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
    const browser = new Browser(t.app, freshIp());
    await browser.signIn(t.org.member.email);
    const token = await browser.accessToken();
    const oldCookie = browser.cookies.get(SESSION)!;
    expect((await gql(t.app, token, '{ findOneUser { id } }')).data?.findOneUser).toEqual({ id: t.org.member.id });

    const csrfToken = await browser.csrf();
    const res = await browser.request({ method: 'POST', url: '/api/auth/signout', form: { csrfToken, callbackUrl: `${BASE}/login`, json: 'true' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `${BASE}/login` });
    const cleared = cookieNamed(res, SESSION);
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge).toBe(0);

    const after = await gql(t.app, token, '{ findOneUser { id } }');
    expect(codeOf(after)).toBe('UNAUTHENTICATED');
    expect(after.data).toBeNull();

    const replay = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { [SESSION]: oldCookie } });
    expect(replay.json()).toEqual({});
    expect(await browser.session()).toEqual({});
  });

  it('POST /logout (another tab) ends the session for same-origin callers and refuses cross-site ones', async () => {
    const browser = new Browser(t.app, freshIp());
    await browser.signIn(t.org.member.email);
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
