import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * The lifecycle columns of a stored template (feedback and retro templates, health checks, review
 * templates), last in each table, in this order: a new builder per table (drizzle binds each column
 * to one table). The content columns stay in each feature's table.
 */
export const templateLifecycleColumns = () => ({
  /** Grows with every save of the content: a save based on an older one is refused (docs/decisions/0059). */
  version: integer('version').notNull().default(1),
  archived_at: text('archived_at'),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: text('created_at').notNull().default(now),
  updated_at: text('updated_at').notNull().default(now),
});
