import { sql } from 'drizzle-orm';
import { index, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';

export const teams = sqliteTable(
  'teams',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    manager_id: text('manager_id').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
    team_lead_id: text('team_lead_id').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
    created_at: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    deleted_at: text('deleted_at'),
  },
  (t) => [
    // Live teams only: a deleted team's name is free for a new team.
    uniqueIndex('teams_org_name')
      .on(t.organization_id, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
    index('teams_manager').on(t.manager_id),
    index('teams_lead').on(t.team_lead_id),
  ],
);
