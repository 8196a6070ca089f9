import { sql } from 'drizzle-orm';
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { organizations } from '../org/org.tables.js';
import { teams } from '../teams/teams.tables.js';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Dated sprints of a team (docs/decisions/0021, 0022, 0073). Review, retro and feedback automation
 * rules act when one ends; retros may belong to one. The table keeps its first name, `review_sprints`.
 */
export const sprints = sqliteTable(
  'review_sprints',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    team_id: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    starts_on: text('starts_on').notNull(),
    ends_on: text('ends_on').notNull(),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [index('review_sprints_team').on(t.organization_id, t.team_id, t.ends_on)],
);
