import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A listener that must receive nothing: it counts every TCP connection (a TLS hello or a plain
 * request alike) and every request, and answers each request `status` with `body` (or what
 * `respond` says for the n-th request). `host` '::'
 * listens on IPv4 and IPv6 loopback at once (127.0.0.1, ::1, ::ffff:127.0.0.1, 0.0.0.0).
 */
export type Listener = {
  port: number;
  url: string;
  connections: number;
  requests: Array<{ method: string; path: string; authorization: string | null }>;
  close(): Promise<void>;
};

type Answer = { status?: number; headers?: Record<string, string>; body?: string };

export async function startListener(options: Answer & { host?: string; respond?: (path: string, n: number) => Answer } = {}): Promise<Listener> {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    listener.requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization ?? null });
    const answer = options.respond?.(req.url ?? '', listener.requests.length) ?? options;
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body ?? '{}');
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
    close: () =>
      new Promise<void>((resolve) => {
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
