import http from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { graphql, openSubscription, peopleCsv, readDb, removeServer, signInOverHttp, spawnServer, type ServerProcess } from '../test/process.js';

/**
 * SIGTERM on the real process (server/teamlens.ts under tsx): what the issue saw hang for 28 minutes.
 * Each test starts its own server on its own data directory.
 */
let server: ServerProcess | undefined;
afterEach(async () => {
  await removeServer(server);
  server = undefined;
});

const BATCH = '3f0c2a8e-4d7b-4c1e-9a52-6b1d8e0f7a21';

/** Starts a CSV upload and sends only its first `part` bytes; `finish()` sends the rest; `answer` is the response. */
function startUpload(url: string, token: string, body: string, part: number) {
  const req = http.request(`${url}/api/admin/users/import?batch_id=${BATCH}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  answer.catch(() => undefined);
  req.write(body.slice(0, part));
  return { answer, finish: () => req.end(body.slice(part)) };
}

/** Many requests, so the server writes far more log lines than a pipe holds (64 KB). */
async function makeLogLines(url: string, count: number) {
  for (let i = 0; i < count; i += 50) await Promise.all(Array.from({ length: 50 }, () => fetch(`${url}/api/auth/csrf`).then((r) => r.text())));
}

it('SIGTERM with an open websocket, an upload in flight and a stdout nobody reads: the upload is answered, the socket gets 1001, the process exits in time', async () => {
  server = await spawnServer({ stdout: 'blocked' });
  const token = await signInOverHttp(server.url);
  await makeLogLines(server.url, 600); // ~280 KB of log lines: the pipe and the reader's buffer hold far less
  const socket = await openSubscription(server.url, token, `subscription { massCreateProgress(batch_id: "${BATCH}") { processed done } }`);
  const csv = peopleCsv(200);
  const upload = startUpload(server.url, token, csv, 1000);
  await new Promise((r) => setTimeout(r, 200));

  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  // Stopped accepting: a new connection is refused while the upload is still being received.
  await expect(fetch(`${server.url}/api/auth/csrf`)).rejects.toThrow();
  upload.finish();

  const answer = await upload.answer;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ batch_id: BATCH, count: 200 });
  expect(await socket.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
  const exit = await server.exited;
  expect(exit.at - signalledAt).toBeLessThan(10_000);
  expect(exit).toMatchObject({ code: 0, signal: null });
  // The import that was in flight is complete and the database closed cleanly.
  readDb(server.dataDir, (db) => {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT status, created FROM mass_creation_batches WHERE id = ?').get(BATCH)).toEqual({ status: 'done', created: 200 });
    expect(db.prepare('SELECT count(*) AS n FROM users WHERE mass_batch_id = ?').get(BATCH)).toEqual({ n: 200 });
  });
}, 30_000);

it('a request that never finishes is cut at the deadline, with a log line naming it', async () => {
  server = await spawnServer({ env: { SHUTDOWN_DEADLINE_SECONDS: '3' } });
  const token = await signInOverHttp(server.url);
  const upload = startUpload(server.url, token, peopleCsv(50), 300); // the rest never comes
  await new Promise((r) => setTimeout(r, 200));
  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  expect(exit.at - signalledAt).toBeLessThan(3_000);
  expect(exit.code).toBe(1);
  await expect(upload.answer).rejects.toThrow();
  const cut = server
    .output()
    .split('\n')
    .find((line) => line.includes('"msg":"shutdown did not finish'));
  expect(cut).toBeDefined();
  expect(JSON.parse(cut!)).toMatchObject({
    level: 50,
    msg: expect.stringMatching(/^shutdown did not finish within 3\.0 s; cut: 1 request in flight \(POST \/api\/admin\/users\/import for \d\.\d s\)/),
  });
  readDb(server.dataDir, (db) => expect(db.pragma('integrity_check', { simple: true })).toBe('ok'));
}, 30_000);

it('SIGTERM after the reader of stdout has exited: no crash on the broken pipe, a clean exit in time', async () => {
  server = await spawnServer();
  server.child.stdout!.destroy(); // the reader is gone: writes now fail with EPIPE
  await makeLogLines(server.url, 100);
  expect(server.child.exitCode).toBeNull();
  const token = await signInOverHttp(server.url);
  expect((await graphql(server.url, token, '{ user { email } }')).data).toEqual({ user: { email: 'admin@process.example' } });
  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  expect(exit.at - signalledAt).toBeLessThan(10_000);
  expect(exit).toMatchObject({ code: 0, signal: null });
}, 30_000);

it('a second signal cuts at once, naming what was still open', async () => {
  server = await spawnServer();
  const token = await signInOverHttp(server.url);
  const upload = startUpload(server.url, token, peopleCsv(50), 300); // never finishes
  await new Promise((r) => setTimeout(r, 200));
  server.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  const secondAt = Date.now();
  server.child.kill('SIGINT');
  const exit = await server.exited;
  expect(exit.at - secondAt).toBeLessThan(1_500);
  expect(exit.code).toBe(1);
  await expect(upload.answer).rejects.toThrow();
  const lines = server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string });
  expect(lines.map((l) => l.msg)).toContainEqual(
    expect.stringMatching(/^shutting down \(SIGTERM\): 1 request in flight \(POST \/api\/admin\/users\/import for \d\.\d s\)$/),
  );
  expect(lines.find((l) => l.msg.startsWith('shutdown forced'))?.msg).toMatch(
    /^shutdown forced by a second SIGINT after \d\.\d s; cut: 1 request in flight \(POST \/api\/admin\/users\/import for \d\.\d s\)/,
  );
}, 30_000);
