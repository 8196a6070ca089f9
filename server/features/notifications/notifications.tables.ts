import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    created_at: text('created_at').notNull().default(now),
    read_at: text('read_at'),
  },
  (t) => [index('notifications_user').on(t.user_id, t.created_at)],
);

/** Every mail the product sends; kept (and readable by admins) when SMTP is not configured. */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    created_at: text('created_at').notNull().default(now),
    sent_at: text('sent_at'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('email_outbox_org').on(t.organization_id, t.created_at)],
);
