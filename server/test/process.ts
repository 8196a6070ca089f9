import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';

/**
 * The real server as a child process (`node --import tsx server/teamlens.ts`, the teamlens command's serve) for the tests of
 * what only a process shows: signals, exit, a blocked stdout, SIGKILL and restart.
 */
export const PROCESS_ADMIN = { email: 'admin@process.example', password: 'process test passphrase' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export const newDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-process-'));

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** stdout + stderr so far (stdout only when it is read). */
  output(): string;
  exited: Promise<Exit>;
};

export type SpawnOptions = {
  dataDir?: string;
  /** Another entry that starts the server (a test fixture); default server/teamlens.ts. */
  entry?: string;
  /** 'read': collected; 'blocked': piped and never read (the pipe fills up). */
  stdout?: 'read' | 'blocked';
  env?: Record<string, string>;
};

export async function spawnServer(options: SpawnOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? newDataDir();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'server/teamlens.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: PROCESS_ADMIN.email,
      ADMIN_PASSWORD: PROCESS_ADMIN.password,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  if (options.stdout !== 'blocked') child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  const deadline = Date.now() + 30_000;
  // Ready when it answers HTTP (also when its stdout is never read).
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    const ok = await fetch(`${url}/api/auth/csrf`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, dataDir, output: () => output, exited };
}

/** Ends a test's server for good (SIGKILL when it is still there) and removes its data. */
export async function removeServer(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/** Signs in through the real endpoints (CSRF, credentials, session) and returns the access token. */
export async function signInOverHttp(url: string, email = PROCESS_ADMIN.email, password = PROCESS_ADMIN.password): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfRes = await fetch(`${url}/api/auth/csrf`);
  keep(csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const login = await fetch(`${url}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: `${url}/home/dashboard`, json: 'true' }).toString(),
  });
  keep(login);
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const session = (await (await fetch(`${url}/api/auth/session`, { headers: { cookie: cookie() } })).json()) as { access_token?: string };
  if (!session.access_token) throw new Error('no access token');
  return session.access_token;
}

export async function graphql<T = any>(
  url: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data: T; errors?: unknown[] }> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data: T; errors?: unknown[] };
}

/** A graphql-transport-ws socket, acknowledged, with one subscription running; `closed` resolves with the close code. */
export async function openSubscription(
  url: string,
  token: string,
  query: string,
): Promise<{ ws: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { access_token: token } })));
    ws.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'connection_ack') resolve();
    });
  });
  ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
  return { ws, closed };
}

/** Opens the server's database file read-only for checks (after it stopped, or while it runs: WAL). */
export function readDb<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'teamlens.db'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** A CSV of `rows` people (valid, unique emails) for the import endpoint. */
export function peopleCsv(rows: number, domain = 'process.example', prefix = 'person'): string {
  const lines = ['email,full_name'];
  for (let i = 1; i <= rows; i += 1) lines.push(`${prefix}${i}@${domain},Person ${i}`);
  return `${lines.join('\n')}\n`;
}
