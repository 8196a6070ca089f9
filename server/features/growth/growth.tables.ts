import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { AssessmentKind, AssessmentStatus } from '../../../shared/growth.js';
import { goals } from '../goals/goals.tables.js';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const org = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/**
 * The competency framework (docs/decisions/0050): tracks (Engineering IC, Engineering Manager), their
 * levels in order, their competencies in order, and what each competency expects at each level.
 * `builtin_key` names the built-in track a track was copied from (shared/growth.builtin-framework.ts).
 */
export const competencyTracks = sqliteTable(
  'competency_tracks',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    builtin_key: text('builtin_key'),
    position: integer('position').notNull().default(0),
    /** Grows with every save of the content: a save based on an older one is refused (docs/decisions/0059). */
    version: integer('version').notNull().default(1),
    archived_at: text('archived_at'),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('competency_tracks_org_name_idx').on(t.organization_id, sql`lower(${t.name})`)],
);

export const competencyLevels = sqliteTable(
  'competency_levels',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    track_id: text('track_id')
      .notNull()
      .references(() => competencyTracks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [index('competency_levels_track_idx').on(t.track_id, t.position)],
);

export const competencies = sqliteTable(
  'competencies',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    track_id: text('track_id')
      .notNull()
      .references(() => competencyTracks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [index('competencies_track_idx').on(t.track_id, t.position)],
);

export const competencyExpectations = sqliteTable(
  'competency_expectations',
  {
    competency_id: text('competency_id')
      .notNull()
      .references(() => competencies.id, { onDelete: 'cascade' }),
    level_id: text('level_id')
      .notNull()
      .references(() => competencyLevels.id, { onDelete: 'cascade' }),
    organization_id: org(),
    text: text('text').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.competency_id, t.level_id] })],
);

/** Where a person stands: one track and one level of that track. */
export const competencyPlacements = sqliteTable(
  'competency_placements',
  {
    user_id: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organization_id: org(),
    track_id: text('track_id')
      .notNull()
      .references(() => competencyTracks.id, { onDelete: 'cascade' }),
    level_id: text('level_id')
      .notNull()
      .references(() => competencyLevels.id),
    placed_by: text('placed_by').references(() => users.id, { onDelete: 'set null' }),
    placed_at: text('placed_at').notNull().default(now),
  },
  (t) => [index('competency_placements_track_idx').on(t.organization_id, t.track_id)],
);

/**
 * An assessment of `subject_id` by `assessor_id` (SELF: the same person; MANAGER: their manager or an
 * admin) against the track and level the subject was placed on when it started. A DRAFT is seen by
 * its assessor only; SUBMITTED ones are final and kept as history. At most one DRAFT per subject and
 * kind at a time.
 */
export const assessments = sqliteTable(
  'assessments',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    subject_id: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assessor_id: text('assessor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<AssessmentKind>().notNull(),
    status: text('status').$type<AssessmentStatus>().notNull().default('DRAFT'),
    track_id: text('track_id')
      .notNull()
      .references(() => competencyTracks.id, { onDelete: 'cascade' }),
    level_id: text('level_id')
      .notNull()
      .references(() => competencyLevels.id),
    summary: text('summary').notNull().default(''),
    version: integer('version').notNull().default(1),
    submitted_at: text('submitted_at'),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('assessments_org_subject_idx').on(t.organization_id, t.subject_id, t.kind, t.submitted_at),
    uniqueIndex('assessments_one_draft_idx')
      .on(t.subject_id, t.kind)
      .where(sql`${t.status} = 'DRAFT'`),
  ],
);

export const assessmentRatings = sqliteTable(
  'assessment_ratings',
  {
    assessment_id: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    competency_id: text('competency_id')
      .notNull()
      .references(() => competencies.id, { onDelete: 'cascade' }),
    organization_id: org(),
    rating: integer('rating'),
    comment: text('comment').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.assessment_id, t.competency_id] })],
);

/** A person's development plan: a focus text and an optional mentor (growth goals are `goals` of kind GROWTH). */
export const developmentPlans = sqliteTable('development_plans', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organization_id: org(),
  mentor_id: text('mentor_id').references(() => users.id, { onDelete: 'set null' }),
  focus: text('focus').notNull().default(''),
  updated_at: text('updated_at').notNull().default(now),
});

/** An action of a development plan, optionally for a competency or one of the plan's growth goals. */
export const developmentActions = sqliteTable(
  'development_actions',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    due_date: text('due_date'),
    competency_id: text('competency_id').references(() => competencies.id, { onDelete: 'set null' }),
    goal_id: text('goal_id').references(() => goals.id, { onDelete: 'set null' }),
    done_at: text('done_at'),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [index('development_actions_user_idx').on(t.organization_id, t.user_id)],
);
