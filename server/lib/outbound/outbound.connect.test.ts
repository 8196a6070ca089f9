import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbound } from './outbound.policy.js';
import type { Refusal, Resolver } from './outbound.types.js';
import { startListener, type Listener } from './outbound.test-support.js';

/**
 * The guard where sockets are made (docs/decisions/0054), against listeners on this machine: the
 * fetch and the Node agents of a client refuse a refused address before any packet, resolve names
 * through the guard (every address checked, and the one connected to is the one checked: a name
 * that changes its answer between two requests cannot slip through), stay on their origin and
 * follow redirects only within it.
 */
let loopback: Listener;
let other: Listener;
let second: Listener;
beforeAll(async () => {
  // Each answer closes its connection: every request makes a new socket, so every request is checked.
  const close = { headers: { connection: 'close' } };
  [loopback, other, second] = await Promise.all([
    startListener({ host: '::', ...close }),
    startListener(close),
    startListener({ host: '127.0.0.2', ...close }),
  ]);
});
afterAll(async () => {
  await Promise.all([loopback?.close(), other?.close(), second?.close()]);
});

const names =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`no ${hostname}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

/** The cause of a failed fetch (its `code`), or 'ok' with the status. */
async function outcome(p: Promise<Response>): Promise<string> {
  try {
    const res = await p;
    await res.text();
    return `ok ${res.status}`;
  } catch (err) {
    return String((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message);
  }
}

function get(agent: http.Agent, url: string): Promise<string> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const req = http.get({ host: u.hostname, port: u.port, path: u.pathname, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(`ok ${res.statusCode}`));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

describe('a client’s fetch', () => {
  it('refuses loopback in every form, by address or by name, and the listener receives nothing', async () => {
    const refusals: Refusal[] = [];
    const outbound = new Outbound({
      resolve: names({ 'loopback.teamlens.test': ['127.0.0.1'], 'mixed.teamlens.test': ['93.184.216.34', '127.0.0.1'] }),
      onRefused: (r) => refusals.push(r),
    });
    const before = loopback.connections;
    const p = loopback.port;
    for (const base of [
      `http://127.0.0.1:${p}`,
      `https://127.0.0.1:${p}`,
      `http://0.0.0.0:${p}`,
      `http://[::1]:${p}`,
      `http://[::ffff:127.0.0.1]:${p}`,
      `http://2130706433:${p}`,
      `http://0x7f.1:${p}`,
      `https://loopback.teamlens.test:${p}`,
      `https://mixed.teamlens.test:${p}`,
    ]) {
      expect(await outcome(outbound.client(base).fetch(`${base}/user`)), base).toBe('EOUTBOUNDREFUSED');
    }
    // The system's resolver: localhost is loopback.
    expect(await outcome(new Outbound().client(`http://localhost:${p}`).fetch(`http://localhost:${p}/user`))).toBe('EOUTBOUNDREFUSED');
    expect(loopback.connections).toBe(before);
    expect(refusals.map((r) => r.reason)).toContain('a loopback address');
    expect(refusals.find((r) => r.host === 'mixed.teamlens.test')).toMatchObject({ address: '127.0.0.1' });
  });

  it('reaches an address the operator allows, over plain http', async () => {
    const outbound = new Outbound({ allowPrivate: ['127.0.0.1/32'] });
    expect(await outcome(outbound.client(other.url).fetch(`${other.url}/user`))).toBe('ok 200');
    expect(other.requests.at(-1)).toMatchObject({ path: '/user' });
  });

  it('connects to the address it checked: a name that turns to loopback after its first answer is refused on the next connection', async () => {
    let answers = 0;
    const rebinding: Resolver = async () => [{ address: answers++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
    const outbound = new Outbound({ allowPrivate: ['127.0.0.2/32'], resolve: rebinding });
    const base = `http://rebind.teamlens.test:${second.port}`;
    const before = { second: second.requests.length, loopback: loopback.connections, other: other.connections };
    expect(await outcome(outbound.client(base).fetch(`${base}/first`))).toBe('ok 200');
    expect(await outcome(outbound.client(base).fetch(`${base}/second`))).toBe('EOUTBOUNDREFUSED');
    expect(second.requests.slice(before.second).map((r) => r.path)).toEqual(['/first']);
    expect([loopback.connections, other.connections]).toEqual([before.loopback, before.other]);
  });

  it('stays on its origin: another origin, even one allowed, is never contacted', async () => {
    const outbound = new Outbound({ allowPrivate: ['127.0.0.0/8', '::1/128'] });
    const before = loopback.connections;
    expect(await outcome(outbound.client(other.url).fetch(`http://127.0.0.1:${loopback.port}/user`))).toBe('EOUTBOUNDREFUSED');
    expect(loopback.connections).toBe(before);
  });
});

describe('redirects', () => {
  const outbound = new Outbound({ allowPrivate: ['127.0.0.0/8'] });

  it('follows a GET within the origin, at most three times', async () => {
    const hops = await startListener({
      respond: (path) => (path === '/moved' ? { status: 200, body: '{"here":true}' } : { status: 302, headers: { location: '/moved' } }),
    });
    const loop = await startListener({ status: 302, headers: { location: '/again' } });
    try {
      const res = await outbound.client(hops.url).fetch(`${hops.url}/start`);
      expect(await res.json()).toEqual({ here: true });
      expect(await outcome(outbound.client(loop.url).fetch(`${loop.url}/start`))).toBe('EOUTBOUNDREFUSED');
      expect(loop.requests).toHaveLength(4);
      // Not another method, not when the caller asked for none.
      expect(await outcome(outbound.client(hops.url).fetch(`${hops.url}/start`, { method: 'POST', body: '{}' }))).toBe('EOUTBOUNDREFUSED');
      expect(await outcome(outbound.client(hops.url).fetch(`${hops.url}/start`, { redirect: 'error' }))).toBe('EOUTBOUNDREFUSED');
      expect((await outbound.client(hops.url).fetch(`${hops.url}/start`, { redirect: 'manual' })).status).toBe(302);
    } finally {
      await Promise.all([hops.close(), loop.close()]);
    }
  });

  it('never follows one to another origin, even an allowed one: the target receives nothing, so no credential', async () => {
    const away = await startListener({ status: 307, headers: { location: `http://127.0.0.1:${other.port}/stolen` } });
    try {
      const before = other.connections;
      const res = outbound.client(away.url).fetch(`${away.url}/user`, { headers: { authorization: 'Bearer secret-token' } });
      expect(await outcome(res)).toBe('EOUTBOUNDREFUSED');
      expect(other.connections).toBe(before);
      expect(away.requests).toHaveLength(1);
    } finally {
      await away.close();
    }
  });
});

describe('a client’s Node agents (axios, typed-rest-client)', () => {
  it('refuse a refused address or name, another origin and the other protocol; reach an allowed origin', async () => {
    const outbound = new Outbound({ allowPrivate: ['127.0.0.1/32'], resolve: names({ 'loopback.teamlens.test': ['::1'] }) });
    const before = loopback.connections;
    expect(await get(outbound.client(`http://[::1]:${loopback.port}`).httpAgent, `http://[::1]:${loopback.port}/`)).toBe('EOUTBOUNDREFUSED');
    expect(await get(outbound.client(`http://loopback.teamlens.test:${loopback.port}`).httpAgent, `http://loopback.teamlens.test:${loopback.port}/`)).toBe(
      'EOUTBOUNDREFUSED',
    );
    expect(await get(outbound.client(`http://0.0.0.0:${loopback.port}`).httpAgent, `http://0.0.0.0:${loopback.port}/`)).toBe('EOUTBOUNDREFUSED');
    const allowed = outbound.client(other.url);
    expect(await get(allowed.httpAgent, `http://127.0.0.1:${loopback.port}/`)).toBe('EOUTBOUNDREFUSED');
    expect(loopback.connections).toBe(before);
    expect(await get(allowed.httpAgent, `${other.url}/via-agent`)).toBe('ok 200');
    expect(other.requests.at(-1)).toMatchObject({ path: '/via-agent' });
    // typed-rest-client passes an IPv6 host in brackets: read as the address, not as a name.
    const v6 = new Outbound({ allowPrivate: ['::1/128'] }).client(`http://[::1]:${loopback.port}`);
    expect(
      await new Promise((resolve) => {
        http
          .get({ host: '[::1]', port: loopback.port, path: '/bracketed', agent: v6.httpAgent }, (res) => {
            res.resume();
            resolve(res.statusCode);
          })
          .on('error', (e) => resolve(e.message));
      }),
    ).toBe(200);
    expect(allowed.httpsAgent).not.toBe(allowed.agent);
    expect(allowed.agent).toBe(allowed.httpAgent);
  });
});
