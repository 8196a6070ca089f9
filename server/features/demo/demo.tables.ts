import { sql } from 'drizzle-orm';
import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { organizations } from '../org/org.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * The demo registry (docs/decisions/0036): one row per row that a demo seed created, named by its
 * table and id. Removing the demo data deletes exactly these rows (their dependent rows follow
 * through the foreign keys' ON DELETE CASCADE / SET NULL) and nothing else. The implicit rowid
 * keeps the registration order: tables are emptied newest first.
 */
export const demoRecords = sqliteTable(
  'demo_records',
  {
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    table_name: text('table_name').notNull(),
    row_id: text('row_id').notNull(),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.table_name, t.row_id] }), index('demo_records_org').on(t.organization_id, t.table_name)],
);
