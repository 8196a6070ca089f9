import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A fake OpenAI-compatible endpoint on 127.0.0.1 (tests and the bench, docs/decisions/0066): GET
 * /v1/models and POST /v1/chat/completions, streaming (server-sent events, as OpenAI, Ollama,
 * llama.cpp and vLLM send them) or not, with what each test scripts: the text, pauses before the first
 * words and between pieces, a connection cut mid-way. Every request is recorded (body parsed), and
 * when each piece was written (performance.timeOrigin + now, to compare across processes).
 */
export type FakeReply = {
  text: string;
  /** 'stream' (default), 'json' (one completion, no stream), 'cut' (some pieces, then the connection is destroyed), 'status' (an HTTP error). */
  mode?: 'stream' | 'json' | 'cut' | 'status';
  status?: number;
  /** Pause before the response starts, ms. */
  firstDelayMs?: number;
  /** Pause between pieces, ms. */
  pieceDelayMs?: number;
  /** Characters per piece (default: one word a piece). */
  pieceChars?: number;
};

export type FakeRequest = { method: string; path: string; authorization: string | null; body: any };

export type FakeModel = {
  url: string;
  requests: FakeRequest[];
  /** When each streamed piece was written (epoch ms, sub-millisecond). */
  sentAt: number[];
  reply: (request: FakeRequest) => FakeReply;
  models: string[];
  /** A key the endpoint demands (Bearer), or null. */
  key: string | null;
  /** When the first piece of each streamed answer was written (epoch ms), in order. */
  firstPieceAt: number[];
  /** Responses whose connection closed before they were finished (the caller went away). */
  aborted: number;
  close(): Promise<void>;
};

const now = () => performance.timeOrigin + performance.now();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pieces(text: string, chars: number | undefined): string[] {
  if (chars) return Array.from({ length: Math.ceil(text.length / chars) }, (_, i) => text.slice(i * chars, (i + 1) * chars));
  return text.match(/\S+\s*|\s+/g) ?? [];
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

export async function startFakeModel(options: Partial<Pick<FakeModel, 'reply' | 'models' | 'key'>> = {}): Promise<FakeModel> {
  const sockets = new Set<Socket>();
  const fake: FakeModel = {
    url: '',
    requests: [],
    sentAt: [],
    firstPieceAt: [],
    aborted: 0,
    models: options.models ?? ['fake-small', 'fake-large'],
    key: options.key ?? null,
    reply: options.reply ?? (() => ({ text: 'Nothing to say [1].' })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    res.on('close', () => {
      if (!res.writableFinished) fake.aborted += 1;
    });
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on(
      'end',
      () =>
        void (async () => {
          let body: unknown;
          try {
            body = raw ? JSON.parse(raw) : null;
          } catch {
            body = raw;
          }
          const request: FakeRequest = { method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization ?? null, body };
          fake.requests.push(request);
          if (fake.key && request.authorization !== `Bearer ${fake.key}`) {
            res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"Incorrect API key provided"}}');
            return;
          }
          if (request.method === 'GET' && request.path === '/v1/models') {
            res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ object: 'list', data: fake.models.map((id) => ({ id, object: 'model' })) }));
            return;
          }
          if (request.method !== 'POST' || request.path !== '/v1/chat/completions') {
            res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
            return;
          }
          const r = fake.reply(request);
          if (r.firstDelayMs) await pause(r.firstDelayMs);
          if (r.mode === 'status') {
            res.writeHead(r.status ?? 500, { 'content-type': 'application/json' }).end('{"error":{"message":"model crashed"}}');
            return;
          }
          if (r.mode === 'json') {
            res.writeHead(200, { 'content-type': 'application/json' }).end(
              JSON.stringify({
                id: 'chatcmpl-fake',
                object: 'chat.completion',
                choices: [{ index: 0, message: { role: 'assistant', content: r.text }, finish_reason: 'stop' }],
              }),
            );
            return;
          }
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          res.flushHeaders();
          const parts = pieces(r.text, r.pieceChars);
          for (const [i, piece] of parts.entries()) {
            if (res.destroyed) return;
            if (r.mode === 'cut' && i === Math.ceil(parts.length / 2)) {
              req.socket.destroy();
              return;
            }
            const at = now();
            fake.sentAt.push(at);
            if (i === 0) fake.firstPieceAt.push(at);
            res.write(chunk(piece));
            if (r.pieceDelayMs) await pause(r.pieceDelayMs);
          }
          res.end('data: [DONE]\n\n');
        })(),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
