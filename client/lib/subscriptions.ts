/**
 * The one subscription client (graphql-transport-ws at /graphql), created on first use.
 * Lazy; 5 retries waiting 2^n s plus 300-3000 ms jitter; never retried on fatal close
 * codes; each connection asks the session for a fresh access token.
 */
import { createClient, type Client, type Sink } from 'graphql-ws/client';
import { auth } from './auth.js';
import type { Document, VariablesArgument } from './graphql.js';

export const RETRY_ATTEMPTS = 5;

/** Close codes after which reconnecting cannot help (docs/protocols.md, close codes). */
export const FATAL_CLOSE_CODES: ReadonlySet<number> = new Set([4400, 4401, 4406, 4409, 4429, 4500, 4004, 4005]);

export function isFatalCloseCode(code: number): boolean {
  if (FATAL_CLOSE_CODES.has(code)) return true;
  // 1000-1999 are fatal except the ones a reconnect can fix.
  return code >= 1000 && code < 2000 && ![1000, 1001, 1005, 1006, 1012, 1013, 1014].includes(code);
}

/** Base 1 s doubled per retry, plus 300-3000 ms of jitter (docs/product/session.md). */
export function retryDelayMs(retries: number, random: () => number = Math.random): number {
  return 2 ** retries * 1000 + Math.floor(random() * (3000 - 300) + 300);
}

/**
 * Retry a close that a reconnect can fix, and a connection that failed before it opened (the
 * socket's `error` event, which arrives before its close: graphql-ws's default would treat it as
 * fatal and stop retrying while the server restarts). Anything else (a thrown Error) is fatal.
 */
export function shouldRetry(problem: unknown): boolean {
  if (!problem || typeof problem !== 'object') return false;
  if ('code' in problem) {
    const code = (problem as { code: unknown }).code;
    return typeof code === 'number' && !isFatalCloseCode(code);
  }
  return (problem as { type?: unknown }).type === 'error';
}

let client: Client | null = null;

export function subscriptionClient(): Client {
  client ??= createClient({
    url: () => {
      const url = new URL('/graphql', window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      return url.href;
    },
    lazy: true,
    // A component that re-subscribes right away (route change, remount) reuses the socket.
    lazyCloseTimeout: 3_000,
    retryAttempts: RETRY_ATTEMPTS,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries))),
    shouldRetry,
    connectionParams: async () => ({ access_token: await auth.getAccessToken() }),
  });
  return client;
}

/** Subscribes to one operation; returns the function that ends it. */
export function subscribe<Result, Variables>(
  query: Document<Result, Variables>,
  sink: Sink<{ data?: Result | null }>,
  ...[variables]: VariablesArgument<Variables>
): () => void {
  return subscriptionClient().subscribe<Result>({ query, variables: variables as Record<string, unknown> | undefined }, sink as Sink);
}
