import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { PermissionLevel, UserStatus, WidgetType } from '../../../shared/enums.js';
import { organizations, subdepartments } from '../org/org.tables.js';
import { teams } from '../teams/teams.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    full_name: text('full_name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number'),
    slack_id: text('slack_id'),
    slack_team_id: text('slack_team_id'),
    time_zone: text('time_zone'),
    role: text('role'),
    location: text('location'),
    bio: text('bio'),
    profile_picture_id: text('profile_picture_id'),
    status: text('status').$type<UserStatus>().notNull().default('INVITED'),
    permission_level: text('permission_level').$type<PermissionLevel>().notNull().default('MEMBER'),
    password_hash: text('password_hash'),
    last_password_update: text('last_password_update'),
    created_at: text('created_at').notNull().default(now),
    last_login: text('last_login'),
    deleted_at: text('deleted_at'),
    email_verified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    github_user: text('github_user'),
    bitbucket_account_id: text('bitbucket_account_id'),
    azure_boards_user_id: text('azure_boards_user_id'),
    azure_email: text('azure_email'),
    jira_account_id: text('jira_account_id'),
    notifications: text('notifications', { mode: 'json' }).$type<string[]>().notNull().default(['email', 'in_app']),
    manager_id: text('manager_id').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
    team_id: text('team_id').references((): AnySQLiteColumn => teams.id, { onDelete: 'set null' }),
    subdepartment_id: text('subdepartment_id').references(() => subdepartments.id, { onDelete: 'set null' }),
    excluded_review_automation: integer('excluded_review_automation', { mode: 'boolean' }).notNull().default(false),
    mass_batch_id: text('mass_batch_id'),
    /** When the latest invitation mail was sent (null: never invited). See docs/decisions/0027. */
    invited_at: text('invited_at'),
  },
  (t) => [
    uniqueIndex('users_email').on(t.email),
    index('users_org_status').on(t.organization_id, t.status),
    index('users_manager').on(t.manager_id),
    index('users_team').on(t.team_id),
    index('users_batch').on(t.mass_batch_id),
  ],
);

export const userSecondaryEmails = sqliteTable(
  'user_secondary_emails',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
  },
  (t) => [index('user_secondary_emails_user').on(t.user_id)],
);

export const userSecondaryPhones = sqliteTable(
  'user_secondary_phones',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
  },
  (t) => [index('user_secondary_phones_user').on(t.user_id)],
);

export const widgetPreferences = sqliteTable('widget_preferences', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled_widgets: text('enabled_widgets', { mode: 'json' }).$type<WidgetType[]>().notNull(),
  updated_at: text('updated_at').notNull().default(now),
});
