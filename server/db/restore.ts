import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { backupDatabase, DATABASE_FILE, restoreProblem } from './backup.js';
import { PRIVATE_DIR_MODE } from './private-files.js';
import { ServerLock } from './server-lock.js';

export class RestoreRefused extends Error {}

export type RestoreResult = { database: string; previous: string | null };

/** Folds the WAL into the database file so that the file alone is the whole database; a damaged one is left as it is. */
function checkpoint(file: string): void {
  try {
    const db = new Database(file, { fileMustExist: true, timeout: 5000 });
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  } catch {
    // Its -wal and -shm move along with it below.
  }
}

/**
 * `teamlens restore <file>`: replaces DATA_DIR/teamlens.db with a backup, while no server runs on
 * the data directory (its lock is held for the whole restore, so none starts meanwhile). The backup is
 * copied next to the database and the copy checked (intact, a Teamlens database, not from a newer
 * version) before anything is replaced; the previous database (with its WAL folded in, or with its
 * -wal and -shm files when it cannot be opened) is kept in DATA_DIR/before-restore/. Migrations
 * bring an older backup up to date on the next start (docs/decisions/0062).
 */
export async function restoreDatabase(dataDir: string, source: string, migrationsFolder: string, now = new Date()): Promise<RestoreResult> {
  const from = path.resolve(source);
  const database = path.join(dataDir, DATABASE_FILE);
  if (from === database) throw new RestoreRefused(`${from} is the database itself: name a backup.`);
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const lock = ServerLock.acquire(dataDir);
  if (!lock) throw new RestoreRefused(`A Teamlens server is running on ${dataDir}: stop it first, then restore (nothing was changed).`);
  try {
    if (!fs.existsSync(from)) throw new RestoreRefused(`${from} does not exist. Nothing was changed.`);
    const incoming = `${database}.restoring`;
    try {
      await backupDatabase(from, incoming);
    } catch (err) {
      throw new RestoreRefused(`${from} is not an intact SQLite database (${(err as Error).message}). Nothing was changed.`);
    }
    const problem = restoreProblem(incoming, migrationsFolder);
    if (problem) {
      fs.rmSync(incoming, { force: true });
      throw new RestoreRefused(`${from}: ${problem} Nothing was changed.`);
    }

    let previous: string | null = null;
    if (fs.existsSync(database)) {
      checkpoint(database);
      const keep = path.join(dataDir, 'before-restore');
      fs.mkdirSync(keep, { recursive: true, mode: PRIVATE_DIR_MODE });
      previous = path.join(keep, `teamlens-${now.toISOString().replace(/[:.]/g, '-')}.db`);
      fs.renameSync(database, previous);
      for (const suffix of ['-wal', '-shm']) {
        if (fs.existsSync(database + suffix)) fs.renameSync(database + suffix, previous + suffix);
      }
    }
    fs.renameSync(incoming, database);
    return { database, previous };
  } finally {
    lock.release();
  }
}
