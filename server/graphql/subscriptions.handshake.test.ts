/** graphql-transport-ws: the WebSocket upgrade and connection_init (who may connect, and how the server refuses). */
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BASE, signedIn } from '../test/helpers.js';
import { endUserSessions } from '../features/users/users.events.js';
import { viewerFromAccessToken } from '../features/auth/viewer.js';
import { pickProtocol } from './subscriptions-socket.js';
import { USER_UPDATED, open, openRaw, sleep, useSocketApp } from './subscriptions.test-support.js';

const t = useSocketApp();

describe('handshake', () => {
  it('answers a plain GET /graphql with 405 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/graphql?query={_ping}' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({ errors: [{ message: 'Use POST for queries and mutations.' }] });
  });

  it('refuses an upgrade from a foreign Origin before any traffic; allows the app origin and no Origin', async () => {
    expect(await open(t.url, { origin: 'https://evil.example' })).toEqual({ status: 403 });
    expect(await open(t.url, { origin: 'null' })).toEqual({ status: 403 });
    const own = await openRaw(t.url, { origin: BASE });
    const none = await openRaw(t.url);
    expect(own.ws.readyState).toBe(WebSocket.OPEN);
    expect(none.ws.readyState).toBe(WebSocket.OPEN);
    own.close();
    none.close();
  });

  it('closes 4406 when the subprotocol is missing or not graphql-transport-ws, without a message', async () => {
    for (const protocols of ['', 'graphql-ws', ['graphql-ws', 'other']]) {
      const raw = await openRaw(t.url, { protocols });
      raw.send({ type: 'connection_init' });
      expect((await raw.closedWithin()).code).toBe(4406);
      expect(raw.messages).toEqual([]);
    }
    expect(pickProtocol(new Set(['x', 'graphql-transport-ws']))).toBe('graphql-transport-ws');
    expect(pickProtocol(new Set())).toBe(false);
  });

  it('does not leave an upgrade to another path open after its HTTP answer', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += String(chunk)));
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve('closed')));
    socket.write(
      'GET /api/auth/csrf HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect(await Promise.race([closed, sleep(1500).then(() => 'open')])).toBe('closed');
    expect(data).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();
  });

  it('closes a 1.1 MiB frame with 1009', async () => {
    const raw = await openRaw(t.url);
    raw.send('x'.repeat(1.1 * 1024 * 1024));
    expect((await raw.closedWithin()).code).toBe(1009);
  });
});

describe('connection_init', () => {
  it('closes 4408 when no connection_init arrives within 3 s', async () => {
    const raw = await openRaw(t.url);
    const started = Date.now();
    const { code } = await raw.closedWithin(4500);
    expect(code).toBe(4408);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  });

  it('closes 4403 without an ack for an absent, garbage, foreign-key, expired or revoked token', async () => {
    const me = await signedIn(t.app, t.org.member.email);
    const claims = viewerFromAccessToken(t.app, me.token)!;
    const expired = t.app.jwt.sign({ sub: claims.userId, org: claims.organizationId, sid: claims.sessionId }, {
      expiresIn: 60,
      clockTimestamp: Date.now() - 3_600_000,
    } as never);
    expect(viewerFromAccessToken(t.app, expired)).toBeNull();
    const revoked = await signedIn(t.app, t.org.member.email);
    endUserSessions(t.app.services, [t.org.member.id], claims.sessionId); // revokes `revoked`, keeps `me`
    const [header, body] = me.token.split('.');
    const forged = `${header}.${body}.${'A'.repeat(43)}`;
    const payloads = [
      undefined,
      null,
      {},
      { access_token: 'garbage' },
      { access_token: forged },
      { access_token: expired },
      { access_token: revoked.token },
      { access_token: 42 },
      { headers: { authorization: `Bearer ${revoked.token}` } },
    ];
    for (const payload of payloads) {
      const raw = await openRaw(t.url);
      raw.send(payload === undefined ? { type: 'connection_init' } : { type: 'connection_init', payload });
      expect(await raw.closedWithin(), JSON.stringify(payload)).toEqual({ code: 4403, reason: 'Forbidden' });
      expect(raw.messages).toEqual([]);
    }
  });

  it('accepts { access_token } and { authorization: "Bearer …" }', async () => {
    const me = await signedIn(t.app, t.org.member.email);
    for (const payload of [{ access_token: me.token }, { authorization: `Bearer ${me.token}` }]) {
      const raw = await openRaw(t.url);
      raw.send({ type: 'connection_init', payload });
      expect(await raw.waitFor((m) => m.type === 'connection_ack')).toEqual({ type: 'connection_ack' });
      raw.close();
    }
  });

  it('closes 4429 on a second connection_init', async () => {
    const me = await signedIn(t.app, t.org.member.email);
    const raw = await openRaw(t.url);
    await raw.init(me.token);
    raw.send({ type: 'connection_init', payload: { access_token: me.token } });
    expect((await raw.closedWithin()).code).toBe(4429);
    expect(raw.messages.filter((m) => m.type === 'connection_ack')).toHaveLength(1);
  });

  it('closes 4401 on subscribe before the ack', async () => {
    const raw = await openRaw(t.url);
    raw.subscribe('1', USER_UPDATED);
    expect((await raw.closedWithin()).code).toBe(4401);
    expect(raw.messages).toEqual([]);
  });

  it('closes 4500 "Internal server error" when building the context fails, without leaking the cause', async () => {
    const me = await signedIn(t.app, t.org.member.email);
    const services = t.app.services as { db: unknown };
    const realDb = services.db;
    services.db = new Proxy(
      {},
      {
        get: () => {
          throw new Error('SECRET db password=hunter2');
        },
      },
    );
    try {
      const raw = await openRaw(t.url);
      raw.send({ type: 'connection_init', payload: { access_token: me.token } });
      expect(await raw.closedWithin()).toEqual({ code: 4500, reason: 'Internal server error' });
      expect(JSON.stringify(raw.messages)).not.toContain('SECRET');
    } finally {
      services.db = realDb;
    }
  });
});
