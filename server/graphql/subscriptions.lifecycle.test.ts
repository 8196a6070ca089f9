/** graphql-transport-ws: sockets closed when their session ends or the app closes, and the keep-alive pings. */
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { BASE, createTestApp, seedOrg, signedIn } from '../test/helpers.js';
import { endUserSessions } from '../features/users/users.events.js';
import { startKeepAlive } from './subscriptions-socket.js';
import { topics } from './pubsub.js';
import { USER_UPDATED, listen, listening, openRaw, sleep, useSocketApp } from './subscriptions.test-support.js';

const t = useSocketApp();

describe('session lifecycle', () => {
  it('closes 4403 when the session signs out (POST /api/auth/signout with CSRF)', async () => {
    const me = await signedIn(t.app, t.org.manager.email);
    const other = await signedIn(t.app, t.org.manager.email);
    const raw = await openRaw(t.url);
    await raw.init(me.token);
    raw.subscribe('1', USER_UPDATED);
    const otherRaw = await openRaw(t.url);
    await otherRaw.init(other.token);
    await listening(t.app, topics.userUpdated(t.org.manager.id));
    const csrfToken = await me.browser.csrf();
    const res = await me.browser.request({ method: 'POST', url: '/api/auth/signout', form: { csrfToken, callbackUrl: BASE, json: 'true' } });
    expect(res.statusCode).toBe(200);
    expect(await raw.closedWithin()).toEqual({ code: 4403, reason: 'Forbidden' });
    // Another session of the same user is untouched: the sign-out closed what it closes before it answered, and this socket still answers.
    await otherRaw.roundTrip();
    expect(otherRaw.ws.readyState).toBe(WebSocket.OPEN);
    otherRaw.close();
  });

  it('closes 4403 when sessions are ended (endUserSessions)', async () => {
    const me = await signedIn(t.app, t.org.admin.email);
    const raw = await openRaw(t.url);
    await raw.init(me.token);
    endUserSessions(t.app.services, [t.org.admin.id]);
    expect(await raw.closedWithin()).toEqual({ code: 4403, reason: 'Forbidden' });
  });

  it('closes 4403 at the session absolute expiry', async () => {
    const short = await createTestApp({ SESSION_MAX_AGE_HOURS: String(1.2 / 3600) });
    try {
      const shortUrl = await listen(short);
      const o = await seedOrg(short, 'Brief');
      const me = await signedIn(short, o.member.email);
      const raw = await openRaw(shortUrl);
      await raw.init(me.token);
      expect(await raw.closedWithin(2500)).toEqual({ code: 4403, reason: 'Forbidden' });
    } finally {
      await short.close();
    }
  });

  it('closes open sockets with 1001 when the app closes', async () => {
    const other = await createTestApp();
    const otherUrl = await listen(other);
    const o = await seedOrg(other, 'Closing');
    const me = await signedIn(other, o.member.email);
    const raw = await openRaw(otherUrl);
    await raw.init(me.token);
    const idle = await openRaw(otherUrl);
    await other.close();
    expect(await raw.closedWithin()).toEqual({ code: 1001, reason: 'Server shutting down' });
    expect((await idle.closedWithin()).code).toBe(1001);
  });
});

describe('keep-alive', () => {
  it('pings, and terminates a peer that stops answering pongs', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => wss.once('listening', resolve));
    const port = (wss.address() as AddressInfo).port;
    const ticks: number[] = [];
    const serverSide = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
    try {
      const live = new WebSocket(`ws://127.0.0.1:${port}`);
      let pings = 0;
      live.on('ping', () => pings++);
      const s1 = await serverSide;
      const stop1 = startKeepAlive(s1, 40, () => ticks.push(Date.now()));
      // A third ping is sent only if the peer's pongs kept the socket from being terminated.
      await vi.waitFor(
        () => {
          expect(pings).toBeGreaterThanOrEqual(3);
          expect(ticks.length).toBeGreaterThanOrEqual(3);
        },
        { timeout: 5000, interval: 10 },
      );
      expect(s1.readyState).toBe(WebSocket.OPEN);
      stop1();
      live.close();

      const nextServerSide = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
      const deaf = new WebSocket(`ws://127.0.0.1:${port}`, { autoPong: false });
      const deafClosed = new Promise<number>((resolve) => deaf.on('close', (code) => resolve(code)));
      const s2 = await nextServerSide;
      const stop2 = startKeepAlive(s2, 40);
      expect(await Promise.race([deafClosed, sleep(1000).then(() => -1)])).toBe(1006);
      stop2();
    } finally {
      for (const c of wss.clients) c.terminate();
      await new Promise((resolve) => wss.close(resolve));
    }
  });
});
