import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { organizations } from '../org/org.tables.js';

/**
 * A batch's id is its organization's (docs/decisions/0057): the key is (organization, id), so an id
 * chosen in one organization never collides with, nor reveals, another organization's batch.
 */
export const massCreationBatches = sqliteTable(
  'mass_creation_batches',
  {
    id: text('id').notNull(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    created_by: text('created_by').notNull(),
    // interrupted: the server stopped or was killed during the import; nothing of it was written (mass-creation.recovery.ts).
    status: text('status').$type<'running' | 'done' | 'failed' | 'rolled_back' | 'interrupted'>().notNull(),
    dry_run: integer('dry_run', { mode: 'boolean' }).notNull().default(false),
    total: integer('total').notNull(),
    created: integer('created').notNull().default(0),
    result: text('result', { mode: 'json' }),
    created_at: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    finished_at: text('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.id] }), index('mass_creation_batches_org').on(t.organization_id)],
);
