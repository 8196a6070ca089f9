/**
 * A fetch (the connection's guarded one, server/lib/outbound) that stops when a sync's signal aborts, without leaving a listener on that signal per
 * request: a backfill makes thousands of requests under one job's signal, and fetch's own listener
 * stays until the response is collected (Node warned at 1,500). Each request gets its own
 * controller, linked to the sync's signal only while the request is in flight.
 */
export function fetchUntil(signal: AbortSignal | undefined, base: typeof fetch): typeof fetch {
  if (!signal) return base;
  return async (input, init) => {
    const own = new AbortController();
    const abort = () => own.abort(signal.reason);
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
    try {
      return await base(input, { ...init, signal: own.signal });
    } finally {
      signal.removeEventListener('abort', abort);
    }
  };
}
