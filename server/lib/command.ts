import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config.js';
import { closeDatabase, openDatabase, type Db } from '../db/connection.js';

/** Says why a server command stopped and gives its exit code (1). */
export function fail(message: string): number {
  console.error(message);
  return 1;
}

/**
 * Runs a server command (npm run demo:remove, npm run reset-link) on the install's database:
 * the environment's DATA_DIR, an existing database only, closed afterwards whatever happens.
 */
export function withDatabase(run: (db: Db, config: Config) => number): number {
  const config = loadConfig();
  const file = path.join(config.dataDir, 'teamlens.db');
  if (!fs.existsSync(file)) return fail(`No database at ${file}: start Teamlens once first (or set DATA_DIR).`);
  const db = openDatabase(file, { synchronous: config.dbSynchronous });
  try {
    return run(db, config);
  } finally {
    closeDatabase(db);
  }
}
