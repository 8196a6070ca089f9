/**
 * The upgrade of an install that has retros (docs/decisions/0059): each topic's shared notes become
 * one comment of that topic, and retros that ended before participation was recorded get a
 * best-effort record from what is stored. Runs the real migrations on a real file: first those
 * before the upgrade, then data as the older version wrote it, then the rest.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, expect, it } from 'vitest';
import { migrationsDir } from '../../lib/paths.js';

/** Found by name, not number: the migration may be renumbered when branches meet. */
const UPGRADE = 'retro_comments_presence_versions';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-migration-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A copy of the migrations folder that ends before the upgrade. */
function migrationsBefore(tag: string): string {
  const out = path.join(dir, 'before');
  fs.cpSync(migrationsDir(), out, { recursive: true });
  const journalFile = path.join(out, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(`_${tag}`));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return out;
}

it("turns each topic's notes into a comment by nobody in particular and records the participation of ended retros", () => {
  const sqlite = new Database(path.join(dir, 'teamlens.db'));
  sqlite.pragma('foreign_keys = ON');
  const db = drizzle(sqlite);
  migrate(db, { migrationsFolder: migrationsBefore(UPGRADE) });

  const ended = '2026-10-01T10:00:00.000Z';
  const run = (sql: string, ...params: unknown[]) => sqlite.prepare(sql).run(...params);
  run("INSERT INTO organizations (id, name) VALUES ('o1', 'Acme')");
  run("INSERT INTO teams (id, organization_id, name) VALUES ('t1', 'o1', 'Falcons')");
  // In the team when the retro ended: u1, u2 (u2 deleted later). Not: u3 (joined after), u4 (deleted before).
  run(
    "INSERT INTO users (id, organization_id, full_name, email, team_id, status, created_at) VALUES ('u1', 'o1', 'Mia', 'mia@acme.example', 't1', 'ACTIVE', '2026-01-01T00:00:00.000Z')",
  );
  run(
    "INSERT INTO users (id, organization_id, full_name, email, team_id, status, created_at, deleted_at) VALUES ('u2', 'o1', 'Max', 'max@acme.example', 't1', 'ACTIVE', '2026-01-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')",
  );
  run(
    "INSERT INTO users (id, organization_id, full_name, email, team_id, status, created_at) VALUES ('u3', 'o1', 'Liv', 'liv@acme.example', 't1', 'ACTIVE', '2026-10-15T00:00:00.000Z')",
  );
  run(
    "INSERT INTO users (id, organization_id, full_name, email, team_id, status, created_at, deleted_at) VALUES ('u4', 'o1', 'Leo', 'leo@acme.example', 't1', 'ACTIVE', '2026-01-01T00:00:00.000Z', '2026-09-01T00:00:00.000Z')",
  );
  for (const [id, endedAt] of [
    ['r1', ended],
    ['r2', null],
  ] as const) {
    run(
      "INSERT INTO retros (id, organization_id, team_id, title, template_id, template_name, prompts, scheduled_at, phase, started_at, ended_at) VALUES (?, 'o1', 't1', 'Sprint retro', 'builtin:start-stop-continue', 'Start, Stop, Continue', '[]', ?, ?, ?, ?)",
      id,
      '2026-10-01T09:00:00.000Z',
      endedAt ? 'SUMMARY' : 'DISCUSS',
      '2026-10-01T09:00:00.000Z',
      endedAt,
    );
  }
  run("INSERT INTO retro_participants (retro_id, user_id) VALUES ('r1', 'u1'), ('r1', 'u2'), ('r2', 'u1')");
  run(
    "INSERT INTO retro_groups (id, organization_id, retro_id, title, notes, created_at) VALUES ('g1', 'o1', 'r1', 'Release train', 'Ship on Tuesdays.\nAsk ops first.', ?)",
    ended,
  );
  run("INSERT INTO retro_groups (id, organization_id, retro_id, title, notes) VALUES ('g2', 'o1', 'r1', 'Pairing', '  ')");
  run("INSERT INTO retro_groups (id, organization_id, retro_id, title, notes) VALUES ('g3', 'o1', 'r2', 'Flaky CI', 'Quarantine them.')");

  migrate(db, { migrationsFolder: migrationsDir() });

  const comments = sqlite.prepare('SELECT * FROM retro_comments ORDER BY group_id').all() as Array<Record<string, unknown>>;
  expect(comments.map((c) => [c.group_id, c.text, c.author_id, c.author_token, c.from_notes, c.position])).toEqual([
    ['g1', 'Ship on Tuesdays.\nAsk ops first.', null, null, 1, 0],
    ['g3', 'Quarantine them.', null, null, 1, 0],
  ]);
  expect(comments.every((c) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(String(c.id)))).toBe(true);
  expect(comments[0]!.id).not.toBe(comments[1]!.id);
  expect(comments[0]!.created_at).toBe(ended);
  const groupColumns = (sqlite.prepare('PRAGMA table_info(retro_groups)').all() as Array<{ name: string }>).map((c) => c.name);
  expect(groupColumns).not.toContain('notes');

  const record = sqlite.prepare('SELECT id, participants_at_end, team_size_at_end FROM retros ORDER BY id').all();
  expect(record).toEqual([
    { id: 'r1', participants_at_end: 2, team_size_at_end: 2 },
    // Still running: counted live until it ends.
    { id: 'r2', participants_at_end: null, team_size_at_end: null },
  ]);
  sqlite.close();
});
