import WebSocket from 'ws';
import type { Child } from './child.js';

export type WsBench = { subscribers: number; received: number; p50: number; p99: number; max: number; setupMs: number };

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

/** `count` graphql-transport-ws subscribers of one topic; one event published; delivery latency. */
export async function benchWs(server: Child, ready: { url: string; token: string }, count = 1000): Promise<WsBench> {
  const wsUrl = ready.url.replace('http', 'ws') + '/graphql';
  const receivedAt: number[] = [];
  const sockets: WebSocket[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from(
      { length: count },
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(wsUrl, 'graphql-transport-ws');
          sockets.push(ws);
          ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { access_token: ready.token } })));
          ws.on('message', (raw) => {
            const msg = JSON.parse(String(raw)) as { type: string };
            if (msg.type === 'connection_ack') {
              ws.send(JSON.stringify({ id: String(i), type: 'subscribe', payload: { query: 'subscription { userUpdated { id full_name } }' } }));
              // The subscription is registered synchronously after validation; give it a tick.
              setTimeout(resolve, 5);
            } else if (msg.type === 'next') {
              receivedAt.push(performance.timeOrigin + performance.now());
            }
          });
          ws.on('error', reject);
        }),
    ),
  );
  const setupMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 500));
  server.send({ type: 'publish' });
  const { sentAt, listeners } = await server.next<{ sentAt: number; listeners: number }>('published');
  const deadline = Date.now() + 10_000;
  while (receivedAt.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 600));
  for (const ws of sockets) ws.close(1000);
  const latencies = receivedAt.map((t) => t - sentAt).sort((a, b) => a - b);
  void listeners;
  return {
    subscribers: count,
    received: latencies.length,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    max: Math.round(latencies.at(-1) ?? NaN),
    setupMs: Math.round(setupMs),
  };
}
