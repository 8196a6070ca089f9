import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** Engagement (docs/product/session.md): a signed-in person stayed 1, 10 or 30 minutes on a route (its template path). */
export const engagementEvents = sqliteTable(
  'engagement_events',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    minutes: integer('minutes').notNull(),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [index('engagement_events_org_created').on(t.organization_id, t.created_at)],
);
