import { sql } from 'drizzle-orm';
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { TeamSize } from '../../../shared/public-forms.limits.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Messages from the public contact form. Visitors have no organization: the messages belong
 * to the installation and are read by the admins of its recorded operator organization
 * (install_settings; decisions 0011, 0034, 0044).
 */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    message: text('message').notNull(),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [index('contact_messages_created').on(t.created_at)],
);

/** People who asked for the guide on /resources/get-the-guide. */
export const guideLeads = sqliteTable(
  'guide_leads',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    team_size: text('team_size').$type<TeamSize>().notNull(),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [index('guide_leads_created').on(t.created_at)],
);
