// The single executable against the checks a person would make (.ci/run; docs/decisions/0062): in an
// empty folder, with a PATH that has no Node.js. Ready within 5 s; sign-in; a GraphQL query; a web
// app asset served with brotli; a picture upload (sharp decodes and resizes it); a subscription
// acknowledged; the assistant answers; a disposable mail domain refused; SIGTERM exits 0 within 10 s;
// then `teamlens backup` and `teamlens restore`, and two warm starts (the code cache).
// Usage: npx tsx scripts/binary/smoke.ts [path to the executable, default dist/bin/teamlens-linux-x64]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import WebSocket from 'ws';

const binary = path.resolve(process.argv[2] ?? 'dist/bin/teamlens-linux-x64');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-smoke-'));
const noNode = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-no-node-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const url = `http://127.0.0.1:${port}`;
const email = 'admin@smoke.example';
const password = 'smoke test passphrase';
// Without the demo organization: its sample data is the bench's first start (bench/binary.bench.ts).
const env = { PATH: noNode, HOME: folder, PORT: String(port), ADMIN_EMAIL: email, ADMIN_PASSWORD: password, LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
let passed = 0;
let failed = 0;

async function check(name: string, run: () => Promise<string | void> | string | void): Promise<void> {
  const started = performance.now();
  try {
    const note = await run();
    passed++;
    console.log(`  ok   ${name} (${Math.round(performance.now() - started)} ms)${note ? `: ${note}` : ''}`);
  } catch (err) {
    failed++;
    console.log(`  FAIL ${name}: ${(err as Error).message}`);
  }
}

function assert(ok: unknown, message: string): asserts ok {
  if (!ok) throw new Error(message);
}

const teamlens = (...args: string[]) => spawnSync(binary, args, { cwd: folder, env, encoding: 'utf8' });

/** Starts the server again on the same folder, runs `then` once it serves, stops it; the ms until it served. */
async function warmStart(then: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  const server = spawn(binary, [], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  while (!output.includes('Teamlens is running')) {
    assert(server.exitCode === null, `exited: ${output}`);
    assert(performance.now() - started < 30_000, `not ready after 30 s: ${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = Math.round(performance.now() - started);
  await then();
  server.kill('SIGTERM');
  assert((await exited) === 0, `exit code: ${output}`);
  return ms;
}

async function main(): Promise<void> {
  console.log(`smoke test of ${binary} in ${folder}`);
  assert(
    !spawnSync('sh', ['-c', 'command -v node'], { env: { PATH: noNode } })
      .stdout?.toString()
      .trim(),
    'node must not be on the PATH',
  );
  const started = performance.now();
  const server = spawn(binary, [], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

  let token = '';
  await check('first start ready within 5 s (empty folder: unpack, migrations, the first admin)', async () => {
    while (!output.includes('Teamlens is running')) {
      assert(server.exitCode === null, `exited: ${output}`);
      assert(performance.now() - started < 30_000, `not ready after 30 s: ${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = Math.round(performance.now() - started);
    const stat = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const cpuMs = (Number(stat[11]) + Number(stat[12])) * 10;
    // On a machine busier than two runnable processes per core the wall time measures the machine:
    // then the CPU time the start took must fit in the 5 s instead (and the output says so).
    const load = os.loadavg()[0]! / os.cpus().length;
    if (load > 2) assert(cpuMs < 5000, `ready after ${ms} ms, ${cpuMs} ms CPU`);
    else assert(ms < 5000, `ready after ${ms} ms (${cpuMs} ms CPU)`);
    return `${ms} ms, ${cpuMs} ms CPU${load > 2 ? ` (load ${load.toFixed(1)} per core: CPU time checked)` : ''}`;
  });
  await check('sign-in', async () => {
    const csrf = await fetch(`${url}/api/auth/csrf`);
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signIn = await fetch(`${url}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ email, password, csrfToken, json: 'true' }),
    });
    assert(signIn.status === 200, `sign-in answered ${signIn.status}`);
    const session = (await (
      await fetch(`${url}/api/auth/session`, {
        headers: {
          cookie: `${cookie}; ${signIn.headers
            .getSetCookie()
            .map((c) => c.split(';')[0])
            .join('; ')}`,
        },
      })
    ).json()) as { access_token?: string };
    assert(session.access_token, 'no access token');
    token = session.access_token;
  });
  await check('a GraphQL query', async () => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ findOneUser { email } }' }),
    });
    const body = (await res.json()) as { data?: { findOneUser?: { email: string } } };
    assert(body.data?.findOneUser?.email === email, JSON.stringify(body));
  });
  await check('a web app asset served with content-encoding: br', async () => {
    const html = await (await fetch(`${url}/sign-in`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert(asset, 'no script in the page');
    const res = await fetch(`${url}${asset}`, { headers: { 'accept-encoding': 'br' } });
    assert(res.status === 200 && res.headers.get('content-encoding') === 'br', `${res.status} ${res.headers.get('content-encoding')}`);
    await res.arrayBuffer();
    return asset;
  });
  await check('a picture upload (decoded and resized)', async () => {
    const picture = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'team.jpg');
    const res = await fetch(`${url}/api/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    assert(res.status === 201, `${res.status} ${await res.text()}`);
  });
  await check(
    'a subscription acknowledged',
    () =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: { origin: url } });
        const timer = setTimeout(() => reject(new Error('no acknowledgement within 5 s')), 5000);
        ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { access_token: token } })));
        ws.on('message', (raw) => {
          const msg = JSON.parse(String(raw)) as { type: string };
          if (msg.type === 'connection_ack')
            ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { notificationAdded { id } }' } }));
          if (msg.type === 'pong' || msg.type === 'connection_ack') ws.send(JSON.stringify({ type: msg.type === 'connection_ack' ? 'ping' : 'noop' }));
          if (msg.type === 'pong') {
            clearTimeout(timer);
            ws.close(1000);
            resolve();
          }
          if (msg.type === 'error') reject(new Error(JSON.stringify(msg)));
        });
        ws.on('close', (code) => code !== 1000 && code !== 1005 && reject(new Error(`closed ${code}`)));
        ws.on('error', reject);
      }),
  );
  await check('the assistant answers (its language model loads in the executable)', async () => {
    const res = await fetch(`${url}/api/assistant/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'What came up in the retros lately?' }),
    });
    const events = await res.text();
    assert(
      res.status === 200 && events.includes('event: answer') && events.includes('event: done') && !events.includes('event: error'),
      `${res.status} ${events.slice(0, 300)}`,
    );
  });
  await check('a disposable mail domain refused at sign-up (the domain lists load in the executable)', async () => {
    const csrf = await fetch(`${url}/api/auth/csrf`);
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${url}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ email: 'someone@mailinator.com', csrfToken }),
    });
    const body = await res.text();
    assert(res.status === 400 && body.includes('disposable'), `${res.status} ${body}`);
  });
  await check('SIGTERM exits 0 within 10 s', async () => {
    const at = performance.now();
    server.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'late'>((r) => setTimeout(() => r('late'), 10_000))]);
    assert(code === 0, `exit ${code}`);
    return `${Math.round(performance.now() - at)} ms`;
  });
  const backupFile = path.join(folder, 'before.db');
  await check('teamlens backup', () => {
    const res = teamlens('backup', backupFile);
    assert(res.status === 0 && fs.existsSync(backupFile), res.stderr + res.stdout);
  });
  await check('teamlens restore (the previous database kept)', () => {
    const res = teamlens('restore', backupFile);
    assert(res.status === 0, res.stderr + res.stdout);
    assert(fs.readdirSync(path.join(folder, 'data/before-restore')).length === 1, 'no previous database kept');
  });
  // The code cache of what a warm start compiles (server/binary/binary.code-cache.ts): not written by
  // the first start of a build, written by the next, taken by the one after (V8 accepts it: not written again).
  const runtime = path.join(folder, 'data/runtime');
  const cacheFiles = () => fs.readdirSync(runtime, { recursive: true, encoding: 'utf8' }).filter((f) => /code-cache-[0-9a-f]{12}\.bin$/.test(f));
  let cached = '';
  await check('a second start, warm, writes the code cache once it serves', async () => {
    assert(cacheFiles().length === 0, `the first start wrote ${cacheFiles().join(', ')}`);
    await warmStart(async () => {
      const until = performance.now() + 10_000;
      while (cacheFiles().length === 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
    });
    assert(cacheFiles().length === 1, `code cache files: ${cacheFiles().join(', ') || 'none'}`);
    cached = path.join(runtime, cacheFiles()[0]!);
    return `${(fs.statSync(cached).size / 1048576).toFixed(1)} MiB`;
  });
  await check('a third start takes it', async () => {
    const before = fs.statSync(cached).mtimeMs;
    const ms = await warmStart(() => new Promise((r) => setTimeout(r, 1000)));
    assert(fs.statSync(cached).mtimeMs === before, 'written again: V8 refused it');
    return `ready after ${ms} ms`;
  });
  await check('teamlens --version', () => {
    const res = teamlens('--version');
    assert(res.status === 0 && /^teamlens \d+\.\d+\.\d+/.test(res.stdout), res.stdout + res.stderr);
  });
  if (server.exitCode === null) server.kill('SIGKILL');
  if (failed) console.log(output);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.rmSync(noNode, { recursive: true, force: true });
  console.log(`binary smoke: ${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

void main();
