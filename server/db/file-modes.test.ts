/**
 * The data directory is the server's own: folders 0700, files 0600 (docs/decisions/0044), after a
 * first start, a picture upload and a backup, with an ordinary umask (022) set by the test.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { TEST_PASSWORD, signedIn } from '../test/helpers.js';
import { seedOnFirstStart } from './seed.js';

const apps: FastifyInstance[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const ADMIN = 'owner@modes.example';
const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

async function start(dataDir: string, lines: string[] = []) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BASE_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    ADMIN_EMAIL: ADMIN,
    ADMIN_PASSWORD: TEST_PASSWORD,
  });
  const app = await buildApp(config, { logStream: { write: (line: string) => void lines.push(line) } });
  apps.push(app);
  await app.ready();
  return app;
}

function uploadPicture(app: FastifyInstance, token: string, png: Buffer) {
  const boundary = `----modes${crypto.randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/media',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
}

describe('file modes of the data directory', () => {
  it('first start, a picture and a backup are readable by the server account only', async () => {
    // An ordinary umask (022), whatever an earlier file in this worker left: the test itself would not make the files private.
    const umaskBefore = process.umask(0o022);
    onTestFinished(() => void process.umask(umaskBefore));
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-modes-'));
    dirs.push(root);
    const dataDir = path.join(root, 'var', 'teamlens');
    const app = await start(dataDir);
    expect(await seedOnFirstStart(app.services)).not.toBeNull();

    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(path.join(root, 'var'))).toBe('700');
    for (const name of ['teamlens.db', 'teamlens.db-wal', 'teamlens.db-shm']) expect([name, modeOf(path.join(dataDir, name))]).toEqual([name, '600']);
    expect(modeOf(path.join(dataDir, 'keys'))).toBe('700');
    for (const name of fs.readdirSync(path.join(dataDir, 'keys'))) expect([name, modeOf(path.join(dataDir, 'keys', name))]).toEqual([name, '600']);

    const admin = await signedIn(app, ADMIN);
    const res = await uploadPicture(
      app,
      admin.token,
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6ea5' } })
        .png()
        .toBuffer(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const picture = path.join(dataDir, (res.json() as { key: string }).key);
    expect(modeOf(picture)).toBe('600');
    expect(modeOf(path.dirname(picture))).toBe('700');
    expect(modeOf(path.join(dataDir, 'media'))).toBe('700');

    const out = execFileSync(process.execPath, ['--import', 'tsx', 'server/teamlens.ts', 'backup'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(out).toContain('integrity ok');
    const backups = path.join(dataDir, 'backups');
    expect(modeOf(backups)).toBe('700');
    const [copy] = fs.readdirSync(backups);
    expect(copy).toMatch(/^teamlens-.*\.db$/);
    expect(modeOf(path.join(backups, copy!))).toBe('600');
    // A backup to a path of the operator's choosing is private too.
    const chosen = path.join(root, 'chosen-copy.db');
    execFileSync(process.execPath, ['--import', 'tsx', 'server/teamlens.ts', 'backup', chosen], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(modeOf(chosen)).toBe('600');
  });

  it("an older install's readable database is narrowed to 0600; an open data directory is reported, not changed", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-modes-'));
    dirs.push(dataDir);
    fs.chmodSync(dataDir, 0o755);
    const first = await start(dataDir);
    await first.close();
    apps.splice(0);
    fs.chmodSync(path.join(dataDir, 'teamlens.db'), 0o644);

    const lines: string[] = [];
    await start(dataDir, lines);
    expect(modeOf(path.join(dataDir, 'teamlens.db'))).toBe('600');
    expect(modeOf(path.join(dataDir, 'teamlens.db-wal'))).toBe('600');
    expect(modeOf(dataDir)).toBe('755');
    expect(lines.join('')).toContain(`The data directory ${dataDir} is readable by other local accounts (mode 755); run: chmod 700 ${dataDir}`);
  });
});
