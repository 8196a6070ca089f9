import { sql } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { FeatureArea } from '../../../shared/feature-areas.js';
import { organizations } from '../org/org.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** An admin's switch for one feature area; an area without a row is on. */
export const orgFeatureAreas = sqliteTable(
  'org_feature_areas',
  {
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    area: text('area').$type<FeatureArea>().notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    updated_by: text('updated_by'),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.area] })],
);
