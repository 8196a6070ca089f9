import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Browser, createTestApp } from '../test/helpers.js';
import { migrationsDir } from '../lib/paths.js';
import { MigrationError } from './migrations.js';
import { openDatabase } from './connection.js';

/**
 * Upgrades keep data (docs/decisions/0062): a database written by the last release (0.1.0, commit
 * 597d471: started once with the demo organization, ADMIN_PASSWORD below, then stopped) is brought up
 * to date by this version's migrations on start, with nothing lost.
 */
const FIXTURE = path.join(import.meta.dirname, 'fixtures/release-0.1.0-597d471.db.br');
const RELEASE_PASSWORD = 'release fixture passphrase';

/** What people wrote, area by area: the rows that must survive an upgrade unchanged. */
const AREAS: Record<string, string> = {
  people: 'SELECT id, email, full_name, permission_level, manager_id, team_id, password_hash FROM users ORDER BY id',
  teams: 'SELECT id, name FROM teams ORDER BY id',
  reviews: 'SELECT id, name, status FROM review_cycles ORDER BY id',
  'review requests': 'SELECT id, status FROM review_requests ORDER BY id',
  'review answers': 'SELECT * FROM review_answers ORDER BY rowid',
  retros: 'SELECT id, title, phase FROM retros ORDER BY id',
  'retro reflections': 'SELECT * FROM retro_reflections ORDER BY rowid',
  'retro action items': 'SELECT * FROM retro_action_items ORDER BY rowid',
  feedback: 'SELECT * FROM feedback ORDER BY rowid',
  notes: 'SELECT id, title, body FROM notes ORDER BY id',
  goals: 'SELECT * FROM goals ORDER BY rowid',
  'goal key results': 'SELECT * FROM goal_key_results ORDER BY rowid',
  'goal check-ins': 'SELECT * FROM goal_check_ins ORDER BY rowid',
};

function releaseDatabase(): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-upgrade-'));
  const file = path.join(dir, 'teamlens.db');
  fs.writeFileSync(file, zlib.brotliDecompressSync(fs.readFileSync(FIXTURE)));
  return { dir, file };
}

function snapshot(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(Object.entries(AREAS).map(([area, sql]) => [area, db.prepare(sql).all()]));
  } finally {
    db.close();
  }
}

const appliedMigrations = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('a database of the last release', () => {
  let app: FastifyInstance;
  let release: ReturnType<typeof releaseDatabase>;
  let before: Record<string, unknown[]>;

  beforeAll(async () => {
    release = releaseDatabase();
    before = snapshot(release.file);
    app = await createTestApp({ DATA_DIR: release.dir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(release.dir, { recursive: true, force: true });
  });

  it('is migrated on start: every migration of this version applied', () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(appliedMigrations(release.file)).toBe(journal.entries.length);
  });

  it('keeps people, reviews, retros, feedback, notes and goals as they were', () => {
    for (const [area, rows] of Object.entries(before)) expect(rows.length, `${area} in the fixture`).toBeGreaterThan(0);
    expect(snapshot(release.file)).toEqual(before);
  });

  it('signs the demo admin and a demo manager in with the password of the release, and answers GraphQL', async () => {
    for (const email of ['admin@demo.teamlens.dev', 'grace.hopper@demo.teamlens.dev']) {
      const browser = new Browser(app);
      expect((await browser.signIn(email, RELEASE_PASSWORD)).statusCode).toBe(200);
      const token = await browser.accessToken();
      const res = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ query: '{ findOneUser { email } }' }),
      });
      expect(res.json()).toEqual({ data: { findOneUser: { email } } });
    }
  });
});

describe('a migration that fails', () => {
  it('leaves the database as it was and says which migrations and why', () => {
    const release = releaseDatabase();
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-migrations-'));
    try {
      fs.cpSync(migrationsDir(), scratch, { recursive: true });
      const journalFile = path.join(scratch, 'meta/_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
      const last = journal.entries.at(-1)!;
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_broken' });
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      // A first statement that works, then one that cannot: the first must be rolled back too.
      fs.writeFileSync(
        path.join(scratch, '9999_broken.sql'),
        'CREATE TABLE upgrade_probe (id integer);\n--> statement-breakpoint\nALTER TABLE no_such_table ADD COLUMN x integer;',
      );
      const appliedBefore = appliedMigrations(release.file);
      const before = snapshot(release.file);

      let error: unknown;
      try {
        openDatabase(release.file, { migrationsFolder: scratch });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(MigrationError);
      const message = (error as Error).message;
      expect(message).toContain('9999_broken');
      expect(message).toContain('no such table: no_such_table');
      expect(message).toContain('Nothing was changed');

      expect(appliedMigrations(release.file)).toBe(appliedBefore);
      const db = new Database(release.file, { readonly: true });
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'upgrade_probe'").get()).toBeUndefined();
      db.close();
      expect(snapshot(release.file)).toEqual(before);
    } finally {
      fs.rmSync(release.dir, { recursive: true, force: true });
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
