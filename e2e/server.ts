import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const E2E_ADMIN = { email: 'admin@e2e.teamlens.dev', password: 'e2e admin passphrase' };

/** A port nobody listens on now (the OS's choice), for a server a test or bench starts. */
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

/** Extra environment for the server, e.g. `{ SIGNUP: 'open' }` for a file that signs up new organizations. */
export type ServerOptions = { env?: Record<string, string>; dataDir?: string };

export type StartedServer = { url: string; dataDir: string; stop: () => Promise<void>; crash: () => Promise<void>; restart: () => Promise<StartedServer> };

/**
 * What the browser tests start: `node dist/server/teamlens.mjs`, or the single executable when
 * TEAMLENS_BINARY names it (e.g. `TEAMLENS_BINARY=dist/bin/teamlens-linux-x64`; .ci/run runs a few
 * files so). The executable's runtime is unpacked once for all test servers, not into each data directory.
 */
function serverCommand(): { command: string; args: string[]; env: Record<string, string> } {
  const binary = process.env.TEAMLENS_BINARY;
  if (!binary) return { command: process.execPath, args: ['dist/server/teamlens.mjs'], env: {} };
  return { command: path.resolve(binary), args: [], env: { RUNTIME_DIR: path.join(os.tmpdir(), 'teamlens-e2e-runtime') } };
}

/**
 * The real server (serverCommand) on a free port with a fresh data directory, or on
 * `options.dataDir` to start it again after `crash()` (SIGKILL, the data kept); `restart()` stops it
 * as an operator would (SIGTERM) and starts it again on the same data directory (a new port).
 */
export async function startServer(options: ServerOptions = {}): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const server = serverCommand();
  const child: ChildProcess = spawn(server.command, server.args, {
    env: {
      ...process.env,
      ...server.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // A first start migrates and seeds the demo: seconds on a quiet machine, much longer on a busy CI runner
  // (the hook's own timeout, 90 s, is the outer bound).
  const deadline = Date.now() + 75_000;
  while (!output.includes('Teamlens is running')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  let stopped: Promise<void> | undefined;
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    url,
    dataDir,
    /** Stops the server and removes its data; later calls wait for the first one (a test may stop it before afterAll does). */
    stop: () =>
      (stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await exited;
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
      })()),
    /** Stops the server (SIGTERM), keeping its data, and starts it again on the same data directory. */
    restart: async () => {
      await halt();
      return startServer({ ...options, dataDir });
    },
    /** Kills the server as a crash would, keeping its data for a restart. */
    crash: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Reads the server's database file (read-only), closing it afterwards. */
export async function readDatabase<T>(dataDir: string, read: (db: import('better-sqlite3').Database) => T): Promise<T> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(dataDir, 'teamlens.db'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The newest mail the server kept in its outbox for this address (no SMTP in tests): its link. */
export async function latestMailLink(dataDir: string, to: string, subjectStart = ''): Promise<string | null> {
  return readDatabase(dataDir, (db) => {
    const row = db
      .prepare('SELECT link FROM email_outbox WHERE "to" = ? AND substr(subject, 1, ?) = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
      .get(to, subjectStart.length, subjectStart) as { link: string | null } | undefined;
    return row?.link ?? null;
  });
}
