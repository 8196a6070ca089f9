import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';

/** An organization's review reminder settings; no row: the defaults (2 days before, and when overdue). */
export const reviewReminderSettings = sqliteTable('review_reminder_settings', {
  organization_id: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  days_before: integer('days_before').notNull(),
  when_overdue: integer('when_overdue', { mode: 'boolean' }).notNull(),
  updated_by: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updated_at: text('updated_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});
