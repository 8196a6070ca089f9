/**
 * A fake of a connected service on 127.0.0.1 that speaks its real API (paths, pagination, rate-limit
 * headers, webhook signatures): used by the server and browser tests, the bench, and the sample data
 * set (which loads the synthetic dataset through a real sync against these fakes).
 */
export type FakeService = {
  /** Base URL to give the connection (http://127.0.0.1:<port>, with the provider's path prefix if any). */
  url: string;
  /** The credential the fake accepts (anything else: 401). */
  token: string;
  /** Requests received, in order: method, path with query, and selected headers (for tests that assert a detail fetch or a conditional request). */
  requests: Array<{ method: string; path: string; headers: Record<string, string> }>;
  close(): Promise<void>;
};

/** Options every fake understands. `shiftMs` moves every instant of the synthetic dataset (the sample data set's “now” becomes this week). */
export type FakeOptions = { port?: number; token?: string; shiftMs?: number; dataset?: 'synthetic' | 'empty' };
