import type Database from 'better-sqlite3';
import type { Db } from './connection.js';

/**
 * The raw better-sqlite3 surface, for repos whose SQL does not fit Drizzle's builder (FTS, recursive
 * queries, hot statements prepared once). Only server/db/ touches the handle itself (`db.$client`);
 * repos reach it through these functions, and only repos import this file (docs/decisions/0076).
 */

/** A statement for SQL text, prepared now (wrap it in `prepared()` to prepare it once per database). */
export function statement(db: Db, text: string): Database.Statement {
  return db.$client.prepare(text);
}

/** Runs SQL text that returns no rows (DDL, several statements). */
export function execSql(db: Db, text: string): void {
  db.$client.exec(text);
}

/**
 * better-sqlite3's transaction function for `fn`: calling it runs `fn` in BEGIN … COMMIT (a savepoint
 * when already inside one), synchronously, and rolls back when it throws.
 */
export function sqliteTransaction<F extends (...args: any[]) => any>(db: Db, fn: F): Database.Transaction<F> {
  return db.$client.transaction(fn);
}
