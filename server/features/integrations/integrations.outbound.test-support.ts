import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Outbound } from '../../lib/outbound/outbound.policy.js';

/**
 * Tests that talk to the fakes on 127.0.0.1 say so the operator's way (docs/decisions/0054): the
 * app's OUTBOUND_ALLOW_PRIVATE, or, for an adapter called without an app, a guard built the same.
 */
export const FAKES_ENV = { OUTBOUND_ALLOW_PRIVATE: '127.0.0.1' } as const;

export const fakesOutbound = (): Outbound => new Outbound({ allowPrivate: ['127.0.0.1/32'] });

/**
 * A listener that must receive nothing: it counts every TCP connection (a TLS hello or a plain
 * request alike) and every request, and answers each request `status` with `body`. `host` '::'
 * listens on IPv4 and IPv6 loopback at once (127.0.0.1, ::1, ::ffff:127.0.0.1, 0.0.0.0).
 */
export type Listener = {
  port: number;
  url: string;
  connections: number;
  requests: Array<{ method: string; path: string; authorization: string | null }>;
  close(): Promise<void>;
};

export async function startListener(options: { host?: string; status?: number; headers?: Record<string, string>; body?: string } = {}): Promise<Listener> {
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    listener.requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization ?? null });
    res.writeHead(options.status ?? 200, { 'content-type': 'application/json', ...options.headers });
    res.end(options.body ?? '{}');
  });
  server.on('connection', (socket) => {
    listener.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen({ port: 0, host, ipv6Only: false }, resolve));
  const port = (server.address() as AddressInfo).port;
  const listener: Listener = {
    port,
    url: `http://${host === '::' ? '127.0.0.1' : host}:${port}`,
    connections: 0,
    requests: [],
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
  return listener;
}

/** A port nothing listens on (one that was just free). */
export async function closedPort(): Promise<number> {
  const l = await startListener();
  await l.close();
  return l.port;
}
