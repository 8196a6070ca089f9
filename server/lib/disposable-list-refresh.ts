/**
 * Periodic refresh of the disposable mail domain list from an admin's URL
 * (DISPOSABLE_LIST_URL, docs/email-check.md).
 *
 * The downloaded list is an EXTRA set next to the shipped one (shared/email-domains/disposable.ts):
 * the shipped list always stays, so the check works offline and a broken download can only ever
 * cost the extra entries' freshness. A download replaces the previous extra set only when it looks
 * like a list: HTTP 2xx, not HTML, at most `maxBytes`, plain text (one domain a line, `#` comments)
 * or a JSON array of strings, at least `minDomains` valid domains and mostly domains. Anything else
 * is logged and the previous extra set is kept. Conditional requests (ETag / Last-Modified) make
 * an unchanged list cost one 304.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import {
  clearExtraDisposableDomains,
  extraDisposableDomains,
  guardExtraDisposableList,
  setExtraDisposableDomains,
} from '../../shared/email-domains/disposable.js';

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
/** Fewer valid domains than this is treated as a broken download, not as a short list. */
export const DEFAULT_MIN_DOMAINS = 100;
/** After a failed attempt the next one comes sooner than the full interval (never later). */
export const DEFAULT_RETRY_MS = 3_600_000;

export type RefreshLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export type RefreshResult =
  | { status: 'disabled' }
  | { status: 'updated'; domains: number; extra: number; invalid: number; guarded: number }
  | { status: 'unchanged' }
  | { status: 'failed'; reason: string };

export interface DisposableListRefresherOptions {
  /** http(s) URL of the list; without it nothing is ever fetched. */
  readonly url: string | undefined;
  readonly intervalMs: number;
  readonly log: RefreshLog;
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  readonly minDomains?: number;
  readonly retryMs?: number;
  readonly fetch?: typeof fetch;
}

export interface DisposableListRefresher {
  /** One download now (joins one already running). Never rejects. */
  refreshOnce(): Promise<RefreshResult>;
  /** Downloads in the background now, then every interval. No-op without a URL. */
  start(): void;
  /** Clears the timer, aborts a download in flight, and removes the extra set this refresher installed. */
  stop(): void;
}

class ListError extends Error {}

/** The URL as logged: no credentials, no query (either may hold a token). */
function urlForLog(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

async function readCapped(res: Response, maxBytes: number, abort: () => void): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) {
    abort();
    throw new ListError(`too big: ${declared} bytes declared, limit ${maxBytes}`);
  }
  if (res.body === null) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      abort();
      await reader.cancel().catch(() => undefined);
      throw new ListError(`too big: more than ${maxBytes} bytes`);
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** Plain text (one domain a line; blank lines and `#` comments ignored) or a JSON array of strings. */
export function parseDomainList(text: string): unknown[] {
  const body = text.replace(/^\uFEFF/, '');
  const first = /\S/.exec(body)?.[0];
  if (first === '[') {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      throw new ListError('not valid JSON');
    }
    if (!Array.isArray(data)) throw new ListError('JSON is not an array');
    return data;
  }
  if (first === '{') throw new ListError('JSON object, expected an array of domains');
  if (first === '<') throw new ListError('markup (HTML or XML), expected a list of domains');
  const entries: string[] = [];
  for (const line of body.split('\n')) {
    const hash = line.indexOf('#'); // '#' cannot be in a domain: the rest of the line is a comment
    const entry = (hash === -1 ? line : line.slice(0, hash)).trim();
    if (entry !== '') entries.push(entry);
  }
  return entries;
}

export function createDisposableListRefresher(options: DisposableListRefresherOptions): DisposableListRefresher {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const minDomains = options.minDomains ?? DEFAULT_MIN_DOMAINS;
  const retryMs = Math.min(options.retryMs ?? DEFAULT_RETRY_MS, options.intervalMs);
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const log = options.log;

  // fetch() refuses URLs with credentials: send them as Basic authentication instead.
  let target: URL | null = null;
  let authorization: string | null = null;
  if (options.url !== undefined) {
    target = new URL(options.url);
    if (target.username !== '' || target.password !== '') {
      const user = decodeURIComponent(target.username);
      const password = decodeURIComponent(target.password);
      authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      target.username = '';
      target.password = '';
    }
  }
  const logUrl = target === null ? '' : urlForLog(target);

  let etag: string | null = null;
  let lastModified: string | null = null;
  let installed = false;
  let stopped = false;
  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<RefreshResult> | null = null;
  let controller: AbortController | null = null;

  async function download(url: URL): Promise<RefreshResult> {
    const ac = new AbortController();
    controller = ac;
    try {
      const headers: Record<string, string> = {
        accept: 'text/plain, application/json;q=0.9, */*;q=0.1',
        'user-agent': 'Teamlens (disposable mail domain list refresh)',
      };
      if (authorization !== null) headers.authorization = authorization;
      if (installed && etag !== null) headers['if-none-match'] = etag;
      if (installed && lastModified !== null) headers['if-modified-since'] = lastModified;
      const signal = AbortSignal.any([ac.signal, AbortSignal.timeout(timeoutMs)]);
      const res = await doFetch(url, { headers, signal, redirect: 'follow' });
      if (res.status === 304) {
        await res.body?.cancel().catch(() => undefined);
        return { status: 'unchanged' };
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new ListError(`HTTP ${res.status}`);
      }
      const type = res.headers.get('content-type') ?? '';
      if (/\bhtml\b/i.test(type)) {
        await res.body?.cancel().catch(() => undefined);
        throw new ListError(`content type ${type}, expected a list of domains`);
      }
      const text = await readCapped(res, maxBytes, () => ac.abort());
      const list = guardExtraDisposableList(parseDomainList(text));
      const valid = list.domains.size;
      if (valid < minDomains) throw new ListError(`only ${valid} valid domains (at least ${minDomains} expected)`);
      if (list.invalid > valid) throw new ListError(`mostly not domains: ${list.invalid} invalid entries, ${valid} valid`);
      if (stopped) return { status: 'failed', reason: 'stopped' };
      const extra = setExtraDisposableDomains(list.domains);
      installed = true;
      etag = res.headers.get('etag');
      lastModified = res.headers.get('last-modified');
      return { status: 'updated', domains: valid, extra, invalid: list.invalid, guarded: list.guarded };
    } finally {
      if (controller === ac) controller = null;
    }
  }

  function describe(err: unknown): string {
    if (err instanceof ListError) return err.message;
    if (err instanceof Error) {
      if (err.name === 'TimeoutError') return `timed out after ${timeoutMs} ms`;
      if (err.name === 'AbortError') return 'aborted';
      const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
      const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : null;
      return detail === null ? err.message : `${err.message} (${detail})`;
    }
    return String(err);
  }

  async function attempt(url: URL): Promise<RefreshResult> {
    let result: RefreshResult;
    try {
      result = await download(url);
    } catch (err) {
      result = { status: 'failed', reason: describe(err) };
    }
    if (stopped) return result;
    if (result.status === 'updated') {
      log.info(
        { url: logUrl, domains: result.domains, extra: result.extra, invalid: result.invalid, guarded: result.guarded },
        'disposable mail domain list refreshed',
      );
    } else if (result.status === 'unchanged') {
      log.info({ url: logUrl, extra: extraDisposableDomains().size }, 'disposable mail domain list unchanged');
    } else if (result.status === 'failed') {
      log.warn(
        { url: logUrl, reason: result.reason, kept: installed ? extraDisposableDomains().size : 0 },
        'disposable mail domain list refresh failed; keeping the previous list',
      );
    }
    return result;
  }

  function refreshOnce(): Promise<RefreshResult> {
    if (target === null) return Promise.resolve({ status: 'disabled' });
    inFlight ??= attempt(target).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function cycle(): Promise<void> {
    const result = await refreshOnce();
    if (stopped) return;
    timer = setTimeout(() => void cycle(), result.status === 'failed' ? retryMs : options.intervalMs);
    timer.unref();
  }

  return {
    refreshOnce,
    start() {
      if (target === null || started || stopped) return;
      started = true;
      void cycle();
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      controller?.abort();
      if (installed) clearExtraDisposableDomains();
      installed = false;
    },
  };
}

/** Starts the background refresh from the configuration (nothing is fetched without a URL). */
export function startDisposableListRefresh(config: Config, log: RefreshLog): DisposableListRefresher {
  const refresher = createDisposableListRefresher({ url: config.disposableListUrl, intervalMs: config.disposableListRefreshMs, log });
  refresher.start();
  return refresher;
}
