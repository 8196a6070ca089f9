/**
 * The NextAuth v4 REST API through the real app: reading and updating the session
 * (docs/protocols.md, security bar 11, 12 and 14, and session activity).
 */
import { describe, expect, it } from 'vitest';
import { Browser, codeOf, gql } from '../../test/helpers.js';
import { SESSION, cookieNamed, expectNoStore, freshIp, useAuthTestApp } from './nextauth-rest.test-support.js';

const t = useAuthTestApp();

describe('11. tampered, expired or garbage session cookies', () => {
  it('no cookie: 200 {} with no session Set-Cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(res.cookies.find((c) => c.name === SESSION)).toBeUndefined();
  });

  async function expectCleared(value: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: `${SESSION}=${value}` } });
    expect(res.statusCode, value.slice(0, 40)).toBe(200);
    expect(res.json()).toEqual({});
    const cleared = cookieNamed(res, SESSION);
    expect(cleared, value.slice(0, 40)).toBeDefined();
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge).toBe(0);
    expect(cleared).toMatchObject({ httpOnly: true, path: '/' });
  }

  it.each(
    ['garbage', 'a'.repeat(43), 'a'.repeat(5000), '%E0%A4%A', '%00%0d%0a', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', '"quoted"', '__proto__', 'undefined'].map(
      (v) => [v.slice(0, 40), v],
    ),
  )('garbage %j → {} and a clearing cookie', async (_label, value) => {
    await expectCleared(value);
  });

  it('a tampered real token, an expired, an idle and a revoked session → {} and a clearing cookie', async () => {
    const browser = new Browser(t.app, freshIp());
    await browser.signIn(t.org.report.email);
    const token = browser.cookies.get(SESSION)!;
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    await expectCleared(flipped);
    await expectCleared(token + 'x');

    const db = t.app.services.db.$client;
    const { sha256 } = await import('../../lib/tokens.js');
    const setCol = (col: string, value: number | null, t: string) => db.prepare(`UPDATE sessions SET ${col} = ? WHERE token_hash = ?`).run(value, sha256(t));

    const expired = new Browser(t.app, freshIp());
    await expired.signIn(t.org.report.email);
    const expiredToken = expired.cookies.get(SESSION)!;
    setCol('expires_at', Date.now() - 1000, expiredToken);
    await expectCleared(expiredToken);

    const idle = new Browser(t.app, freshIp());
    await idle.signIn(t.org.report.email);
    const idleToken = idle.cookies.get(SESSION)!;
    setCol('last_seen_at', Date.now() - t.app.services.config.sessionIdleMs - 60_000, idleToken);
    await expectCleared(idleToken);

    const revoked = new Browser(t.app, freshIp());
    await revoked.signIn(t.org.report.email);
    const revokedToken = revoked.cookies.get(SESSION)!;
    setCol('revoked_at', Date.now(), revokedToken);
    await expectCleared(revokedToken);
  });
});

describe('session activity', () => {
  it('GET session writes last_seen_at at most once a minute, and keeps an active session alive', async () => {
    const { sha256 } = await import('../../lib/tokens.js');
    const db = t.app.services.db.$client;
    const browser = new Browser(t.app, freshIp());
    await browser.signIn(t.org.report.email);
    const hash = sha256(browser.cookies.get(SESSION)!);
    const lastSeen = () => (db.prepare('SELECT last_seen_at FROM sessions WHERE token_hash = ?').get(hash) as { last_seen_at: number }).last_seen_at;
    const changes = () => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

    const before = changes();
    const first = lastSeen();
    for (let i = 0; i < 3; i++) expect((await browser.request({ method: 'GET', url: '/api/auth/session' })).json()).toHaveProperty('access_token');
    expect(lastSeen()).toBe(first);
    expect(changes()).toBe(before); // nothing written

    const stale = Date.now() - 61_000;
    db.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?').run(stale, hash);
    expect((await browser.request({ method: 'GET', url: '/api/auth/session' })).json()).toHaveProperty('access_token');
    expect(lastSeen()).toBeGreaterThan(stale + 60_000);
  });
});

describe('12. session shape', () => {
  it('exposes user{id,name,email,image}, expires, access_token, data.organization.id and cf_cookies only', async () => {
    const browser = new Browser(t.app, freshIp());
    await browser.signIn(t.org.manager.email);
    const res = await browser.request({ method: 'GET', url: '/api/auth/session' });
    expectNoStore(res);
    const session = res.json() as Record<string, any>;
    expect(Object.keys(session).sort()).toEqual(['access_token', 'cf_cookies', 'data', 'expires', 'user']);
    expect(session.user).toEqual({ id: t.org.manager.id, name: 'Acme Manager', email: t.org.manager.email, image: null });
    expect(session.data).toEqual({ organization: { id: t.org.org.id } });
    expect(Object.keys(session.cf_cookies).sort()).toEqual(['key_pair_id', 'policy', 'signature']);
    expect(new Date(session.expires).toISOString()).toBe(session.expires);
    expect(new Date(session.expires).getTime()).toBeLessThanOrEqual(Date.now() + t.app.services.config.sessionMaxAgeMs);
    expect(session.access_token.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'org', 'sid', 'sub']);
    expect((claims.exp as number) - (claims.iat as number)).toBe(t.app.services.config.accessTokenSeconds);
    const text = res.body;
    expect(text).not.toMatch(/argon2|password|hash|permission|role|token_hash/i);
    expect(text).not.toContain(browser.cookies.get(SESSION)!);
    // the access token works for GraphQL
    const me = await gql(
      t.app,
      session.access_token,
      '{ findOneUser { id email full_name team { name users { id } } manager { id } } organizationUsers { id email team { name } } }',
    );
    expect(me.errors).toBeUndefined();
    expect(me.data?.findOneUser).toMatchObject({ id: t.org.manager.id, email: t.org.manager.email, full_name: 'Acme Manager' });
    const ids = (me.data?.organizationUsers as Array<{ id: string }>).map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([t.org.admin.id, t.org.manager.id, t.org.report.id, t.org.member.id]));
  });
});

describe('14. session update', () => {
  it('a wrong or missing csrfToken → 400 {}', async () => {
    const browser = new Browser(t.app, freshIp());
    await browser.signIn(t.org.member.email);
    for (const body of [{ data: { name: 'x' } }, { csrfToken: 'f'.repeat(64), data: {} }, { csrfToken: 42 }, null, 'csrfToken']) {
      const res = await browser.request({ method: 'POST', url: '/api/auth/session', json: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({});
    }
  });

  it('a valid token with data {role, id, user} changes neither identity nor rights', async () => {
    const browser = new Browser(t.app, freshIp());
    await browser.signIn(t.org.member.email);
    const before = await browser.session();
    const csrfToken = await browser.csrf();
    const res = await browser.request({
      method: 'POST',
      url: '/api/auth/session',
      json: {
        csrfToken,
        data: {
          role: 'admin',
          id: 'other',
          permission_level: 'ADMIN',
          user: { id: t.org.admin.id, email: t.org.admin.email },
          data: { organization: { id: 'x' } },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json() as Record<string, any>;
    expect(after.user).toEqual(before.user);
    expect(after.data).toEqual({ organization: { id: t.org.org.id } });
    expect(after).not.toHaveProperty('role');
    const me = await gql(t.app, after.access_token, '{ findOneUser { id permission_level email } }');
    expect(me.data?.findOneUser).toEqual({ id: t.org.member.id, permission_level: 'MEMBER', email: t.org.member.email });
    const adminOnly = await gql(t.app, after.access_token, '{ emailOutbox { id } }');
    expect(codeOf(adminOnly)).toBe('FORBIDDEN');
  });
});
