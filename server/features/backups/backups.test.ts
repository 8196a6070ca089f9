import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addUser, Browser, codeOf, createTestApp, seedOrg, signedIn, TEST_PASSWORD } from '../../test/helpers.js';
import { fakeClock } from '../../jobs/jobs.test-support.js';
import { recordOperatorOrganization } from '../install/install.repo.js';
import { listBackups } from '../../db/backup.js';
import { restoreDatabase, RestoreRefused } from '../../db/restore.js';
import { ServerLock } from '../../db/server-lock.js';
import { migrationsDir } from '../../lib/paths.js';
import { DAY_MS } from '../../../shared/dates.days.js';

const QUERY = '{ serverBackups { every_hours keep directory count next_at last_error last { name size created_at } } }';

describe('backups on the scheduler, and a restore of one of them', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-backups-'));
  let app: FastifyInstance;
  let org: Awaited<ReturnType<typeof seedOrg>>;
  const clock = fakeClock(new Date().toISOString());

  beforeAll(async () => {
    app = await createTestApp({ DATA_DIR: dataDir, BACKUP_KEEP: '2' });
    await app.services.scheduler.stop();
    app.services.scheduler.useClock(clock.now);
    org = await seedOrg(app);
    recordOperatorOrganization(app.services.db, org.org.id);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes a checked backup each day, keeps the newest BACKUP_KEEP, and shows the last one to the operator admins', async () => {
    const admin = await signedIn(app, org.admin.email);
    const none = (await admin.gql(QUERY)).data!.serverBackups;
    expect(none).toMatchObject({ every_hours: 24, keep: 2, directory: path.join(dataDir, 'backups'), count: 0, last: null, last_error: null });
    expect(Date.parse(none.next_at)).toBeGreaterThan(clock.now());

    for (let day = 0; day < 3; day++) {
      clock.advance(DAY_MS);
      await app.services.scheduler.tick();
    }
    const files = listBackups(path.join(dataDir, 'backups'));
    expect(files).toHaveLength(2);
    const shown = (await admin.gql(QUERY)).data!.serverBackups;
    expect(shown.count).toBe(2);
    expect(shown.last).toEqual({ name: files[0]!.name, size: fs.statSync(files[0]!.file).size, created_at: files[0]!.at });
    expect(shown.last.size).toBeGreaterThan(100_000);
  });

  it('is for the operator organization’s admins only', async () => {
    const member = await signedIn(app, org.member.email);
    expect(codeOf(await member.gql(QUERY))).toBe('FORBIDDEN');
    const other = await seedOrg(app, 'Globex');
    const otherAdmin = await signedIn(app, other.admin.email);
    expect(codeOf(await otherAdmin.gql(QUERY))).toBe('FORBIDDEN');
  });

  it('restores: what was written after the backup is gone, what was before is there, and the server starts', async () => {
    await addUser(app, org.org.id, { email: 'before@acme.example' });
    clock.advance(DAY_MS);
    await app.services.scheduler.tick();
    const backup = listBackups(path.join(dataDir, 'backups'))[0]!;
    await addUser(app, org.org.id, { email: 'after@acme.example' });

    // While a server holds the data directory, nothing is replaced.
    const running = ServerLock.acquire(dataDir)!;
    await expect(restoreDatabase(dataDir, backup.file, migrationsDir())).rejects.toThrow(RestoreRefused);
    running.release();
    await app.close();

    // Not a database, or not a Teamlens one: refused before anything is replaced.
    const junk = path.join(dataDir, 'junk.db');
    fs.writeFileSync(junk, 'not a database');
    await expect(restoreDatabase(dataDir, junk, migrationsDir())).rejects.toThrow(/not an intact SQLite database.*Nothing was changed/);

    const result = await restoreDatabase(dataDir, backup.file, migrationsDir());
    expect(result.previous).toMatch(/before-restore/);
    expect(fs.existsSync(result.previous!)).toBe(true);

    app = await createTestApp({ DATA_DIR: dataDir });
    const emails = (app.services.db.$client.prepare('SELECT email FROM users').all() as { email: string }[]).map((u) => u.email);
    expect(emails).toContain('before@acme.example');
    expect(emails).toContain(org.admin.email);
    expect(emails).not.toContain('after@acme.example');
    expect((await new Browser(app).signIn('before@acme.example', TEST_PASSWORD)).statusCode).toBe(200);
  });
});
