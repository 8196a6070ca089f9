import fs from 'node:fs';
import path from 'node:path';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type Database from 'better-sqlite3';

/** A migration that could not be applied: says which ones were pending and why, for one line at start. */
export class MigrationError extends Error {}

type Journal = { entries: { tag: string; when: number }[] };

export type MigrationState = {
  /** The tags of the migrations in the folder newer than the last one applied to the database. */
  pending: string[];
  /** The database has a migration this version does not know: a newer version wrote it. */
  newer: boolean;
};

export function migrationState(sqlite: Database.Database, folder: string): MigrationState {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
  const hasTable = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  const row = hasTable ? (sqlite.prepare('SELECT max(created_at) AS at FROM __drizzle_migrations').get() as { at: number | null }) : undefined;
  const last = row?.at == null ? null : Number(row.at);
  const newest = Math.max(0, ...journal.entries.map((e) => e.when));
  return { pending: journal.entries.filter((e) => last === null || last < e.when).map((e) => e.tag), newer: last !== null && last > newest };
}

/**
 * Applies the pending migrations (drizzle's migrator: all of them in one transaction, so a failing
 * one leaves the database as it was). A failure becomes a MigrationError naming the migrations
 * that were pending, the database file and SQLite's reason (docs/decisions/0062).
 */
export function applyMigrations(db: BetterSQLite3Database & { $client: Database.Database }, file: string, folder: string): void {
  let pending: string[] = [];
  try {
    const state = migrationState(db.$client, folder);
    if (state.newer)
      throw new MigrationError(
        `The database ${file} was written by a newer version of Teamlens than this one: start that version, or restore a backup made with this one.`,
      );
    pending = state.pending;
    if (!pending.length) return;
    migrate(db, { migrationsFolder: folder });
  } catch (err) {
    if (err instanceof MigrationError) throw err;
    if (db.$client.inTransaction) db.$client.exec('ROLLBACK');
    const which =
      pending.length === 1 ? `the migration ${pending[0]}` : pending.length ? `the migrations ${pending.join(', ')}` : `the migrations in ${folder}`;
    // drizzle wraps SQLite's error: "Failed to run the query '<statement>'", with SQLite's reason as the cause.
    const cause = (err as Error).cause as Error | undefined;
    const statement = /^Failed to run the query '([\s\S]*)'$/.exec((err as Error).message)?.[1]?.trim();
    const why = cause?.message ? `${cause.message}${statement ? ` (in: ${statement.slice(0, 200)})` : ''}` : (err as Error).message;
    throw new MigrationError(
      `Could not update the database ${file}: applying ${which} failed: ${why}. Nothing was changed: the database is as it was before this start. Start the previous version again, or restore a backup.`,
      { cause: err },
    );
  }
}
