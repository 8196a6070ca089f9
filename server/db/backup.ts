import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from './connection.js';
import { narrowToPrivate, PRIVATE_DIR_MODE } from './private-files.js';
import { migrationState } from './migrations.js';

export const DATABASE_FILE = 'teamlens.db';
/** Backups made by `teamlens backup` and by the schedule; only these are pruned to the newest BACKUP_KEEP. */
const BACKUP_NAME = /^teamlens-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/;

export type BackupFile = { file: string; name: string; size: number; at: string };

/** `teamlens-<UTC time>.db`: names sort by time. */
export function backupName(at: Date): string {
  return `teamlens-${at.toISOString().replace(/[:.]/g, '-')}.db`;
}

/**
 * Says what is wrong with a copy, or null when SQLite finds it intact. The copy is switched to a
 * rollback journal first, so it is one self-contained file (no -wal or -shm beside it).
 */
export function integrityProblem(file: string): string | null {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true });
    db.pragma('journal_mode = DELETE');
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const found = rows.map((r) => r.integrity_check);
    return found.length === 1 && found[0] === 'ok' ? null : found.slice(0, 5).join('; ');
  } catch (err) {
    return (err as Error).message;
  } finally {
    db?.close();
  }
}

/**
 * Copies a database through SQLite's online backup API (consistent while the server writes: it
 * copies pages under the WAL's read lock and restarts when another connection writes), into a
 * temporary file renamed into place only after its integrity check, so a backup that exists is whole.
 * `source`: an open connection (the server's own: its writes never restart the copy) or a file.
 */
export async function backupDatabase(source: Database.Database | string, target: string): Promise<BackupFile> {
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const db = typeof source === 'string' ? new Database(source, { readonly: true, fileMustExist: true }) : source;
  try {
    if (typeof source === 'string') db.pragma('busy_timeout = 5000');
    await db.backup(partial);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    if (typeof source === 'string') db.close();
  }
  narrowToPrivate(partial);
  const problem = integrityProblem(partial);
  if (problem) {
    fs.rmSync(partial, { force: true });
    throw new Error(`the copy failed its integrity check: ${problem}`);
  }
  fs.renameSync(partial, target);
  const stat = fs.statSync(target);
  return { file: target, name: path.basename(target), size: stat.size, at: stat.mtime.toISOString() };
}

/** The backups in `dir` that Teamlens named, newest first. */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return names
    .filter((n) => BACKUP_NAME.test(n))
    .sort()
    .reverse()
    .flatMap((name) => {
      const file = path.join(dir, name);
      try {
        const stat = fs.statSync(file);
        return [{ file, name, size: stat.size, at: stat.mtime.toISOString() }];
      } catch {
        return [];
      }
    });
}

/** Deletes all but the newest `keep` backups Teamlens named in `dir` (other files are left alone); returns the deleted names. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const b of old) fs.rmSync(b.file, { force: true });
  return old.map((b) => b.name);
}

/**
 * Whether a checked copy can replace the database of this version: a Teamlens database (it has
 * applied migrations) and not written by a newer version. Null when it can.
 */
export function restoreProblem(file: string, migrationsFolder: string): string | null {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('__drizzle_migrations', 'organizations')").get() as {
      n: number;
    };
    const isTeamlens = tables.n === 2;
    if (!isTeamlens) return 'it is not a Teamlens database.';
    if (migrationState(db, migrationsFolder).newer) return 'it was written by a newer version of Teamlens: restore it with that version.';
    return null;
  } finally {
    db.close();
  }
}

/** backupDatabase of the server's own open connection. */
export function backupOpenDatabase(db: Db, target: string): Promise<BackupFile> {
  return backupDatabase(db.$client, target);
}
