import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from './config.js';
import { narrowToPrivate, PRIVATE_DIR_MODE, usePrivateUmask } from './db/private-files.js';

/**
 * `npm run backup [target-file]`: a consistent copy of the database through SQLite's
 * online backup API, safe while the server runs (it copies pages under the WAL lock).
 */
async function main(): Promise<void> {
  // A copy of the database is as private as the database (docs/decisions/0044).
  usePrivateUmask();
  const config = loadConfig();
  const source = path.join(config.dataDir, 'teamlens.db');
  if (!fs.existsSync(source)) {
    console.error(`No database at ${source}: nothing to back up.`);
    process.exit(1);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `teamlens-${stamp}.db`));
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  narrowToPrivate(target);
  const check = new Database(target, { readonly: true });
  const ok = check.pragma('integrity_check', { simple: true });
  check.close();
  if (ok !== 'ok') {
    console.error(`The copy at ${target} failed its integrity check: ${String(ok)}`);
    process.exit(1);
  }
  console.log(`Backed up ${source} to ${target} (${fs.statSync(target).size} bytes, integrity ok).`);
}

void main();
