import autocannon from 'autocannon';

export type LoadResult = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number; requests: number };

/** A bounded load run against loopback: fixed duration, fixed connections. */
export async function load(opts: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; connections?: number; duration?: number }): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url, method: opts.method ?? 'GET', headers: opts.headers, body: opts.body,
    connections: opts.connections ?? 10, duration: opts.duration ?? 5, pipelining: 1,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
