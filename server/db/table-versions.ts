import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import type { Db } from './connection.js';

/** What an execution read: the tables named by every statement it ran, and when it started. */
export type ReadSet = { since: number; tables: Set<string> };

type Tracking = { versions: TableVersions; read: ReadSet; outer: Tracking | undefined };
const reading = new AsyncLocalStorage<Tracking>();
/** The synchronous tracking in progress (trackSync), which no other code can interleave with. */
let syncTracking: Tracking | undefined;
/** True while TableVersions runs its own statements (EXPLAIN), which are no one's reads. */
let suspended = false;
const current = (): Tracking | undefined => (suspended ? undefined : (syncTracking ?? reading.getStore()));
const byConnection = new WeakMap<Database.Database, TableVersions>();
const PATCHED = Symbol.for('teamlens.readTracking');
/** VDBE opcodes that open a cursor on a database b-tree (p2: root page, p3: database, 0 = main). */
const OPENS_BTREE = new Set(['OpenRead', 'OpenWrite', 'ReopenIdx']);
/** How often, at most, commits of other connections are looked for (checkOtherConnections). */
export const OTHER_CONNECTIONS_CHECK_MS = 1;

/**
 * Which tables changed since when, for the one connection every write of this process goes
 * through, without any feature having to say so (docs/decisions/0039):
 * - writes: a TEMP trigger per table and operation (AFTER INSERT/UPDATE/DELETE, created on this
 *   connection only, no migration) calls a JS function that stamps the table with the next
 *   sequence number. Triggers fire for every row changed by any statement: repositories, raw
 *   `$client` SQL, upserts, FOREIGN KEY cascades, other triggers. A rolled-back write still
 *   counts (it only makes a cache forget more).
 * - other processes (the demo-removal command, a second server by mistake): SQLite's
 *   `data_version` changes when another connection commits; then every table counts as changed.
 * - reads: inside `track()`, every statement run (get/all/iterate/run of better-sqlite3, which
 *   Drizzle uses too) adds the tables SQLite's program for it opens (EXPLAIN, once per SQL text):
 *   joins, subqueries and index-only reads included, a column that shares a table's name not.
 */
export class TableVersions {
  private seq = 0;
  private everythingAt = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly tables: Set<string>;
  private readonly tablesOfSql = new Map<string, readonly string[]>();
  private rootPages: Map<number, string> | undefined;
  private readonly dataVersion: Database.Statement;
  private lastDataVersion: number;
  /** performance.now() of the last data_version read (see checkOtherConnections). */
  private checkedAt = -Infinity;

  private constructor(private readonly sqlite: Database.Database) {
    // Virtual tables (notes_fts) take no triggers and are written only by triggers of the real table
    // they index; their shadow tables are theirs. A search reads the real table too (joined), so
    // its answers depend on that table's version.
    const virtual = sqlite.prepare("select name from main.sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'").pluck().all() as string[];
    const isShadow = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
    const names = (
      sqlite.prepare("select name from main.sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'").pluck().all() as string[]
    ).filter((n) => !isShadow(n));
    this.tables = new Set(names.map((n) => n.toLowerCase()));
    sqlite.function('teamlens_table_changed', { deterministic: false, directOnly: false }, (name: unknown) => {
      this.changedAt.set(String(name), ++this.seq);
      return null;
    });
    for (const name of names) {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      const literal = `'${name.toLowerCase().replaceAll("'", "''")}'`;
      for (const op of ['insert', 'update', 'delete']) {
        sqlite.exec(
          `create temp trigger if not exists "teamlens_${name}_${op}" after ${op} on main.${quoted} begin select teamlens_table_changed(${literal}); end`,
        );
      }
    }
    this.dataVersion = sqlite.prepare('pragma data_version').pluck();
    this.lastDataVersion = this.dataVersion.get() as number;
    patchStatements(sqlite);
  }

  /** The versions of a connection, installing triggers and read tracking on first use. */
  static of(sqlite: Database.Database): TableVersions {
    let versions = byConnection.get(sqlite);
    if (!versions) byConnection.set(sqlite, (versions = new TableVersions(sqlite)));
    return versions;
  }

  /** The current sequence number: a read that starts now is valid while none of its tables change after it. */
  now(): number {
    this.checkOtherConnections();
    return this.seq;
  }

  /** Runs `fn` (sync or async) recording the tables its statements read, from now on. */
  track<T>(fn: () => T): { read: ReadSet; result: T } {
    const read: ReadSet = { since: this.now(), tables: new Set() };
    // Nested: the outer read learns these tables too.
    const result = reading.run({ versions: this, read, outer: current() }, fn);
    return { read, result };
  }

  /**
   * `track` for a synchronous `fn`, without AsyncLocalStorage (whose promise hooks, once
   * enabled, cost every promise of the process a little: the session lookup needs none).
   */
  trackSync<T>(fn: () => T): { read: ReadSet; result: T } {
    const read: ReadSet = { since: this.now(), tables: new Set() };
    const outer = syncTracking;
    syncTracking = { versions: this, read, outer: current() };
    try {
      return { read, result: fn() };
    } finally {
      syncTracking = outer;
    }
  }

  /** True while no table of `read` has changed since it started. */
  unchanged(read: ReadSet): boolean {
    this.checkOtherConnections();
    if (this.everythingAt > read.since) return false;
    for (const table of read.tables) if ((this.changedAt.get(table) ?? 0) > read.since) return false;
    return true;
  }

  /** Records the tables `source` reads into the current tracked read, if any. */
  noteRead(source: string): void {
    const tracking = current();
    if (!tracking) return;
    let tables = this.tablesOfSql.get(source);
    if (!tables) {
      tables = this.tablesRead(source);
      if (this.tablesOfSql.size > 5000) this.tablesOfSql.clear();
      this.tablesOfSql.set(source, tables);
    }
    for (let at: Tracking | undefined = tracking; at; at = at.outer) {
      if (at.versions === this) for (const t of tables) at.read.tables.add(t);
    }
  }

  /**
   * The tables a statement opens, from SQLite's own program (EXPLAIN: every OpenRead/OpenWrite of
   * a main-database b-tree, table or index, mapped to its table by root page). Should that fail,
   * every word of the text that is a table name (a superset).
   */
  private tablesRead(source: string): readonly string[] {
    suspended = true;
    try {
      this.rootPages ??= new Map(
        (this.sqlite.prepare('select rootpage, tbl_name from main.sqlite_master where rootpage > 0').raw(true).all() as Array<[number, string]>).map(
          ([page, table]) => [page, table.toLowerCase()],
        ),
      );
      const program = this.sqlite.prepare(`explain ${source}`).all() as Array<{ opcode: string; p2: number; p3: number }>;
      const tables = new Set<string>();
      for (const op of program) {
        if (OPENS_BTREE.has(op.opcode) && op.p3 === 0) {
          const table = this.rootPages.get(op.p2);
          if (!table) throw new Error(`unknown root page ${op.p2}`);
          if (this.tables.has(table)) tables.add(table);
        }
      }
      return [...tables];
    } catch {
      return [...new Set((source.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []).filter((w) => this.tables.has(w)))];
    } finally {
      suspended = false;
    }
  }

  /**
   * Another connection's commit is noticed by the first check that starts at least
   * OTHER_CONNECTIONS_CHECK_MS after it. `pragma data_version` opens a read transaction (about
   * 1 µs idle, several under load: a tenth of a cached findOneUser), so it is read at most once
   * per that interval; a commit of another process is then seen by every request that starts
   * after the commit plus at most 1 ms, which no client can tell from a request that began
   * during the commit. Writes of this process (the triggers) are seen at once, as ever.
   */
  private checkOtherConnections(): void {
    const at = performance.now();
    if (at - this.checkedAt < OTHER_CONNECTIONS_CHECK_MS) return;
    this.checkedAt = at;
    const version = this.dataVersion.get() as number;
    if (version !== this.lastDataVersion) {
      this.lastDataVersion = version;
      this.everythingAt = ++this.seq;
    }
  }
}

type StatementMethod = (this: Database.Statement, ...args: unknown[]) => unknown;

/** Wraps the statement methods that run SQL so that a tracked read learns which tables they name. */
function patchStatements(sqlite: Database.Database): void {
  const proto = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<string | symbol, unknown>;
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  for (const method of ['get', 'all', 'iterate', 'run']) {
    const original = proto[method] as StatementMethod;
    proto[method] = function (this: Database.Statement, ...args: unknown[]) {
      if (current()) byConnection.get(this.database)?.noteRead(this.source);
      return original.apply(this, args);
    };
  }
}

/** The table versions of a database opened with openDatabase (one per connection). */
export function tableVersionsOf(db: Db): TableVersions {
  return TableVersions.of(db.$client);
}
