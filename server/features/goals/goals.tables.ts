import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { CheckInCadence, GoalKind, GoalOwnerKind, GoalStatus, GoalVisibility, KeyResultKind } from '../../../shared/goals.js';
import { organizations } from '../org/org.tables.js';
import { teams } from '../teams/teams.tables.js';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const org = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/**
 * A goal (docs/decisions/0049). Owned by a person (owner_user_id), a team (owner_team_id) or the
 * company (neither). `parent_id` aligns it under another goal of the organization (never a cycle,
 * at most GOAL_LIMITS.depthMax deep). `progress` (0..100, one decimal) is the stored roll-up of
 * shared/goals.ts goalProgress, recomputed for the goal and its ancestors in the transaction that
 * changes a key result, a status or the alignment; lists and the tree read it without computing.
 * GROWTH goals belong to a person's development plan and name the competency they develop.
 */
export const goals = sqliteTable(
  'goals',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    owner_kind: text('owner_kind').$type<GoalOwnerKind>().notNull(),
    owner_user_id: text('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    owner_team_id: text('owner_team_id').references(() => teams.id, { onDelete: 'cascade' }),
    parent_id: text('parent_id').references((): AnySQLiteColumn => goals.id, { onDelete: 'set null' }),
    kind: text('kind').$type<GoalKind>().notNull().default('OBJECTIVE'),
    competency_id: text('competency_id'),
    start_date: text('start_date'),
    due_date: text('due_date'),
    visibility: text('visibility').$type<GoalVisibility>().notNull(),
    status: text('status').$type<GoalStatus>().notNull().default('ON_TRACK'),
    progress: real('progress').notNull().default(0),
    last_check_in_at: text('last_check_in_at'),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('goals_org_owner_user_idx').on(t.organization_id, t.owner_user_id, t.due_date),
    index('goals_org_owner_team_idx').on(t.organization_id, t.owner_team_id),
    index('goals_org_kind_idx').on(t.organization_id, t.owner_kind),
    // Covering: the tree counts readable children from this index alone (no row reads for 50,000 goals).
    index('goals_parent_visibility_idx').on(t.parent_id, t.organization_id, t.visibility, t.owner_kind, t.owner_user_id, t.owner_team_id),
  ],
);

/** A key result of a goal, in `position` order. BINARY runs from 0 to 1. */
export const goalKeyResults = sqliteTable(
  'goal_key_results',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    goal_id: text('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind').$type<KeyResultKind>().notNull(),
    start_value: real('start_value').notNull().default(0),
    target_value: real('target_value').notNull().default(1),
    current_value: real('current_value').notNull().default(0),
    currency: text('currency'),
    weight: real('weight').notNull().default(1),
    position: integer('position').notNull().default(0),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [index('goal_key_results_goal_idx').on(t.goal_id, t.position)],
);

/**
 * A check-in: new key-result values, a comment, a confidence (1..5), the status set, and the goal's
 * progress right after it (the progress-over-time chart reads these). Never edited.
 */
export const goalCheckIns = sqliteTable(
  'goal_check_ins',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    goal_id: text('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    author_id: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment').notNull().default(''),
    confidence: integer('confidence'),
    status: text('status').$type<GoalStatus>().notNull(),
    progress: real('progress').notNull(),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [index('goal_check_ins_goal_idx').on(t.goal_id, t.created_at)],
);

/** The key-result values a check-in set (before and after). */
export const goalCheckInValues = sqliteTable(
  'goal_check_in_values',
  {
    check_in_id: text('check_in_id')
      .notNull()
      .references(() => goalCheckIns.id, { onDelete: 'cascade' }),
    key_result_id: text('key_result_id')
      .notNull()
      .references(() => goalKeyResults.id, { onDelete: 'cascade' }),
    organization_id: org(),
    before_value: real('before_value').notNull(),
    after_value: real('after_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.check_in_id, t.key_result_id] })],
);

/** The organization's goal reminders (a missing row means GOAL_SETTINGS_DEFAULTS). */
export const goalSettings = sqliteTable('goal_settings', {
  organization_id: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  check_in_cadence: text('check_in_cadence').$type<CheckInCadence>().notNull().default('WEEKLY'),
  check_in_weekday: integer('check_in_weekday').notNull().default(1),
  due_reminder_days: integer('due_reminder_days').notNull().default(7),
  updated_at: text('updated_at').notNull().default(now),
});
