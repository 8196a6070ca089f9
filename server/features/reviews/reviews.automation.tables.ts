import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { ReviewAutomationRuleType } from '../../../shared/review-automation.schemas.js';
import type { Perspective } from '../../../shared/review-template.schemas.js';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';
import { reviewCycles } from './reviews.cycles.tables.js';
import { reviewTemplates } from './reviews.templates.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const org = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** A rule that creates review cycles by itself (docs/decisions/0021). */
export const reviewAutomationRules = sqliteTable(
  'review_automation_rules',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    name: text('name').notNull(),
    type: text('type').$type<ReviewAutomationRuleType>().notNull(),
    template_id: text('template_id').references(() => reviewTemplates.id, { onDelete: 'set null' }),
    /** REPEAT: every N months from the anchor. AFTER_START: N days after a person's start. Unused for SPRINT_END. */
    every_count: integer('every_count').notNull().default(1),
    anchor_at: text('anchor_at'),
    /** Who is reviewed: REPEAT people and/or teams; AFTER_START an optional team scope; SPRINT_END exactly one team. */
    user_ids: text('user_ids', { mode: 'json' }).$type<string[]>().notNull(),
    team_ids: text('team_ids', { mode: 'json' }).$type<string[]>().notNull(),
    perspectives: text('perspectives', { mode: 'json' }).$type<Perspective[]>().notNull(),
    min_peers: integer('min_peers').notNull(),
    max_peers: integer('max_peers').notNull(),
    anonymity_threshold: integer('anonymity_threshold').notNull(),
    nomination_days: integer('nomination_days').notNull(),
    review_days: integer('review_days').notNull(),
    release_days: integer('release_days'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** Periods count from here: the creation, then the last resume (periods while paused are skipped, not caught up). */
    periods_from: text('periods_from').notNull().default(now),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [index('review_automation_rules_org').on(t.organization_id, t.active)],
);

/** The guard: one row per rule and period; the unique index makes a second cycle for a period impossible. */
export const reviewAutomationRuns = sqliteTable(
  'review_automation_runs',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    rule_id: text('rule_id')
      .notNull()
      .references(() => reviewAutomationRules.id, { onDelete: 'cascade' }),
    period_key: text('period_key').notNull(),
    cycle_id: text('cycle_id').references(() => reviewCycles.id, { onDelete: 'set null' }),
    /** Why no cycle was created (nobody to review, template archived...). */
    skipped_reason: text('skipped_reason'),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('review_automation_runs_once').on(t.rule_id, t.period_key), index('review_automation_runs_org').on(t.organization_id, t.created_at)],
);
