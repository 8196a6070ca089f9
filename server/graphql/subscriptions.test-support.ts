import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { createTestApp, seedOrg } from '../test/helpers.js';

/**
 * Shared setup for the graphql-transport-ws tests (subscriptions.*.test.ts): the app listening on
 * a real port, and a raw client that records every message and the close event.
 */
type Msg = { type: string; id?: unknown; payload?: any };
type Closed = { code: number; reason: string };

/** A raw graphql-transport-ws client over `ws`: every message and the close event are recorded. */
export class Raw {
  readonly messages: Msg[] = [];
  readonly closed: Promise<Closed>;
  private waiters: Array<() => void> = [];
  private pings = 0;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as Msg);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const w of this.waiters.splice(0)) w();
      }),
    );
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
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /**
   * A round trip: a ping, and its pong. The server reads a socket's messages in order and answers a
   * ping at once, so the pong says that everything sent before it was read (and that the socket is
   * still served); throws if the socket closes first.
   */
  async roundTrip(ms = 5000): Promise<void> {
    const n = ++this.pings;
    this.send({ type: 'ping', payload: { roundTrip: n } });
    await this.waitFor((m) => m.type === 'pong' && m.payload?.roundTrip === n, ms);
  }

  async closedWithin(ms = 2000): Promise<Closed> {
    return Promise.race([
      this.closed,
      sleep(ms).then(() => {
        throw new Error(`not closed within ${ms} ms; got ${JSON.stringify(this.messages)}`);
      }),
    ]);
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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `count` subscriptions listen on `topic`: the server does not acknowledge a `subscribe`,
 * so this is how a test knows an event published now reaches it (0: the subscription has ended).
 */
export async function listening(app: FastifyInstance, topic: string, count = 1): Promise<void> {
  await vi.waitFor(() => expect(app.services.pubsub.listenerCount(topic)).toBe(count), { timeout: 5000, interval: 5 });
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`;
}

type OpenResult = { raw: Raw } | { status: number } | { error: Error };

export function open(url: string, opts: { protocols?: string | string[]; origin?: string } = {}): Promise<OpenResult> {
  const protocols = opts.protocols ?? 'graphql-transport-ws';
  const ws = new WebSocket(url, protocols === '' ? undefined : protocols, opts.origin ? { origin: opts.origin } : {});
  const raw = new Raw(ws);
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ raw }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('error', (error) => resolve({ error }));
  });
}

export async function openRaw(url: string, opts: { protocols?: string | string[]; origin?: string } = {}): Promise<Raw> {
  const result = await open(url, opts);
  if (!('raw' in result)) throw new Error(`handshake failed: ${JSON.stringify(result)}`);
  return result.raw;
}

export const USER_UPDATED = 'subscription { userUpdated { id full_name } }';

export type SocketOrg = Awaited<ReturnType<typeof seedOrg>>;

/**
 * Registers the file's beforeAll/afterAll: the real app listening on a free local port (`t.url`),
 * with one organization (Socky), closed after the file. Read `t.app`, `t.url` and `t.org` in tests
 * (they are set once beforeAll has run).
 */
export function useSocketApp(): { readonly app: FastifyInstance; readonly url: string; readonly org: SocketOrg } {
  let app: FastifyInstance;
  let url: string;
  let org: SocketOrg;
  beforeAll(async () => {
    app = await createTestApp();
    url = await listen(app);
    org = await seedOrg(app, 'Socky');
  });
  afterAll(async () => {
    await app.close();
  });
  return {
    get app() {
      return app;
    },
    get url() {
      return url;
    },
    get org() {
      return org;
    },
  };
}
