import crypto from 'node:crypto';
import type { PassageKind } from '../../../shared/assistant.js';
import type { Db } from '../../db/connection.js';
import { execSql, sqliteTransaction, statement } from '../../db/sqlite.js';

/**
 * The assistant's search index (docs/decisions/0066): `assistant_docs` + the contentless FTS5 table
 * `assistant_fts` (migration 0022), filled by triggers on the source tables. Each source kind
 * DECLARES what it indexes (IndexDeclaration, in its assistant.source-*.repo.ts); this file makes the
 * view and the triggers from the declaration when the app starts, and (re)builds the kind's documents
 * when its declaration changed or its triggers are missing. Adding a source kind is one declaration:
 * no migration, no trigger written by hand.
 *
 * A document's rowid is the source row's rowid * 32 + the kind's code. Its `tags` column holds tokens:
 * the organization (o), the kind (k), who may possibly read it (the audience: b everyone of the
 * organization, a its admins, p person,
 * m "whose direct manager", l "the manager or lead of this team", c "anyone above the person", t team,
 * u "anyone above the team's manager or lead") and what it is about (s person, n note). The audience is a superset, a
 * speed-up: every passage found is read again and checked by its area's own rule.
 */

/** A token as the tags column holds it: a letter, the hex of the value, 'x' (no stemmer suffix ends so). */
export const token = (letter: string, value: string) => `${letter}${Buffer.from(value, 'utf8').toString('hex').toUpperCase()}x`;
/** The same token made in SQL from an expression; nothing when the expression is null. */
export const tokenSql = (letter: string, expr: string) => `(case when (${expr}) is null then '' else '${letter}' || hex(${expr}) || 'x' end)`;
/** A token expression when a condition holds. */
export const tagWhen = (condition: string, tag: string) => `(case when ${condition} then ${tag} else '' end)`;
/**
 * Everyone of the organization (b), and its admins (a): tokens of the organization itself, so that a
 * search with an audience needs no organization token (whose list holds every document of it).
 */
export const PUBLIC_TAG = tokenSql('b', 's.organization_id');
export const ADMIN_TAG = tokenSql('a', 's.organization_id');
export const publicToken = (orgId: string) => token('b', orgId);
export const adminToken = (orgId: string) => token('a', orgId);
export const kindToken = (code: number) => `k${code}x`;

export type IndexDependent = {
  /** Another table whose change changes documents of this kind. */
  table: string;
  /** Only changes of these columns (UPDATE OF); none: any change. */
  columns?: string[];
  /** Which source rows it changes: a condition on the source table (alias `s`) over `row` ('new' or 'old'). */
  where: (row: 'new' | 'old') => string;
};

export type IndexDeclaration = {
  kind: PassageKind;
  /** 1 to 31, never reused for another kind. */
  code: number;
  /** The source table: one document per row (its rowid). */
  table: string;
  /** FROM clause: the source table as `s`, joined to what the document needs. */
  from: string;
  /** Which rows are indexed (e.g. only retros that ended). */
  where?: string;
  org: string;
  at: string;
  body: string;
  /** Token expressions (tokenSql, tagWhen, PUBLIC_TAG, ADMIN_TAG), besides the organization and kind; the source row is `s`. */
  tags: string[];
  /** The source table's columns that the document depends on (UPDATE OF); none: any column. */
  columns?: string[];
  dependents?: IndexDependent[];
};

const view = (d: IndexDeclaration) => `assistant_src_${d.kind}`;
/** Double underscores: kind names hold single ones, so one kind's prefix is never another's. */
const triggerPrefixOf = (kind: PassageKind) => `assistant__${kind}__`;
const triggerPrefix = (d: IndexDeclaration) => triggerPrefixOf(d.kind);

function viewSql(d: IndexDeclaration): string {
  const tags = [`'o' || hex(${d.org}) || 'x'`, `'${kindToken(d.code)}'`, ...d.tags].join(` || ' ' || `);
  return `CREATE VIEW ${view(d)} AS SELECT s.rowid * 32 + ${d.code} AS rid, s.rowid AS src, ${d.org} AS org, ${d.at} AS at, ${d.body} AS body, ${tags} AS tags
    FROM ${d.from}${d.where ? ` WHERE ${d.where}` : ''}`;
}

/** Statements that make the document of the source row `rowid` (an SQL expression) what the view says now. */
function reindex(d: IndexDeclaration, rowid: string): string {
  return `DELETE FROM assistant_docs WHERE rid = ${rowid} * 32 + ${d.code};
    INSERT INTO assistant_docs(rid, organization_id, kind, at) SELECT rid, org, '${d.kind}', at FROM ${view(d)} WHERE src = ${rowid};
    INSERT INTO assistant_fts(rowid, body, tags) SELECT rid, body, tags FROM ${view(d)} WHERE src = ${rowid};`;
}

function reindexWhere(d: IndexDeclaration, where: string): string {
  return `DELETE FROM assistant_docs WHERE rid IN (SELECT s.rowid * 32 + ${d.code} FROM ${d.table} s WHERE ${where});
    INSERT INTO assistant_docs(rid, organization_id, kind, at) SELECT rid, org, '${d.kind}', at FROM ${view(d)} WHERE src IN (SELECT s.rowid FROM ${d.table} s WHERE ${where});
    INSERT INTO assistant_fts(rowid, body, tags) SELECT rid, body, tags FROM ${view(d)} WHERE src IN (SELECT s.rowid FROM ${d.table} s WHERE ${where});`;
}

/** The view and triggers of one kind, in order. */
export function indexDdl(d: IndexDeclaration): string[] {
  const p = triggerPrefix(d);
  const of = d.columns?.length ? ` OF ${d.columns.join(', ')}` : '';
  const out = [
    viewSql(d),
    `CREATE TRIGGER ${p}ai AFTER INSERT ON ${d.table} BEGIN ${reindex(d, 'new.rowid')} END`,
    `CREATE TRIGGER ${p}au AFTER UPDATE${of} ON ${d.table} BEGIN
      DELETE FROM assistant_docs WHERE rid = old.rowid * 32 + ${d.code};
      ${reindex(d, 'new.rowid')} END`,
    `CREATE TRIGGER ${p}ad AFTER DELETE ON ${d.table} BEGIN DELETE FROM assistant_docs WHERE rid = old.rowid * 32 + ${d.code}; END`,
  ];
  // A dependent row's change reindexes only when some document hangs on it: one index probe for the
  // rest (a person deleted or given a manager with no feedback to their manager costs almost nothing).
  const any = (where: string) => `EXISTS (SELECT 1 FROM ${d.table} s WHERE ${where})`;
  (d.dependents ?? []).forEach((dep, i) => {
    const depOf = dep.columns?.length ? ` OF ${dep.columns.join(', ')}` : '';
    const [before, after] = [dep.where('old'), dep.where('new')];
    out.push(
      `CREATE TRIGGER ${p}dep${i}_ai AFTER INSERT ON ${dep.table} WHEN ${any(after)} BEGIN ${reindexWhere(d, after)} END`,
      `CREATE TRIGGER ${p}dep${i}_au AFTER UPDATE${depOf} ON ${dep.table} WHEN ${any(before)} OR ${any(after)} BEGIN ${reindexWhere(d, before)} ${reindexWhere(d, after)} END`,
      `CREATE TRIGGER ${p}dep${i}_ad AFTER DELETE ON ${dep.table} WHEN ${any(before)} BEGIN ${reindexWhere(d, before)} END`,
    );
  });
  return out;
}

/** Bumped when the way declarations become SQL changes: every kind is rebuilt once. */
const GENERATOR_VERSION = '2';
export const declarationHash = (d: IndexDeclaration) =>
  crypto.createHash('sha256').update(GENERATOR_VERSION).update(indexDdl(d).join('\n')).digest('hex').slice(0, 32);

function triggersOf(db: Db, kind: PassageKind): string[] {
  const prefix = triggerPrefixOf(kind);
  return statement(db, "SELECT name FROM sqlite_master WHERE type = 'trigger' AND substr(name, 1, ?) = ?").pluck().all(prefix.length, prefix) as string[];
}
const existingTriggers = (db: Db, d: IndexDeclaration) => triggersOf(db, d.kind);

/** Drops what an older declaration of this kind made (its view and triggers). */
function dropKind(db: Db, d: IndexDeclaration): void {
  for (const name of existingTriggers(db, d)) execSql(db, `DROP TRIGGER IF EXISTS "${name}"`);
  execSql(db, `DROP VIEW IF EXISTS ${view(d)}`);
}

/** Every document of the kind again, from its source rows. */
export function rebuildKind(db: Db, d: IndexDeclaration): number {
  statement(db, 'DELETE FROM assistant_docs WHERE kind = ?').run(d.kind);
  const n = statement(db, `INSERT INTO assistant_docs(rid, organization_id, kind, at) SELECT rid, org, '${d.kind}', at FROM ${view(d)}`).run().changes;
  execSql(db, `INSERT INTO assistant_fts(rowid, body, tags) SELECT rid, body, tags FROM ${view(d)} ORDER BY rid`);
  return n;
}

export type EnsureResult = { kind: PassageKind; rebuilt: boolean; docs: number };

/**
 * Makes each kind's view and triggers match its declaration, in one transaction per kind: when the
 * stored hash differs or a trigger is missing (a database written by an older version, or by a
 * command run before the server ever started), they are made again and the kind's documents rebuilt.
 * Kinds no longer declared are removed with their documents.
 */
export function ensureIndex(db: Db, declarations: readonly IndexDeclaration[]): EnsureResult[] {
  const codes = new Set<number>();
  for (const d of declarations) {
    if (d.code < 1 || d.code > 31 || codes.has(d.code)) throw new Error(`assistant index: kind ${d.kind} needs its own code from 1 to 31`);
    codes.add(d.code);
  }
  const results: EnsureResult[] = [];
  for (const d of declarations) {
    const hash = declarationHash(d);
    const ddl = indexDdl(d);
    const stored = statement(db, 'SELECT hash FROM assistant_index_state WHERE kind = ?').pluck().get(d.kind) as string | undefined;
    const triggers = ddl.length - 1;
    if (stored === hash && existingTriggers(db, d).length === triggers) {
      results.push({ kind: d.kind, rebuilt: false, docs: 0 });
      continue;
    }
    const docs = sqliteTransaction(db, () => {
      dropKind(db, d);
      for (const statement of ddl) execSql(db, statement);
      const n = rebuildKind(db, d);
      statement(
        db,
        `INSERT INTO assistant_index_state(kind, hash, built_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        ON CONFLICT(kind) DO UPDATE SET hash = excluded.hash, built_at = excluded.built_at`,
      ).run(d.kind, hash);
      return n;
    }).immediate();
    results.push({ kind: d.kind, rebuilt: true, docs });
  }
  const declared = new Set(declarations.map((d) => d.kind));
  for (const kind of statement(db, 'SELECT kind FROM assistant_index_state').pluck().all() as PassageKind[]) {
    if (declared.has(kind)) continue;
    sqliteTransaction(db, () => {
      for (const name of triggersOf(db, kind)) execSql(db, `DROP TRIGGER IF EXISTS "${name}"`);
      execSql(db, `DROP VIEW IF EXISTS assistant_src_${kind}`);
      statement(db, 'DELETE FROM assistant_docs WHERE kind = ?').run(kind);
      statement(db, 'DELETE FROM assistant_index_state WHERE kind = ?').run(kind);
    }).immediate();
  }
  return results;
}
