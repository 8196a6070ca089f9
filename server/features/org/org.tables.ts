import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const organizations = sqliteTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  profile_picture_id: text('profile_picture_id'),
  slack_integration: integer('slack_integration', { mode: 'boolean' }).notNull().default(false),
  jira_integration: integer('jira_integration', { mode: 'boolean' }).notNull().default(false),
  onboarding_phase: text('onboarding_phase').notNull().default('INVITE_PEOPLE'),
  is_onboarding_phase_skipped: integer('is_onboarding_phase_skipped', { mode: 'boolean' }).notNull().default(false),
  allowed_email_domains: text('allowed_email_domains', { mode: 'json' }).$type<string[]>().notNull().default([]),
  blocked_email_domains: text('blocked_email_domains', { mode: 'json' }).$type<string[]>().notNull().default([]),
  created_at: text('created_at').notNull().default(now),
  deleted_at: text('deleted_at'),
});

export const githubIntegrations = sqliteTable(
  'github_integrations',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    github_organization_name: text('github_organization_name').notNull(),
    github_organization_id: text('github_organization_id').notNull(),
    github_integration: text('github_integration').notNull(),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [index('github_integrations_org').on(t.organization_id)],
);

export const businessUnits = sqliteTable(
  'business_units',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    unit_name: text('unit_name').notNull(),
  },
  (t) => [uniqueIndex('business_units_org_name').on(t.organization_id, t.unit_name)],
);

export const departments = sqliteTable(
  'departments',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    business_unit_id: text('business_unit_id')
      .notNull()
      .references(() => businessUnits.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('departments_org').on(t.organization_id)],
);

export const subdepartments = sqliteTable(
  'subdepartments',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    department_id: text('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
  },
  (t) => [index('subdepartments_org').on(t.organization_id)],
);
