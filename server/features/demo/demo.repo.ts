import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { conflict } from '../../../shared/app-error.js';
import type { DemoDataCount } from '../../../shared/demo-data.js';
import { demoRecords } from './demo.tables.js';

import { statement } from '../../db/sqlite.js';

/** For another feature's repo that asks in one statement whether a row is demo data (docs/decisions/0076). */
export { demoRecords };

/**
 * Records rows as demo data (docs/decisions/0036). Every demo seed calls this for the rows it
 * creates at the top of a tree (a cycle, not its requests: those go with it through ON DELETE
 * CASCADE). `table_name` is the table's SQL name; it must have `id` and `organization_id` columns.
 */
export function registerDemoRows(db: Db, orgId: string, table_name: string, ids: readonly string[]): void {
  for (let i = 0; i < ids.length; i += 500) {
    db.insert(demoRecords)
      .values(ids.slice(i, i + 500).map((row_id) => ({ organization_id: orgId, table_name, row_id })))
      .onConflictDoNothing()
      .run();
  }
}

/**
 * Rows that demo rows created later by themselves are demo data too: the cycles a demo automation
 * rule started. Each entry selects such ids (as `id`) for one organization (`?` is the organization id).
 */
const DERIVED: ReadonlyArray<{ table: string; select: string }> = [
  {
    table: 'review_cycles',
    select: `select r.cycle_id as id from review_automation_runs r
      join demo_records d on d.table_name = 'review_automation_rules' and d.row_id = r.rule_id and d.organization_id = r.organization_id
      where r.organization_id = ? and r.cycle_id is not null`,
  },
  {
    table: 'feedback_requests',
    select: `select q.id as id from feedback_requests q
      join demo_records d on d.table_name = 'feedback_automation_rules' and d.row_id = q.automation_rule_id and d.organization_id = q.organization_id
      where q.organization_id = ?`,
  },
];

function registerDerived(db: Db, orgId: string): void {
  for (const d of DERIVED) {
    statement(db, `insert or ignore into demo_records (organization_id, table_name, row_id) select ?, ?, x.id from (${d.select}) x`).run(orgId, d.table, orgId);
  }
}

/** The ids of one table's demo rows: registered, or derived from registered ones. Parameters: organization id, table name, then one organization id per derivation. */
function demoIdsSql(table: string): { sql: string; extra: number } {
  const derived = DERIVED.filter((d) => d.table === table);
  return {
    sql: ['select row_id from demo_records where organization_id = ? and table_name = ?', ...derived.map((d) => d.select)].join(' union '),
    extra: derived.length,
  };
}

/** Demo rows still present, per table, in registration order (rows deleted meanwhile do not count). */
export function countDemoRows(db: Db, orgId: string): DemoDataCount[] {
  const tables = db
    .select({ table: demoRecords.table_name })
    .from(demoRecords)
    .where(eq(demoRecords.organization_id, orgId))
    .groupBy(demoRecords.table_name)
    .orderBy(sql`min(rowid)`)
    .all()
    .map((t) => t.table);
  for (const d of DERIVED) if (!tables.includes(d.table)) tables.push(d.table);
  return tables
    .filter((t) => knownTable(db, t))
    .map((table) => {
      const ids = demoIdsSql(table);
      const n = statement(db, `select count(*) as n from ${quoted(table)} where organization_id = ? and id in (${ids.sql})`).get(
        orgId,
        orgId,
        table,
        ...Array<string>(ids.extra).fill(orgId),
      ) as { n: number };
      return { table, count: n.n };
    })
    .filter((c) => c.count > 0);
}

/** Whether this row (of the table with this SQL name) is demo data. */
export function isDemoRow(db: Db, orgId: string, tableName: string, id: string): boolean {
  return !!db
    .select({ id: demoRecords.row_id })
    .from(demoRecords)
    .where(and(eq(demoRecords.organization_id, orgId), eq(demoRecords.table_name, tableName), eq(demoRecords.row_id, id)))
    .get();
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Only real tables with an id and an organization_id column are ever named in SQL. */
function knownTable(db: Db, name: string): boolean {
  const columns = statement(db, 'select name from pragma_table_info(?)').pluck().all(name) as string[];
  return columns.includes('id') && columns.includes('organization_id');
}

/**
 * Removes every demo row of the organization in ONE transaction: first what demo rows created by
 * themselves, then each table newest registration first. Rows that point at demo rows follow their
 * foreign keys (review requests of a demo person go, a real person's demo manager becomes empty).
 * Returns what was removed. Anything not in the registry, the organization and its admins stay; when
 * no active admin would be left (every admin was a demo person) it throws CONFLICT and removes nothing.
 */
export function removeDemoRows(db: Db, orgId: string): DemoDataCount[] {
  return db.transaction(() => {
    registerDerived(db, orgId);
    const removed = countDemoRows(db, orgId);
    const order = db
      .select({ table: demoRecords.table_name })
      .from(demoRecords)
      .where(eq(demoRecords.organization_id, orgId))
      .groupBy(demoRecords.table_name)
      .orderBy(sql`max(rowid) desc`)
      .all();
    for (const { table } of order) {
      if (!knownTable(db, table)) continue;
      statement(
        db,
        `delete from ${quoted(table)} where organization_id = ?
        and id in (select row_id from demo_records where organization_id = ? and table_name = ?)`,
      ).run(orgId, orgId, table);
    }
    db.delete(demoRecords).where(eq(demoRecords.organization_id, orgId)).run();
    const admins = statement(
      db,
      `select count(*) as n from users where organization_id = ? and permission_level = 'ADMIN'
      and status = 'ACTIVE' and deleted_at is null`,
    ).get(orgId) as { n: number };
    if (!admins.n) throw conflict('Removing the demo data would leave the organization without an admin: make a real person an admin first.');
    return removed;
  });
}

/** Organizations that still have demo rows (for the command line). */
export function organizationsWithDemoRows(db: Db): Array<{ id: string; name: string }> {
  return statement(
    db,
    `select o.id, o.name from organizations o
    where exists (select 1 from demo_records d where d.organization_id = o.id) order by o.created_at, o.id`,
  ).all() as Array<{ id: string; name: string }>;
}
