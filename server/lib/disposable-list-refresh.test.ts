import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { domainToASCII } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classifyEmailDomain, createEmailCheck, isBlockedEmail } from '../../shared/email-check.js';
import { clearExtraDisposableDomains, extraDisposableDomains, setExtraDisposableDomains } from '../../shared/email-domains/disposable.js';
import { loadConfig } from '../config.js';
import { createTestApp } from '../test/helpers.js';
import {
  createDisposableListRefresher,
  type DisposableListRefresher,
  type DisposableListRefresherOptions,
  type RefreshLog,
} from './disposable-list-refresh.js';
import { DAY_MS } from '../../shared/dates.days.js';

/** Domains on no shipped list (the served lists need at least 100 valid domains). */
const burners = (n: number, tag = 'a') => Array.from({ length: n }, (_, i) => `burner-${tag}${i}.teamlens-test.com`);
const ONLY_SERVED = 'burner-a7.teamlens-test.com';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

let server: http.Server;
let baseUrl: string;
let handler: Handler;
let requests: http.IncomingMessage[];
const refreshers: DisposableListRefresher[] = [];

function serveText(body: string, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  };
}

function fakeLog() {
  const info = vi.fn();
  const warn = vi.fn();
  return { info, warn, log: { info, warn } as unknown as RefreshLog };
}

function refresher(options: Partial<DisposableListRefresherOptions> = {}) {
  const logs = fakeLog();
  const r = createDisposableListRefresher({ url: `${baseUrl}/list.txt`, intervalMs: 3_600_000, log: logs.log, ...options });
  refreshers.push(r);
  return { r, ...logs };
}

/** The refresher's interval on a fake clock: only its timers (the list still comes over HTTP from the local server). */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

/** Waits (up to 5 s) until `ok()`, looking again after each turn of the event loop: the fake clock stands still meanwhile. */
async function until(ok: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A refresher that has installed the served list of burners(120). */
async function installed(options: Partial<DisposableListRefresherOptions> = {}) {
  handler = serveText(burners(120).join('\n'));
  const made = refresher(options);
  expect(await made.r.refreshOnce()).toMatchObject({ status: 'updated', domains: 120, extra: 120 });
  expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(true);
  return made;
}

beforeEach(async () => {
  requests = [];
  handler = (_req, res) => res.writeHead(404).end();
  server = http.createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  vi.useRealTimers();
  for (const r of refreshers.splice(0)) r.stop();
  clearExtraDisposableDomains();
  vi.restoreAllMocks();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('disposable list refresh', () => {
  it('adds the domains of a plain-text list to the check', async () => {
    const body = [
      '# disposable domains, one a line',
      '',
      ...burners(120).map((d, i) => (i % 10 === 0 ? `  ${d.toUpperCase()}.  ` : d)),
      'burner-extra.teamlens-test.com # an inline comment',
      '\r',
    ].join('\r\n');
    handler = serveText(body);
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(false);
    const { r, info, warn } = refresher();
    expect(await r.refreshOnce()).toEqual({ status: 'updated', domains: 121, extra: 121, invalid: 0, guarded: 0 });
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(true);
    expect(isBlockedEmail('x@burner-a0.teamlens-test.com')).toBe(true); // was upper case with a trailing dot
    expect(isBlockedEmail('x@burner-extra.teamlens-test.com')).toBe(true);
    expect(classifyEmailDomain(`x@mail.${ONLY_SERVED}`)).toBe('disposable'); // subdomains too
    expect(createEmailCheck().classify(`x@${ONLY_SERVED}`)).toBe('disposable');
    expect(createEmailCheck({ allowed: [ONLY_SERVED] }).isBlocked(`x@${ONLY_SERVED}`)).toBe(false);
    expect(isBlockedEmail('x@teamlens-test.com')).toBe(false); // a parent is not listed
    expect(isBlockedEmail('x@mailinator.com')).toBe(true); // the shipped list stays
    expect(requests[0]?.headers['if-none-match']).toBeUndefined();
    expect(info).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('accepts a JSON array of strings', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([...burners(120), 42, null, 'not a domain!']));
    };
    const { r } = refresher({ url: `${baseUrl}/list.json` });
    expect(await r.refreshOnce()).toMatchObject({ status: 'updated', domains: 120, invalid: 3 });
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(true);
  });

  it('replaces the previous extra list: a domain dropped by a later refresh is unblocked', async () => {
    const { r } = await installed();
    handler = serveText(burners(120, 'b').join('\n'));
    expect(await r.refreshOnce()).toMatchObject({ status: 'updated', domains: 120 });
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(false);
    expect(isBlockedEmail('x@burner-b7.teamlens-test.com')).toBe(true);
    expect(extraDisposableDomains().size).toBe(120);
  });

  it('applies the guards: public suffixes, free providers and real organisations are never disposable', async () => {
    handler = serveText(
      [...burners(120), 'com', 'edu.pl', 'co.uk', 'github.io', 'gmail.com', 'yahoo.co.uk', 'nus.edu.sg', 'cs.nus.edu.sg', 'mailinator.com'].join('\n'),
    );
    const { r } = refresher();
    // gmail.com, yahoo.co.uk, nus.edu.sg and its subdomain are dropped; 'com' is not a domain;
    // edu.pl, co.uk and github.io are kept but never match; mailinator.com is already shipped.
    expect(await r.refreshOnce()).toMatchObject({ status: 'updated', domains: 124, extra: 123, invalid: 1, guarded: 4 });
    for (const email of ['x@uw.edu.pl', 'x@edu.pl', 'x@acme.com', 'x@acme.co.uk', 'x@me.github.io', 'x@comp.nus.edu.sg', 'x@nus.edu.sg']) {
      expect(isBlockedEmail(email), email).toBe(false);
    }
    expect(classifyEmailDomain('x@gmail.com')).toBe('free');
    expect(classifyEmailDomain('x@yahoo.co.uk')).toBe('free');
    expect(classifyEmailDomain('x@mail.gmail.com')).toBeNull();
    expect(extraDisposableDomains().has('gmail.com')).toBe(false);
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(true);
  });

  it('keeps the previous list and logs when the server answers 500', async () => {
    const { r, warn } = await installed();
    handler = (_req, res) => res.writeHead(500).end('oops');
    expect(await r.refreshOnce()).toEqual({ status: 'failed', reason: 'HTTP 500' });
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reason: 'HTTP 500', kept: 120 }), expect.stringContaining('keeping the previous list'));
  });

  it('keeps the previous list when the server does not answer in time', async () => {
    const { r, warn } = await installed({ timeoutMs: 200 });
    handler = () => undefined; // never answers
    expect(await r.refreshOnce()).toEqual({ status: 'failed', reason: 'timed out after 200 ms' });
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('keeps the previous list when the body stalls after the headers', async () => {
    const { r } = await installed({ timeoutMs: 300 });
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write(`${burners(120, 'c').join('\n')}\n`); // and never ends
    };
    expect(await r.refreshOnce()).toEqual({ status: 'failed', reason: 'timed out after 300 ms' });
    expect(isBlockedEmail('x@burner-c7.teamlens-test.com')).toBe(false);
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(true);
  });

  it('keeps the previous list when the list is too big (declared or streamed)', async () => {
    const { r, warn } = await installed({ maxBytes: 10_000 });
    const big = burners(1000, 'd').join('\n'); // ~29 kB
    handler = serveText(big); // with Content-Length
    expect(await r.refreshOnce()).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^too big: \d+ bytes declared/) });
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }); // chunked, no Content-Length
      for (let i = 0; i < 10; i++) res.write(big.slice(i * 3000, (i + 1) * 3000));
      res.end(big.slice(30_000));
    };
    expect(await r.refreshOnce()).toMatchObject({ status: 'failed', reason: 'too big: more than 10000 bytes' });
    expect(isBlockedEmail('x@burner-d7.teamlens-test.com')).toBe(false);
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(true);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('keeps the previous list when the content is not a domain list', async () => {
    const { r, warn } = await installed();
    const garbage: Array<[Handler, RegExp]> = [
      [serveText('<!doctype html><html><body>Sign in to the portal</body></html>', { 'content-type': 'text/html' }), /content type text\/html/],
      [serveText(`<html>\n${burners(200, 'e').join('\n')}\n</html>`, { 'content-type': 'text/plain' }), /markup/],
      [serveText('[ "a.com", "b.com", '), /not valid JSON/],
      [serveText(JSON.stringify({ domains: burners(200, 'e') })), /JSON object/],
      [serveText(Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256)).toString('latin1')), /valid domains/],
      [serveText([...burners(150, 'e'), ...Array.from({ length: 200 }, (_, i) => `line ${i}: not a domain`)].join('\n')), /mostly not domains/],
      [serveText(''), /only 0 valid domains/],
    ];
    for (const [serve, reason] of garbage) {
      handler = serve;
      const result = await r.refreshOnce();
      expect(result.status, String(reason)).toBe('failed');
      expect(result.status === 'failed' ? result.reason : '').toMatch(reason);
    }
    expect(isBlockedEmail('x@burner-e7.teamlens-test.com')).toBe(false);
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(true);
    expect(extraDisposableDomains().size).toBe(120);
    expect(warn).toHaveBeenCalledTimes(garbage.length);
  });

  it('keeps the previous list when the new one is suspiciously short', async () => {
    const { r, warn } = await installed();
    handler = serveText([...burners(99, 'f'), 'gmail.com', 'com'].join('\n'));
    expect(await r.refreshOnce()).toEqual({ status: 'failed', reason: 'only 99 valid domains (at least 100 expected)' });
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(true);
    expect(isBlockedEmail('x@burner-f7.teamlens-test.com')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('sends the validators of the installed list and treats 304 as unchanged', async () => {
    const body = burners(120).join('\n');
    const etag = '"v1"';
    const lastModified = 'Tue, 01 Jul 2025 10:00:00 GMT';
    handler = (req, res) => {
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
      res.writeHead(200, { 'content-type': 'text/plain', etag, 'last-modified': lastModified });
      res.end(body);
    };
    const { r, warn } = refresher();
    expect(await r.refreshOnce()).toMatchObject({ status: 'updated' });
    expect(await r.refreshOnce()).toEqual({ status: 'unchanged' });
    expect(requests[1]?.headers['if-none-match']).toBe(etag);
    expect(requests[1]?.headers['if-modified-since']).toBe(lastModified);
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('does not send the validators of a rejected list', async () => {
    const { r } = await installed();
    handler = serveText('too short', { etag: '"bad"' });
    await r.refreshOnce();
    handler = serveText(burners(120).join('\n'));
    await r.refreshOnce();
    expect(requests[2]?.headers['if-none-match']).toBeUndefined();
  });

  it('fetches nothing without a URL', async () => {
    const spy = vi.fn<typeof fetch>();
    fakeClock();
    const { r } = refresher({ url: undefined, fetch: spy, intervalMs: 10 });
    r.start();
    expect(await r.refreshOnce()).toEqual({ status: 'disabled' });
    // A hundred intervals on the fake clock: a refresh it had scheduled would have started.
    await vi.advanceTimersByTimeAsync(100 * 10);
    expect(spy).not.toHaveBeenCalled();
  });

  it('refreshes at start and then every interval, until stopped', async () => {
    let version = 0;
    handler = (_req, res) => {
      version++;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(burners(120, `v${version}-`).join('\n'));
    };
    fakeClock();
    let downloads = 0; // counted as each starts (a timer that fires starts one at once)
    const { r } = refresher({
      intervalMs: 40,
      fetch: (input, init) => {
        downloads++;
        return fetch(input, init);
      },
    });
    r.start();
    r.start(); // idempotent
    for (let n = 1; n <= 3; n++) {
      expect(downloads).toBe(n);
      await until(() => isBlockedEmail(`x@burner-v${n}-7.teamlens-test.com`), `list ${n}`);
      if (n === 3) break;
      await vi.advanceTimersByTimeAsync(39);
      expect(downloads).toBe(n); // not before the interval has passed
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(requests).toHaveLength(3);
    expect(isBlockedEmail('x@burner-v1-7.teamlens-test.com')).toBe(false); // replaced since
    r.stop();
    // Ten intervals on the fake clock: a refresh still scheduled would have started.
    await vi.advanceTimersByTimeAsync(10 * 40);
    expect(downloads).toBe(3);
    expect(extraDisposableDomains().size).toBe(0); // stop removes what this refresher installed
  });

  it('retries a failed download sooner than the interval', async () => {
    handler = (_req, res) => res.writeHead(503).end();
    const { r, warn } = refresher({ intervalMs: 3_600_000, retryMs: 30 });
    r.start();
    await vi.waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(3), { timeout: 5000, interval: 10 });
    expect(warn.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('stop() aborts a download in flight, which then installs nothing', async () => {
    let release: () => void = () => undefined;
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write(`${burners(120).join('\n')}\n`);
      release = () => res.end();
    };
    const { r, warn } = refresher();
    const pending = r.refreshOnce();
    await vi.waitFor(() => expect(requests.length).toBe(1));
    r.stop();
    release();
    expect(await pending).toMatchObject({ status: 'failed' });
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('sends URL credentials as Basic authentication and keeps them (and the query) out of the log', async () => {
    handler = serveText(burners(120).join('\n'));
    const url = new URL(`${baseUrl}/list.txt?token=s3cret`);
    url.username = 'admin';
    url.password = 'p@ss';
    const { r, info } = refresher({ url: url.href });
    expect(await r.refreshOnce()).toMatchObject({ status: 'updated' });
    expect(requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from('admin:p@ss').toString('base64')}`);
    expect(requests[0]?.url).toBe('/list.txt?token=s3cret');
    const logged = JSON.stringify(info.mock.calls);
    expect(logged).toContain(`${baseUrl}/list.txt`);
    expect(logged).not.toMatch(/s3cret|p@ss|p%40ss|admin/);
  });

  it('joins a refresh already running', async () => {
    handler = serveText(burners(120).join('\n'));
    const { r } = refresher();
    const [a, b] = await Promise.all([r.refreshOnce(), r.refreshOnce()]);
    expect(a).toBe(b);
    expect(requests.length).toBe(1);
  });
});

describe('setExtraDisposableDomains', () => {
  it('normalises, guards and replaces', () => {
    expect(setExtraDisposableDomains([' Burner-X.Teamlens-Test.COM. ', 'bad domain', 'gmail.com', 'mailinator.com', '雨云-test.com'])).toBe(2);
    expect([...extraDisposableDomains()].sort()).toEqual(['burner-x.teamlens-test.com', domainToASCII('雨云-test.com')].sort());
    expect(isBlockedEmail('x@雨云-test.com')).toBe(true);
    setExtraDisposableDomains([]);
    expect(isBlockedEmail('x@burner-x.teamlens-test.com')).toBe(false);
  });
});

describe('configuration and wiring', () => {
  it('reads DISPOSABLE_LIST_URL and DISPOSABLE_LIST_REFRESH_HOURS', () => {
    expect(loadConfig({})).toMatchObject({ disposableListUrl: undefined, disposableListRefreshMs: DAY_MS });
    expect(loadConfig({ DISPOSABLE_LIST_URL: 'https://lists.example.com/disposable.txt', DISPOSABLE_LIST_REFRESH_HOURS: '6' })).toMatchObject({
      disposableListUrl: 'https://lists.example.com/disposable.txt',
      disposableListRefreshMs: 6 * 3_600_000,
    });
    expect(() => loadConfig({ DISPOSABLE_LIST_URL: 'ftp://lists.example.com/x' })).toThrow(/DISPOSABLE_LIST_URL/);
    expect(() => loadConfig({ DISPOSABLE_LIST_URL: 'not a url' })).toThrow(/DISPOSABLE_LIST_URL/);
    expect(() => loadConfig({ DISPOSABLE_LIST_REFRESH_HOURS: '0.5' })).toThrow(/DISPOSABLE_LIST_REFRESH_HOURS/);
    expect(() => loadConfig({ DISPOSABLE_LIST_REFRESH_HOURS: '10000' })).toThrow(/DISPOSABLE_LIST_REFRESH_HOURS/);
  });

  it('the app fetches nothing without a URL', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    // Built and ready: with a URL the first download would have started as the app was built (startDisposableListRefresh in server/app.ts).
    const app = await createTestApp();
    await app.close();
    expect(spy).not.toHaveBeenCalled();
  });

  it('the app loads the list in the background and drops it on close', async () => {
    handler = serveText(burners(120).join('\n'));
    const app = await createTestApp({ DISPOSABLE_LIST_URL: `${baseUrl}/list.txt` });
    try {
      await vi.waitFor(() => expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(true), { timeout: 5000, interval: 10 });
      expect(requests.length).toBe(1);
    } finally {
      await app.close();
    }
    expect(isBlockedEmail(`x@${ONLY_SERVED}`)).toBe(false);
  });
});
