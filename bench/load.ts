import { Agent, request } from 'undici';

export type LoadResult = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number; requests: number };

/**
 * A bounded closed-loop load: `connections` keep-alive connections, each sending its next
 * request when the previous answer has been read completely, for `duration` seconds.
 * undici reads large (160 kB) answers several times faster than autocannon, which on a
 * 2-core machine otherwise becomes the bottleneck it is meant to measure.
 */
export async function load(opts: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
}): Promise<LoadResult> {
  const connections = opts.connections ?? 10;
  const agent = new Agent({ connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const end = started + (opts.duration ?? 5) * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const res = await request(opts.url, { method: opts.method ?? 'GET', headers: opts.headers, body: opts.body, dispatcher: agent });
          await res.body.arrayBuffer();
          if (res.statusCode < 200 || res.statusCode > 299) non2xx++;
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => +(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN).toFixed(1);
  return { requestsPerSecond: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), errors, non2xx, requests: latencies.length };
}
