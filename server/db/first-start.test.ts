import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { Browser } from '../test/helpers.js';
import { seedOnFirstStart } from './seed.js';

const apps: FastifyInstance[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-first-'))) {
  dirs.push(dataDir);
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000', ...env }));
  apps.push(app);
  return { app, dataDir };
}

const count = (app: FastifyInstance, table: string) => (app.services.db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe('first start', () => {
  it('seeds a demo organization whose admin signs in with the printed password, only once', async () => {
    const { app, dataDir } = await start({});
    const first = await seedOnFirstStart(app.services);
    expect(first).toMatchObject({ adminEmail: 'admin@demo.teamlens.dev', generated: true, demo: true });
    expect(count(app, 'users')).toBeGreaterThanOrEqual(29);
    expect(count(app, 'teams')).toBe(4);
    expect(count(app, 'business_units')).toBeGreaterThan(0);
    expect(count(app, 'subdepartments')).toBeGreaterThan(0);
    const res = await new Browser(app).signIn(first!.adminEmail, first!.password);
    expect(res.statusCode).toBe(200);
    expect(await seedOnFirstStart(app.services)).toBeNull();

    // The signing keys live in the data directory, readable by the owner only, and are reused.
    const key = path.join(dataDir, 'keys', 'jwt.key');
    expect(fs.statSync(key).mode & 0o777).toBe(0o600);
    const before = fs.readFileSync(key, 'utf8');
    await app.close();
    apps.length = 0;
    const again = await start({}, dataDir);
    expect(fs.readFileSync(key, 'utf8')).toBe(before);
    expect(count(again.app, 'users')).toBeGreaterThanOrEqual(29);
  });

  it('with SEED_DEMO=false and ADMIN_* creates only that admin', async () => {
    const { app } = await start({ SEED_DEMO: 'false', ADMIN_EMAIL: 'Boss@Example.org', ADMIN_PASSWORD: 'a long admin passphrase' });
    const first = await seedOnFirstStart(app.services);
    expect(first).toMatchObject({ adminEmail: 'boss@example.org', generated: false, demo: false });
    expect(count(app, 'users')).toBe(1);
    expect(count(app, 'teams')).toBe(0);
    expect((await new Browser(app).signIn('boss@example.org', 'a long admin passphrase')).statusCode).toBe(200);
  });

  it('refuses a weak ADMIN_PASSWORD with a clear message', async () => {
    const { app } = await start({ ADMIN_PASSWORD: 'short' });
    await expect(seedOnFirstStart(app.services)).rejects.toThrow(/ADMIN_PASSWORD is not acceptable: Use at least 12 characters/);
  });

  it('teamlens backup (npm run backup) writes a consistent copy while the server runs', async () => {
    const { app, dataDir } = await start({});
    await seedOnFirstStart(app.services);
    const target = path.join(dataDir, 'copy.db');
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'server/teamlens.ts', 'backup', target], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(out).toContain('integrity ok');
    const copy = new Database(target, { readonly: true });
    expect((copy.prepare('select count(*) as n from users').get() as { n: number }).n).toBe(count(app, 'users'));
    copy.close();
  });
});
