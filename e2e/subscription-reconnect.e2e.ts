/**
 * docs/protocols.md, security bar 46: the web app's subscription client (the real graphql-ws
 * client with client/lib/subscriptions.ts's retry rules) against the real server process.
 * When the server goes away (close 1001) it reconnects after 1.3-4 s, then 2.3-5 s, and gives
 * up after 5 attempts, handing the close event to the subscriber.
 */
import { beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { RETRY_ATTEMPTS, retryDelayMs, shouldRetry } from '../client/lib/subscriptions.js';
import { E2E_ADMIN } from './server.js';
import { accessTokenFor, useServer } from './harness.js';

const e2e = useServer();
let token = '';

const signIn = (url: string) => accessTokenFor(url, E2E_ADMIN.email);

/** Origin set as a browser would, so the server's Origin check passes. */
function originSocket(origin: string) {
  return class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { origin });
    }
  };
}

beforeAll(async () => {
  token = await signIn(e2e.server.url);
});

it('reconnects after 1.3-4 s, then 2.3-5 s, when the server goes away', async () => {
  const url = e2e.server.url;
  const connectingAt: number[] = [];
  let closedAt = 0;
  const client: Client = createClient({
    url: url.replace('http', 'ws') + '/graphql',
    webSocketImpl: originSocket(url),
    lazy: true,
    retryAttempts: RETRY_ATTEMPTS,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries))),
    shouldRetry,
    connectionParams: () => ({ access_token: token }),
    on: {
      connecting: () => connectingAt.push(Date.now()),
      closed: () => (closedAt ||= Date.now()),
    },
  });
  const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
  const finished = new Promise<unknown>((resolve) => {
    client.subscribe({ query: 'subscription { userUpdated { id } }' }, { next: () => undefined, error: resolve, complete: () => resolve('complete') });
  });
  await connected;
  expect(connectingAt).toHaveLength(1);

  await e2e.server.stop(); // SIGTERM: the server closes the socket with 1001 (going away); afterAll's stop then has nothing to do
  while (connectingAt.length < 3) await new Promise((r) => setTimeout(r, 50));
  const firstWait = connectingAt[1]! - closedAt;
  const secondWait = connectingAt[2]! - connectingAt[1]!;
  expect(firstWait).toBeGreaterThanOrEqual(1300 - 50);
  expect(firstWait).toBeLessThanOrEqual(4000 + 500);
  expect(secondWait).toBeGreaterThanOrEqual(2300 - 50);
  expect(secondWait).toBeLessThanOrEqual(5000 + 500);
  // dispose() waits for the attempt in flight, which the stopped server refuses.
  await Promise.resolve(client.dispose()).catch(() => undefined);
  void finished;
}, 30_000);

it('gives up after 5 reconnect attempts and hands the last problem to the subscriber', async () => {
  // The same retry rules, without the waits: the server is down, so every attempt fails at once.
  let attempts = 0;
  const client = createClient({
    url: 'ws://127.0.0.1:9/graphql',
    webSocketImpl: WebSocket,
    lazy: true,
    retryAttempts: RETRY_ATTEMPTS,
    retryWait: () => Promise.resolve(),
    shouldRetry,
    on: { connecting: () => attempts++ },
  });
  const problem = await new Promise<unknown>((resolve) => {
    client.subscribe({ query: 'subscription { userUpdated { id } }' }, { next: () => undefined, error: resolve, complete: () => resolve('complete') });
  });
  expect(attempts).toBe(1 + RETRY_ATTEMPTS);
  expect(problem).toMatchObject({ type: 'error' }); // the refused connection's error event
  await Promise.resolve(client.dispose()).catch(() => undefined);
});
