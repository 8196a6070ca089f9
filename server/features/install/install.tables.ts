import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { organizations } from '../org/org.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Settings of the whole install (one row, id 1), not of one organization. The operator organization
 * is the first one, recorded when it is created (first start); its admins run the install.
 * `sign_up`: OPEN or CLOSED as an operator admin chose it; null means the default (closed once the
 * operator organization exists). The SIGNUP environment variable overrides both.
 */
export const installSettings = sqliteTable(
  'install_settings',
  {
    id: integer('id').primaryKey(),
    operator_organization_id: text('operator_organization_id').references(() => organizations.id),
    sign_up: text('sign_up').$type<'OPEN' | 'CLOSED'>(),
    updated_by: text('updated_by'),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [check('install_settings_one_row', sql`${t.id} = 1`), check('install_settings_sign_up', sql`${t.sign_up} IN ('OPEN', 'CLOSED')`)],
);
