import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrationsDir } from '../lib/paths.js';
import { TableVersions } from './table-versions.js';
import { applyMigrations } from './migrations.js';
import { ensurePrivateFile, narrowToPrivate, PRIVATE_DIR_MODE } from './private-files.js';
import type { DbSynchronous } from '../config.js';

export type Db = BetterSQLite3Database & { $client: Database.Database };

/**
 * Opens the SQLite file with WAL, foreign keys and a busy timeout, then applies migrations.
 * The file is created 0600 first (SQLite gives its -wal and -shm files the database file's mode);
 * files of an older install that others could read are narrowed to 0600 (docs/decisions/0044).
 * `synchronous` (DB_SYNCHRONOUS): NORMAL syncs the WAL to disk at checkpoints only, so a crash of
 * the process loses nothing committed but a power loss can lose the last commits; FULL syncs
 * it at every commit (docs/decisions/0058).
 */
export function openDatabase(file: string, options: { synchronous?: DbSynchronous; migrationsFolder?: string } = {}): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  ensurePrivateFile(file);
  for (const companion of [`${file}-wal`, `${file}-shm`]) narrowToPrivate(companion);
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -32000');
  const db = drizzle(sqlite) as Db;
  try {
    applyMigrations(db, file, options.migrationsFolder ?? migrationsDir());
  } catch (err) {
    sqlite.close();
    throw err;
  }
  // After the migrations, so that every table has its change triggers (docs/decisions/0039).
  TableVersions.of(sqlite);
  return db;
}

/** Whether the connection is still open (shutdown closes it once). */
export function isDatabaseOpen(db: Db): boolean {
  return db.$client.open;
}

export function closeDatabase(db: Db): void {
  db.$client.close();
}

const changeCounters = new WeakMap<Db, () => number>();
/** The count of rows changed by every statement on this connection since it opened (SQLite's total_changes()). */
export function totalChanges(db: Db): number {
  let counter = changeCounters.get(db);
  if (!counter) {
    const stmt = db.$client.prepare('select total_changes() as n');
    changeCounters.set(db, (counter = () => (stmt.get() as { n: number }).n));
  }
  return counter();
}

/** Copies the WAL into the database file and truncates it (when the connection is still open). */
export function checkpointAndTruncateWal(db: Db): void {
  if (db.$client.open) db.$client.pragma('wal_checkpoint(TRUNCATE)');
}

/** Deleted content is overwritten with zeros on this connection from now on (SQLite's secure_delete). */
export function enableSecureDelete(db: Db): void {
  db.$client.pragma('secure_delete = ON');
}

/** Runs `fn` with the connection's page cache set to `kib` KiB, then puts the cache size back. */
export function withPageCache<T>(db: Db, kib: number, fn: () => T): T {
  const cacheSize = db.$client.pragma('cache_size', { simple: true }) as number;
  db.$client.pragma(`cache_size = -${kib}`);
  try {
    return fn();
  } finally {
    db.$client.pragma(`cache_size = ${cacheSize}`);
  }
}

/** Inside a transaction: foreign keys are checked at its commit (SQLite resets this at the end of it). */
export function deferForeignKeys(db: Db): void {
  db.$client.pragma('defer_foreign_keys = ON');
}
