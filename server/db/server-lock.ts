import path from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateFile } from './private-files.js';

const LOCK_FILE = 'server.lock';

/**
 * Which process serves a data directory: the server holds an exclusive SQLite lock on
 * `DATA_DIR/server.lock` (a file lock of the operating system, so a crash or kill -9 releases it
 * and no stale pid file can mislead). `teamlens restore` refuses while it is held, and a second
 * server on the same data directory refuses to start (docs/decisions/0062).
 */
export class ServerLock {
  private constructor(private readonly db: Database.Database) {}

  /** Takes the lock, or returns null when another process holds it. */
  static acquire(dataDir: string): ServerLock | null {
    const file = path.join(dataDir, LOCK_FILE);
    ensurePrivateFile(file);
    const db = new Database(file, { timeout: 0 });
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      db.pragma('journal_mode = MEMORY'); // no -journal file beside it
      db.exec(`CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since TEXT NOT NULL);
        DELETE FROM holder; INSERT INTO holder VALUES (${process.pid}, '${new Date().toISOString()}');`);
      return new ServerLock(db);
    } catch (err) {
      db.close();
      if ((err as { code?: string }).code === 'SQLITE_BUSY') return null;
      throw err;
    }
  }

  /** Whether a process holds the lock now (without taking it). */
  static isHeld(dataDir: string): boolean {
    let db: Database.Database;
    try {
      db = new Database(path.join(dataDir, LOCK_FILE), { readonly: true, fileMustExist: true, timeout: 0 });
    } catch {
      return false;
    }
    try {
      db.prepare('SELECT count(*) FROM sqlite_master').get();
      return false;
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_BUSY') return true;
      throw err;
    } finally {
      db.close();
    }
  }

  release(): void {
    if (this.db.open) this.db.close();
  }
}
