import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsDir } from '../../lib/paths.js';
import { hashPassword } from '../../lib/password.js';
import { createTestApp, signedIn, TEST_PASSWORD } from '../../test/helpers.js';
import { users } from '../users/users.tables.js';
import { exportNotes, GET, LIST, must, UPDATE } from './notes.test-support.js';

/**
 * Migration 0018 (docs/decisions/0056) on a database written before it: a 1:1 note that was already
 * shared keeps its body as the author's private part. The person it is about keeps the title, the
 * talking points and the next 1:1 date, and no longer reads the body or finds the note by its words.
 */

const dirs: string[] = [];
let app: FastifyInstance;
const ORG = 'org-upgrade';
const [AUTHOR, ABOUT] = ['user-manager', 'user-report'];

/** The migrations folder as it was before the migration named `name` (its tag without the number): its files and the journal's entries up to it. */
function migrationsBefore(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-migrations-'));
  dirs.push(dir);
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir(), 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((e) => e.tag.replace(/^\d+_/, '') === name);
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(migrationsDir(), `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-upgrade-'));
  dirs.push(dataDir);
  // Written by the version before 0018: a shared 1:1 note with a body, a talking point and a date; a private one.
  const old = new Database(path.join(dataDir, 'teamlens.db'));
  migrate(drizzle(old), { migrationsFolder: migrationsBefore('one_on_one_private_parts') });
  old.exec(`
    insert into organizations (id, name) values ('${ORG}', 'Upgraded');
    insert into users (id, organization_id, full_name, email, status) values ('${AUTHOR}', '${ORG}', 'Mona Manager', 'mona@upgrade.example', 'ACTIVE'), ('${ABOUT}', '${ORG}', 'Rhea Report', 'rhea@upgrade.example', 'ACTIVE');
    insert into notes (id, organization_id, author_id, title, body, about_user_id, shared_at, next_one_on_one, version, updated_at)
      values ('shared-note', '${ORG}', '${AUTHOR}', 'Weekly with Rhea', 'Pangolin: the private line Mona wrote', '${ABOUT}', '2026-01-02T10:00:00.000Z', '2030-02-01', 4, '2026-01-03T10:00:00.000Z'),
             ('private-note', '${ORG}', '${AUTHOR}', 'Mona alone', 'Tapir thoughts', '${ABOUT}', null, null, 1, '2026-01-03T10:00:00.000Z');
    insert into note_agenda_items (id, organization_id, note_id, text, created_by) values ('point', '${ORG}', 'shared-note', 'Conference budget', '${ABOUT}');
  `);
  // Found by its body before the upgrade: the old index let the report search the author's words.
  expect(old.prepare(`select count(*) from notes_fts where notes_fts match 'pangolin'`).pluck().get()).toBe(1);
  old.close();

  app = await createTestApp({ DATA_DIR: dataDir });
  const hash = await hashPassword(TEST_PASSWORD);
  app.services.db.update(users).set({ password_hash: hash, email_verified: true, last_password_update: new Date().toISOString() }).run();
});
afterAll(async () => {
  await app?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

it("a note shared before the upgrade: its body stays the author's private part; the report keeps the shared parts and starts their own", async () => {
  const [mona, rhea] = [await signedIn(app, 'mona@upgrade.example'), await signedIn(app, 'rhea@upgrade.example')];

  const seen = must(await rhea.gql(GET, { id: 'shared-note' }), 'note');
  expect(seen).toMatchObject({
    title: 'Weekly with Rhea',
    body: '',
    version: 0,
    shared: true,
    next_one_on_one: '2030-02-01',
    updated_at: '2026-01-03T10:00:00.000Z',
  });
  expect(seen.agenda.map((a: any) => [a.text, a.version])).toEqual([['Conference budget', 1]]);
  expect(must(await mona.gql(GET, { id: 'shared-note' }), 'note')).toMatchObject({ body: 'Pangolin: the private line Mona wrote', version: 4 });

  // Search: the report no longer finds it by the author's words, still by its title; the author by both.
  expect(must(await rhea.gql(LIST, { filter: { query: 'pangolin' } }), 'notes').total).toBe(0);
  expect(must(await rhea.gql(LIST, { filter: { query: 'weekly' } }), 'notes').items.map((i: any) => i.note.id)).toEqual(['shared-note']);
  expect(must(await mona.gql(LIST, { filter: { query: 'pangolin' } }), 'notes').items.map((i: any) => i.note.id)).toEqual(['shared-note']);
  expect(must(await mona.gql(LIST, { filter: { query: 'tapir' } }), 'notes').total).toBe(1);
  expect(must(await rhea.gql(LIST, { filter: { query: 'tapir' } }), 'notes').total).toBe(0);
  const exported = await exportNotes(app, rhea.token);
  expect(exported.body).toContain('## Weekly with Rhea');
  expect(exported.body).not.toContain('Pangolin');

  // The report writes their own private part; the author never reads it.
  must(await rhea.gql(UPDATE, { id: 'shared-note', input: { body: 'Okapi: what Rhea keeps for herself' }, v: 0 }), 'updateNote');
  expect(must(await rhea.gql(LIST, { filter: { query: 'okapi' } }), 'notes').total).toBe(1);
  expect(must(await mona.gql(LIST, { filter: { query: 'okapi' } }), 'notes').total).toBe(0);
  expect(JSON.stringify(must(await mona.gql(GET, { id: 'shared-note' }), 'note'))).not.toContain('Okapi');

  // The rebuilt indexes hold exactly their content (FTS5's own check), and the old search column is gone.
  const sqlite = app.services.db.$client;
  for (const table of ['notes_fts', 'note_shared_fts']) sqlite.prepare(`insert into ${table}(${table}, rank) values ('integrity-check', 1)`).run();
  expect(sqlite.prepare(`select name from pragma_table_xinfo('notes') where name = 'readers'`).all()).toEqual([]);
});
