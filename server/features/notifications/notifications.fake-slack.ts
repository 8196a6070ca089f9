import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeSlack = {
  /** Base URL (http://127.0.0.1:port/) to use as SLACK_WEBHOOK_BASE. */
  base: string;
  /** A webhook URL under the base, as Slack hands them out. */
  hookUrl: (path?: string) => string;
  /** Every JSON body posted, with the path it was posted to, oldest first. */
  received: Array<{ path: string; body: Record<string, unknown> }>;
  /** How the next posts are answered: Slack's statuses and reasons, or a delay (ms). */
  answer: { status: number; text: string; delayMs: number };
  /** Resolves once `count` posts arrived (fails after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A stand-in for Slack's incoming-webhook endpoint on 127.0.0.1, for tests: it accepts
 * `POST /services/...` with a JSON body and answers like Slack (`200 ok`, or e.g. `404 no_service`).
 */
export async function startFakeSlack(): Promise<FakeSlack> {
  const received: FakeSlack['received'] = [];
  const answer = { status: 200, text: 'ok', delayMs: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_payload');
        return;
      }
      if (req.method !== 'POST' || typeof body.text !== 'string') {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('no_text');
        return;
      }
      received.push({ path: req.url ?? '/', body });
      const reply = () => {
        if (!res.destroyed) res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.text);
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/`;
  return {
    base,
    hookUrl: (p = '/services/T000/B000/fakesecret1234') => new URL(p, base).href,
    received,
    answer,
    waitFor: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`fake Slack got ${received.length} of ${count} posts`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
