/** The idle limit (SESSION_IDLE_MINUTES) reaches access tokens already handed out and open websockets (docs/decisions/0045). */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { listen, openRaw, sleep } from '../../graphql/subscriptions.test-support.js';

const WHO = '{ findOneUser { id } }';
const IDLE_MS = 2000;

function setLastSeen(app: FastifyInstance, sessionId: string, at: number): void {
  app.services.db.$client.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?').run(at, sessionId);
}

function lastSeenOf(app: FastifyInstance, sessionId: string): number {
  return (app.services.db.$client.prepare('SELECT last_seen_at FROM sessions WHERE id = ?').get(sessionId) as { last_seen_at: number }).last_seen_at;
}

function sessionIdOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
}

describe('an access token of an idle session', () => {
  let app: FastifyInstance;
  let org: Awaited<ReturnType<typeof seedOrg>>;
  beforeAll(async () => {
    app = await createTestApp();
    org = await seedOrg(app, 'Idle');
  });
  afterAll(async () => {
    await app.close();
  });

  it('stops working once the session has been idle for SESSION_IDLE_MINUTES, though the token has not expired', async () => {
    const me = await signedIn(app, org.member.email);
    expect((await me.gql(WHO)).data).toEqual({ findOneUser: { id: org.member.id } });
    // The same token, answered from the cached session lookup, then the session goes idle.
    expect((await me.gql(WHO)).data).toEqual({ findOneUser: { id: org.member.id } });
    setLastSeen(app, sessionIdOf(me.token), Date.now() - app.services.config.sessionIdleMs - 1000);
    const res = await me.gql(WHO);
    expect(codeOf(res)).toBe('UNAUTHENTICATED');
    // And the session gives no new token either.
    expect(await me.browser.session()).toEqual({});
  });

  it('keeps working while the session is used (within the idle limit)', async () => {
    const me = await signedIn(app, org.manager.email);
    setLastSeen(app, sessionIdOf(me.token), Date.now() - app.services.config.sessionIdleMs + 60_000);
    expect((await me.gql(WHO)).data).toEqual({ findOneUser: { id: org.manager.id } });
  });
});

describe('an open websocket of an idle session', () => {
  let app: FastifyInstance;
  let url: string;
  let org: Awaited<ReturnType<typeof seedOrg>>;
  beforeAll(async () => {
    // Idle after 2 s without activity.
    app = await createTestApp({ SESSION_IDLE_MINUTES: String(IDLE_MS / 60_000) });
    url = await listen(app);
    org = await seedOrg(app, 'Sleepy');
  });
  afterAll(async () => {
    await app.close();
  });

  it('closes 4403 when its session reaches the idle limit', async () => {
    const me = await signedIn(app, org.member.email);
    const raw = await openRaw(url);
    await raw.init(me.token);
    raw.subscribe('1', 'subscription { userUpdated { id } }');
    const seen = lastSeenOf(app, sessionIdOf(me.token));
    expect(await raw.closedWithin(IDLE_MS + 1500)).toEqual({ code: 4403, reason: 'Forbidden' });
    // Not before the idle end.
    expect(Date.now()).toBeGreaterThanOrEqual(seen + IDLE_MS);
  });

  it('stays open while the session is used, and closes once it is no longer used', async () => {
    const me = await signedIn(app, org.manager.email);
    const raw = await openRaw(url);
    await raw.init(me.token);
    const sid = sessionIdOf(me.token);
    const seen = lastSeenOf(app, sid);
    const until = (at: number) => sleep(Math.max(0, at - Date.now()));
    // Activity (what GET /api/auth/session records) half-way moves the idle end 1 s later.
    await until(seen + IDLE_MS / 2);
    setLastSeen(app, sid, Date.now());
    await until(seen + IDLE_MS + IDLE_MS / 4);
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    expect(await raw.closedWithin(2000)).toEqual({ code: 4403, reason: 'Forbidden' });
  });
});

describe('an access token past its expiry', () => {
  let app: FastifyInstance;
  let org: Awaited<ReturnType<typeof seedOrg>>;
  beforeAll(async () => {
    app = await createTestApp();
    org = await seedOrg(app, 'Expiry');
  });
  afterAll(async () => {
    await app.close();
  });

  it('is refused once its exp has passed, though it was verified (and remembered) before and its session is live', async () => {
    const me = await signedIn(app, org.member.email);
    expect((await me.gql(WHO)).data).toEqual({ findOneUser: { id: org.member.id } });
    const { exp } = JSON.parse(Buffer.from(me.token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    vi.useFakeTimers({ toFake: ['Date'], now: exp * 1000 + 1000 });
    try {
      expect(codeOf(await me.gql(WHO))).toBe('UNAUTHENTICATED');
    } finally {
      vi.useRealTimers();
    }
    // A fresh token of the same session still works: only the token ended.
    const again = await signedIn(app, org.member.email);
    expect((await again.gql(WHO)).data).toEqual({ findOneUser: { id: org.member.id } });
  });
});
