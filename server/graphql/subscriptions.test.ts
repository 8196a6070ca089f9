import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { BASE, createTestApp, seedOrg, signedIn } from '../test/helpers.js';
import { topics } from './pubsub.js';
import { endUserSessions } from '../features/users/users.events.js';
import { viewerFromAccessToken } from '../features/auth/viewer.js';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from './subscriptions-server.js';
import { pickProtocol, startKeepAlive } from './subscriptions-socket.js';

type Msg = { type: string; id?: unknown; payload?: any };
type Closed = { code: number; reason: string };

/** A raw graphql-transport-ws client over `ws`: every message and the close event are recorded. */
class Raw {
  readonly messages: Msg[] = [];
  readonly closed: Promise<Closed>;
  private waiters: Array<() => void> = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as Msg);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of this.waiters.splice(0)) w();
    }));
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** The first recorded message matching `pred`, waiting up to `ms`. */
  async waitFor(pred: (m: Msg) => boolean, ms = 2000): Promise<Msg> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.find(pred);
      if (found) return found;
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error(`socket closed while waiting; got ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  async closedWithin(ms = 2000): Promise<Closed> {
    return Promise.race([this.closed, sleep(ms).then(() => { throw new Error(`not closed within ${ms} ms; got ${JSON.stringify(this.messages)}`); })]);
  }

  async init(token: string): Promise<void> {
    this.send({ type: 'connection_init', payload: { access_token: token } });
    await this.waitFor((m) => m.type === 'connection_ack');
  }

  subscribe(id: unknown, query: string, extra: Record<string, unknown> = {}): void {
    this.send({ type: 'subscribe', id, payload: { query, ...extra } });
  }

  close(): void {
    this.ws.close(1000);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`;
}

type OpenResult = { raw: Raw } | { status: number } | { error: Error };

function open(url: string, opts: { protocols?: string | string[]; origin?: string } = {}): Promise<OpenResult> {
  const protocols = opts.protocols ?? 'graphql-transport-ws';
  const ws = new WebSocket(url, protocols === '' ? undefined : protocols, opts.origin ? { origin: opts.origin } : {});
  const raw = new Raw(ws);
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ raw }));
    ws.once('unexpected-response', (_req, res) => { resolve({ status: res.statusCode ?? 0 }); ws.terminate(); });
    ws.once('error', (error) => resolve({ error }));
  });
}

async function openRaw(url: string, opts: { protocols?: string | string[]; origin?: string } = {}): Promise<Raw> {
  const result = await open(url, opts);
  if (!('raw' in result)) throw new Error(`handshake failed: ${JSON.stringify(result)}`);
  return result.raw;
}

const USER_UPDATED = 'subscription { userUpdated { id full_name } }';

let app: FastifyInstance;
let url: string;
let org: Awaited<ReturnType<typeof seedOrg>>;
beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
  org = await seedOrg(app, 'Socky');
});
afterAll(async () => { await app.close(); });

describe('handshake', () => {
  it('answers a plain GET /graphql with 405 JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/graphql?query={_ping}' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({ errors: [{ message: 'Use POST for queries and mutations.' }] });
  });

  it('refuses an upgrade from a foreign Origin before any traffic; allows the app origin and no Origin', async () => {
    expect(await open(url, { origin: 'https://evil.example' })).toEqual({ status: 403 });
    expect(await open(url, { origin: 'null' })).toEqual({ status: 403 });
    const own = await openRaw(url, { origin: BASE });
    const none = await openRaw(url);
    expect(own.ws.readyState).toBe(WebSocket.OPEN);
    expect(none.ws.readyState).toBe(WebSocket.OPEN);
    own.close();
    none.close();
  });

  it('closes 4406 when the subprotocol is missing or not graphql-transport-ws, without a message', async () => {
    for (const protocols of ['', 'graphql-ws', ['graphql-ws', 'other']]) {
      const raw = await openRaw(url, { protocols });
      raw.send({ type: 'connection_init' });
      expect((await raw.closedWithin()).code).toBe(4406);
      expect(raw.messages).toEqual([]);
    }
    expect(pickProtocol(new Set(['x', 'graphql-transport-ws']))).toBe('graphql-transport-ws');
    expect(pickProtocol(new Set())).toBe(false);
  });

  it('does not leave an upgrade to another path open after its HTTP answer', async () => {
    const port = (app.server.address() as AddressInfo).port;
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += String(chunk)));
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve('closed')));
    socket.write('GET /api/auth/csrf HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    expect(await Promise.race([closed, sleep(1500).then(() => 'open')])).toBe('closed');
    expect(data).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();
  });

  it('closes a 1.1 MiB frame with 1009', async () => {
    const raw = await openRaw(url);
    raw.send('x'.repeat(1.1 * 1024 * 1024));
    expect((await raw.closedWithin()).code).toBe(1009);
  });
});

describe('connection_init', () => {
  it('closes 4408 when no connection_init arrives within 3 s', async () => {
    const raw = await openRaw(url);
    const started = Date.now();
    const { code } = await raw.closedWithin(4500);
    expect(code).toBe(4408);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  });

  it('closes 4403 without an ack for an absent, garbage, foreign-key, expired or revoked token', async () => {
    const me = await signedIn(app, org.member.email);
    const claims = viewerFromAccessToken(app, me.token)!;
    const expired = app.jwt.sign({ sub: claims.userId, org: claims.organizationId, sid: claims.sessionId }, { expiresIn: 60, clockTimestamp: Date.now() - 3_600_000 } as never);
    expect(viewerFromAccessToken(app, expired)).toBeNull();
    const revoked = await signedIn(app, org.member.email);
    endUserSessions(app.services, [org.member.id], claims.sessionId); // revokes `revoked`, keeps `me`
    const [header, body] = me.token.split('.');
    const forged = `${header}.${body}.${'A'.repeat(43)}`;
    const payloads = [undefined, null, {}, { access_token: 'garbage' }, { access_token: forged }, { access_token: expired }, { access_token: revoked.token }, { access_token: 42 }, { headers: { authorization: `Bearer ${revoked.token}` } }];
    for (const payload of payloads) {
      const raw = await openRaw(url);
      raw.send(payload === undefined ? { type: 'connection_init' } : { type: 'connection_init', payload });
      expect(await raw.closedWithin(), JSON.stringify(payload)).toEqual({ code: 4403, reason: 'Forbidden' });
      expect(raw.messages).toEqual([]);
    }
  });

  it('accepts { access_token } and { authorization: "Bearer …" }', async () => {
    const me = await signedIn(app, org.member.email);
    for (const payload of [{ access_token: me.token }, { authorization: `Bearer ${me.token}` }]) {
      const raw = await openRaw(url);
      raw.send({ type: 'connection_init', payload });
      expect(await raw.waitFor((m) => m.type === 'connection_ack')).toEqual({ type: 'connection_ack' });
      raw.close();
    }
  });

  it('closes 4429 on a second connection_init', async () => {
    const me = await signedIn(app, org.member.email);
    const raw = await openRaw(url);
    await raw.init(me.token);
    raw.send({ type: 'connection_init', payload: { access_token: me.token } });
    expect((await raw.closedWithin()).code).toBe(4429);
    expect(raw.messages.filter((m) => m.type === 'connection_ack')).toHaveLength(1);
  });

  it('closes 4401 on subscribe before the ack', async () => {
    const raw = await openRaw(url);
    raw.subscribe('1', USER_UPDATED);
    expect((await raw.closedWithin()).code).toBe(4401);
    expect(raw.messages).toEqual([]);
  });

  it('closes 4500 "Internal server error" when building the context fails, without leaking the cause', async () => {
    const me = await signedIn(app, org.member.email);
    const services = app.services as { db: unknown };
    const realDb = services.db;
    services.db = new Proxy({}, { get: () => { throw new Error('SECRET db password=hunter2'); } });
    try {
      const raw = await openRaw(url);
      raw.send({ type: 'connection_init', payload: { access_token: me.token } });
      expect(await raw.closedWithin()).toEqual({ code: 4500, reason: 'Internal server error' });
      expect(JSON.stringify(raw.messages)).not.toContain('SECRET');
    } finally {
      services.db = realDb;
    }
  });
});

describe('messages', () => {
  it('answers ping with pong, echoing the payload', async () => {
    const me = await signedIn(app, org.member.email);
    const raw = await openRaw(url);
    raw.send({ type: 'ping', payload: { n: 1 } }); // allowed before init too
    expect(await raw.waitFor((m) => m.type === 'pong')).toEqual({ type: 'pong', payload: { n: 1 } });
    await raw.init(me.token);
    raw.send({ type: 'ping' });
    await raw.waitFor((m) => m.type === 'pong' && m.payload === undefined);
    raw.send({ type: 'pong', payload: { heartbeat: true } }); // unsolicited pong is fine
    await sleep(50);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    raw.close();
  });

  it('closes 4400 on malformed messages and never sends an error with a null id', async () => {
    const me = await signedIn(app, org.member.email);
    const bad: unknown[] = [
      '{not json',
      '"a string"',
      { type: 'hello' },
      { payload: {} },
      { type: 'subscribe', id: 1, payload: { query: USER_UPDATED } },
      { type: 'subscribe', id: '', payload: { query: USER_UPDATED } },
      { type: 'subscribe', id: '1', payload: {} },
      { type: 'subscribe', id: '1' },
      { type: 'subscribe', id: '1', payload: { query: USER_UPDATED, variables: [] } },
      { type: 'next', id: '1', payload: {} },
      { type: 'error', id: '1', payload: [{ message: 'x' }] },
      { type: 'connection_ack' },
      { type: 'complete' },
    ];
    for (const msg of bad) {
      const raw = await openRaw(url);
      await raw.init(me.token);
      raw.send(msg);
      expect(await raw.closedWithin(), JSON.stringify(msg)).toEqual({ code: 4400, reason: 'Invalid message received' });
      expect(raw.messages.filter((m) => m.type !== 'connection_ack')).toEqual([]);
    }
  });

  it('closes 4409 when an active id is reused', async () => {
    const me = await signedIn(app, org.member.email);
    const raw = await openRaw(url);
    await raw.init(me.token);
    raw.subscribe('a', USER_UPDATED);
    await sleep(50);
    raw.subscribe('a', USER_UPDATED);
    expect(await raw.closedWithin()).toEqual({ code: 4409, reason: 'Subscriber for a already exists' });
  });

  it('lets an id be reused after complete', async () => {
    const me = await signedIn(app, org.member.email);
    const raw = await openRaw(url);
    await raw.init(me.token);
    raw.subscribe('a', USER_UPDATED);
    await sleep(50);
    raw.send({ type: 'complete', id: 'a' });
    await sleep(50);
    raw.subscribe('a', USER_UPDATED);
    await sleep(50);
    app.services.pubsub.publish(topics.userUpdated(org.member.id), { userId: org.member.id });
    expect((await raw.waitFor((m) => m.type === 'next')).id).toBe('a');
    raw.close();
  });
});

describe('operations', () => {
  it('validates subscriptions like HTTP operations and keeps the socket open', async () => {
    const me = await signedIn(app, org.member.email);
    const raw = await openRaw(url);
    await raw.init(me.token);
    const deep = `subscription { userUpdated { ...F1 } }
      fragment F1 on User { manager { ...F2 } }
      fragment F2 on User { manager { ...F3 } }
      fragment F3 on User { manager { ...F4 } }
      fragment F4 on User { manager { ...F5 } }
      fragment F5 on User { manager { ...F6 } }
      fragment F6 on User { manager { ...F7 } }
      fragment F7 on User { manager { ...F8 } }
      fragment F8 on User { manager { id } }`;
    const cases: Array<[string, string, RegExp]> = [
      ['missing', 'subscription { userUpdated { id nonexistent } }', /Cannot query field "nonexistent"/],
      ['deep', deep, /nested \d+ levels deep/],
      ['syntax', 'subscription {', /Syntax Error/],
      ['query', '{ findOneUser { id } }', /Use POST for queries and mutations/],
      ['mutation', 'mutation { _ping }', /Use POST for queries and mutations/],
      ['two', 'subscription A { userUpdated { id } } subscription B { userUpdated { id } }', /operation name/],
      ['var', 'subscription($x: Int!) { userUpdated { id } }', /Variable "\$x"/],
    ];
    for (const [id, query] of cases) raw.subscribe(id, query);
    for (const [id, , message] of cases) {
      const msg = await raw.waitFor((m) => m.id === id);
      expect(msg.type, id).toBe('error');
      expect(Array.isArray(msg.payload) && msg.payload.length > 0, id).toBe(true);
      const messages = (msg.payload as Array<{ message: string }>).map((e) => e.message);
      expect(messages.some((m) => message.test(m)), `${id}: ${messages.join(' | ')}`).toBe(true);
      expect(messages.join(' '), id).not.toMatch(/Did you mean/);
    }
    expect(raw.messages.some((m) => m.type === 'next' || m.type === 'complete')).toBe(false);
    // Still usable.
    raw.subscribe('ok', USER_UPDATED);
    await sleep(50);
    app.services.pubsub.publish(topics.userUpdated(org.member.id), { userId: org.member.id });
    expect((await raw.waitFor((m) => m.id === 'ok')).type).toBe('next');
    raw.close();
  });

  it('masks an internal error while starting a subscription', async () => {
    const me = await signedIn(app, org.member.email);
    const raw = await openRaw(url);
    await raw.init(me.token);
    const pubsub = app.services.pubsub as { subscribe: unknown };
    const real = pubsub.subscribe;
    pubsub.subscribe = () => { throw new Error('SECRET connect ECONNREFUSED 10.0.0.5:5432'); };
    try {
      raw.subscribe('1', USER_UPDATED);
      const msg = await raw.waitFor((m) => m.id === '1');
      expect(msg.type).toBe('error');
      expect(msg.payload[0]).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      expect(JSON.stringify(raw.messages)).not.toContain('SECRET');
    } finally {
      pubsub.subscribe = real;
    }
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    raw.close();
  });

  it('delivers userUpdated when the user changes (updateMe over HTTP), with loader-backed fields', async () => {
    const me = await signedIn(app, org.report.email);
    const raw = await openRaw(url);
    await raw.init(me.token);
    raw.subscribe('u', 'subscription { userUpdated { id full_name team { name } manager { email } } }');
    await sleep(50);
    const res = await me.gql('mutation($input: UpdateMeInput!) { updateMe(input: $input) { user { id } } }', { input: { full_name: 'Renamed Report' } });
    expect(res.errors).toBeUndefined();
    const msg = await raw.waitFor((m) => m.type === 'next');
    expect(msg).toEqual({ id: 'u', type: 'next', payload: { data: { userUpdated: { id: org.report.id, full_name: 'Renamed Report', team: { name: 'Core' }, manager: { email: org.manager.email } } } } });
    // Each event gets fresh loaders: a later event sees rows changed in between.
    app.services.db.$client.prepare('update teams set name = ? where id = ?').run('Renamed Core', org.team.id);
    app.services.pubsub.publish(topics.userUpdated(org.report.id), { userId: org.report.id });
    const second = await raw.waitFor((m) => m.type === 'next' && m !== msg);
    expect(second.payload.data.userUpdated.team).toEqual({ name: 'Renamed Core' });
    app.services.db.$client.prepare('update teams set name = ? where id = ?').run('Core', org.team.id);
    raw.close();
  });

  it('sends A nothing for B, and nothing after A completes', async () => {
    const a = await signedIn(app, org.member.email);
    const raw = await openRaw(url);
    await raw.init(a.token);
    raw.subscribe('1', USER_UPDATED);
    raw.subscribe('2', 'subscription { notificationAdded { id title } }');
    await sleep(50);
    const { pubsub } = app.services;
    pubsub.publish(topics.userUpdated(org.admin.id), { userId: org.admin.id });
    pubsub.publish(topics.notificationAdded(org.admin.id), { id: 'n-b', kind: 'x', title: 'for B', created_at: new Date().toISOString() });
    await sleep(100);
    expect(raw.messages.filter((m) => m.type === 'next')).toEqual([]);

    pubsub.publish(topics.userUpdated(org.member.id), { userId: org.member.id });
    expect((await raw.waitFor((m) => m.type === 'next' && m.id === '1')).payload.data.userUpdated.id).toBe(org.member.id);

    raw.send({ type: 'complete', id: '1' });
    await sleep(50);
    expect(pubsub.listenerCount(topics.userUpdated(org.member.id))).toBe(0);
    const before = raw.messages.length;
    pubsub.publish(topics.userUpdated(org.member.id), { userId: org.member.id });
    await sleep(100);
    expect(raw.messages.slice(before)).toEqual([]);
    raw.close();
    await raw.closed;
    await sleep(20);
    expect(pubsub.listenerCount(topics.notificationAdded(org.member.id))).toBe(0);
  });

  it(`caps active subscriptions at ${MAX_SUBSCRIPTIONS_PER_SOCKET} per socket with an error for the extra id`, async () => {
    const me = await signedIn(app, org.member.email);
    const raw = await openRaw(url);
    await raw.init(me.token);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET + 5; i++) raw.subscribe(`s${i}`, USER_UPDATED);
    const extra = await raw.waitFor((m) => m.id === `s${MAX_SUBSCRIPTIONS_PER_SOCKET}`);
    expect(extra.type).toBe('error');
    expect(extra.payload[0].message).toMatch(/Too many active subscriptions/);
    await raw.waitFor((m) => m.id === `s${MAX_SUBSCRIPTIONS_PER_SOCKET + 4}`);
    expect(raw.messages.filter((m) => m.type === 'error')).toHaveLength(5);
    expect(app.services.pubsub.listenerCount(topics.userUpdated(org.member.id))).toBe(MAX_SUBSCRIPTIONS_PER_SOCKET);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    raw.close();
  });
});

describe('session lifecycle', () => {
  it('closes 4403 when the session signs out (POST /api/auth/signout with CSRF)', async () => {
    const me = await signedIn(app, org.manager.email);
    const other = await signedIn(app, org.manager.email);
    const raw = await openRaw(url);
    await raw.init(me.token);
    raw.subscribe('1', USER_UPDATED);
    const otherRaw = await openRaw(url);
    await otherRaw.init(other.token);
    await sleep(50);
    const csrfToken = await me.browser.csrf();
    const res = await me.browser.request({ method: 'POST', url: '/api/auth/signout', form: { csrfToken, callbackUrl: BASE, json: 'true' } });
    expect(res.statusCode).toBe(200);
    expect(await raw.closedWithin()).toEqual({ code: 4403, reason: 'Forbidden' });
    // Another session of the same user is untouched.
    await sleep(50);
    expect(otherRaw.ws.readyState).toBe(WebSocket.OPEN);
    otherRaw.close();
  });

  it('closes 4403 when sessions are ended (endUserSessions)', async () => {
    const me = await signedIn(app, org.admin.email);
    const raw = await openRaw(url);
    await raw.init(me.token);
    endUserSessions(app.services, [org.admin.id]);
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

describe('real graphql-ws client', () => {
  it('connects with connectionParams { access_token } and receives events', async () => {
    const me = await signedIn(app, org.member.email);
    const client: Client = createClient({ url, webSocketImpl: WebSocket, connectionParams: { access_token: me.token }, retryAttempts: 0 });
    try {
      const received: unknown[] = [];
      let ready!: () => void;
      const connected = new Promise<void>((resolve) => (ready = resolve));
      client.on('connected', () => ready());
      const done = new Promise<void>((resolve, reject) => {
        client.subscribe<{ userUpdated: { id: string } }>({ query: USER_UPDATED }, {
          next: (value) => { received.push(value); resolve(); },
          error: reject,
          complete: () => undefined,
        });
      });
      await connected;
      await sleep(50);
      app.services.pubsub.publish(topics.userUpdated(org.member.id), { userId: org.member.id });
      await done;
      expect(received).toEqual([{ data: { userUpdated: { id: org.member.id, full_name: expect.any(String) } } }]);
    } finally {
      await client.dispose();
    }
  });

  it('sees close 4403 with a bad token and gets no ack', async () => {
    let acked = false;
    const client = createClient({ url, webSocketImpl: WebSocket, connectionParams: { access_token: 'bad' }, retryAttempts: 0 });
    client.on('connected', () => { acked = true; });
    try {
      const error = await new Promise<unknown>((resolve) => {
        client.subscribe({ query: USER_UPDATED }, { next: () => undefined, error: resolve, complete: () => resolve(null) });
      });
      expect(error).toMatchObject({ code: 4403, reason: 'Forbidden' });
      expect(acked).toBe(false);
    } finally {
      await client.dispose();
    }
  });

  it('gets an error (not next) for a validation failure', async () => {
    const me = await signedIn(app, org.member.email);
    const client = createClient({ url, webSocketImpl: WebSocket, connectionParams: { access_token: me.token }, retryAttempts: 0 });
    try {
      const error = await new Promise<unknown>((resolve) => {
        client.subscribe({ query: 'subscription { userUpdated { nope } }' }, { next: () => resolve('next'), error: resolve, complete: () => resolve('complete') });
      });
      expect(error).toEqual([expect.objectContaining({ message: expect.stringMatching(/Cannot query field "nope"/) })]);
    } finally {
      await client.dispose();
    }
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
      await sleep(200);
      expect(pings).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
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
