import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { MIGRATIONS_DIR } from '../lib/paths.js';
import { TableVersions } from './table-versions.js';

export type Db = BetterSQLite3Database & { $client: Database.Database };

/** Opens the SQLite file with WAL, foreign keys and a busy timeout, then applies migrations. */
export function openDatabase(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -32000');
  const db = drizzle(sqlite) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  // After the migrations, so that every table has its change triggers (docs/decisions/0039).
  TableVersions.of(sqlite);
  return db;
}
