import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers.js';

/**
 * A small file system of its own (tmpfs with a size limit; mounting needs root, which the
 * developers' machines and CI have), to fill up for real: the database then fails as on a full
 * disk, with SQLite's own SQLITE_FULL (docs/decisions/0058).
 */
export type SmallDisk = {
  dir: string;
  /** Takes all the free space but `leaveBytes` (rounded to the file system's 4 KiB pages). */
  fill(leaveBytes?: number): void;
  /** Gives the space back. */
  free(): void;
  unmount(): void;
};

export function mountSmallDisk(sizeMb = 64): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    fs.rmdirSync(dir);
    throw new Error(`These tests mount a small tmpfs to fill it up for real, which needs root: ${(err as Error).message}`, { cause: err });
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill(leaveBytes = 0) {
      const fd = fs.openSync(filler, 'w');
      try {
        for (const size of [1 << 20, 4096, 512]) {
          const chunk = Buffer.alloc(size);
          try {
            for (;;) fs.writeSync(fd, chunk);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
          }
        }
        if (leaveBytes > 0) fs.ftruncateSync(fd, Math.max(0, fs.fstatSync(fd).size - leaveBytes));
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync('umount', [dir], { stdio: 'pipe' });
      fs.rmdirSync(dir);
    },
  };
}

/**
 * The real app with its data directory on a small disk. `fill()` first moves the WAL into the
 * database file and empties it (a checkpoint), so that every write after it needs new space.
 */
export async function createSmallDiskApp(env: Record<string, string> = {}) {
  const disk = mountSmallDisk();
  let app: FastifyInstance;
  try {
    app = await createTestApp({ DATA_DIR: disk.dir, ...env });
  } catch (err) {
    disk.unmount();
    throw err;
  }
  return {
    app,
    disk,
    fill(leaveBytes = 0) {
      app.services.db.$client.pragma('wal_checkpoint(TRUNCATE)');
      disk.fill(leaveBytes);
    },
    free: () => disk.free(),
    async close() {
      await app.close();
      disk.unmount();
    },
  };
}

/**
 * Makes every write of the app's connection to any table fail with a real SqliteError of `code`
 * (e.g. SQLITE_IOERR_WRITE), as a failing disk would: a TEMP trigger per table and operation
 * calls a function that throws it. Returns the undo.
 */
export function failWritesWith(app: FastifyInstance, code: string, message = 'disk I/O error'): () => void {
  const sqlite = app.services.db.$client;
  sqlite.function('teamlens_test_storage_fault', { varargs: true }, () => {
    throw new Database.SqliteError(message, code);
  });
  const tables = sqlite
    .prepare("select name from main.sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' and sql not like 'CREATE VIRTUAL TABLE%'")
    .pluck()
    .all() as string[];
  const triggers: string[] = [];
  for (const table of tables) {
    for (const op of ['insert', 'update', 'delete']) {
      const name = `teamlens_test_fault_${table}_${op}`;
      try {
        sqlite.exec(`create temp trigger "${name}" before ${op} on main."${table}" begin select teamlens_test_storage_fault(); end`);
        triggers.push(name);
      } catch {
        // A table that takes no trigger (a full-text index's own tables) is written only through one that does.
      }
    }
  }
  return () => {
    for (const name of triggers) sqlite.exec(`drop trigger if exists temp."${name}"`);
  };
}
