import { sql } from 'drizzle-orm';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * The Slack incoming webhook an admin connected, one per organization. `webhook_url` is a
 * secret (whoever has it can post to the channel): GraphQL only ever shows its last 4 characters.
 */
export const slackWebhooks = sqliteTable('slack_webhooks', {
  organization_id: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  webhook_url: text('webhook_url').notNull(),
  channel_label: text('channel_label'),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: text('created_at').notNull().default(now),
  last_success_at: text('last_success_at'),
  last_error: text('last_error'),
  last_error_at: text('last_error_at'),
});
