/**
 * A start that cannot use its data directory (docs/decisions/0058): the real server in a child
 * process prints one line that names the directory and the cause, no stack, and exits 1 (under
 * systemd's Restart=on-failure it is tried again after RestartSec, with the same line each time).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { freePort, newDataDir, PROCESS_ADMIN } from '../test/process.js';
import { mountSmallDisk, type SmallDisk } from './storage.test-support.js';

const cleanUp: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanUp.splice(0).reverse()) fn();
});

/** Starts server/teamlens.ts on `dataDir` and waits for it to exit (it must not come up). */
async function startOn(dataDir: string): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/teamlens.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: PROCESS_ADMIN.email,
      ADMIN_PASSWORD: PROCESS_ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

it('a first start on a full disk prints one line naming the data directory and the cause, and exits 1', async () => {
  const disk: SmallDisk = mountSmallDisk(8);
  cleanUp.push(() => disk.unmount());
  disk.fill();
  const { code, output } = await startOn(disk.dir);
  expect(code).toBe(1);
  expect(output).toBe(
    `Teamlens cannot start: the disk that holds the data directory ${disk.dir} is full (SQLITE_FULL): nothing can be saved until space is freed there.\n`,
  );
}, 90_000);

it('a start on a damaged database says so in one line and exits 1', async () => {
  const dataDir = newDataDir();
  cleanUp.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dataDir, 'teamlens.db'), 'not a database '.repeat(400), { mode: 0o600 });
  const { code, output } = await startOn(dataDir);
  expect(code).toBe(1);
  expect(output).toBe(
    `Teamlens cannot start: the database in ${dataDir} is damaged (SQLITE_NOTADB): stop the server and restore the latest backup (README, Back up and restore).\n`,
  );
}, 90_000);
