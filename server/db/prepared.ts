import { fillPlaceholders, getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from './connection.js';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * Drizzle re-prepares a statement on every call, and SQLite's prepare costs far more than
 * running an indexed query (~1 ms vs ~6 µs for a 3-table join). Hot queries are built once
 * per database with placeholders and reused.
 */
export function prepared<T>(db: Db, key: string, build: () => T): T {
  let forDb = cache.get(db);
  if (!forDb) cache.set(db, (forDb = new Map()));
  let statement = forDb.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build();
    forDb.set(key, statement);
  }
  return statement;
}

/** `column IN (ids)` with one JSON placeholder, so any list length uses the same statement. */
export function inJsonList(column: SQLiteColumn, placeholder: string): SQL {
  return sql`${column} in (select value from json_each(${sql.placeholder(placeholder)}))`;
}

export const jsonList = (ids: readonly string[]): string => JSON.stringify([...new Set(ids)]);

const PLAIN_COLUMNS = new Set(['SQLiteText', 'SQLiteInteger', 'SQLiteReal', 'SQLiteNumeric']);

export type RowsQuery<T> = { all: (values: Record<string, unknown>) => T[]; get: (values: Record<string, unknown>) => T | undefined };

/**
 * A prepared select of rows of one table (`select()` or some of its columns, no joins) that skips
 * Drizzle's per-value mapping. Rows come from SQLite as arrays and become objects through a
 * function compiled once for the table's columns (about twice as fast as better-sqlite3's own
 * row objects, and four times Drizzle's mapping, on a 5,000-row list: bench/); only columns whose
 * stored form differs (boolean, JSON, timestamp modes) are converted, by their own Drizzle column.
 */
export function preparedRows<T>(db: Db, key: string, table: Table, build: () => { toSQL: () => { sql: string; params: unknown[] } }): RowsQuery<T> {
  return prepared(db, key, () => {
    const { sql: text, params } = build().toSQL();
    const statement = db.$client.prepare(text).raw(true);
    const columns = Object.entries(getTableColumns(table));
    const names = statement.columns().map((c) => c.name);
    const keyOf = new Map(columns.map(([k, c]) => [c.name, k]));
    if (names.some((n) => !keyOf.has(n))) throw new Error(`${key}: preparedRows takes columns of one table`);
    // The object literal of one row: keys are the schema's column keys, values taken by position.
    const rowOf = new Function('r', `return {${names.map((n, i) => `${JSON.stringify(keyOf.get(n))}: r[${i}]`).join(', ')}};`) as (
      r: unknown[],
    ) => Record<string, unknown>;
    const convert = columns.filter(([, c]) => !PLAIN_COLUMNS.has(c.columnType) && names.includes(c.name));
    const map = (values: unknown[]): T => {
      const row = rowOf(values);
      for (const [k, column] of convert) if (row[k] !== null) row[k] = column.mapFromDriverValue(row[k]);
      return row as T;
    };
    return {
      all: (values) => (statement.all(...fillPlaceholders(params, values)) as unknown[][]).map(map),
      get: (values) => {
        const row = statement.get(...fillPlaceholders(params, values)) as unknown[] | undefined;
        return row ? map(row) : undefined;
      },
    };
  });
}
