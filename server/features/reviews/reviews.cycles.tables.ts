import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { NominationStatus, ReviewCycleStatus, ReviewCycleType, ReviewRequestStatus } from '../../../shared/review-cycle.schemas.js';
import type { Perspective, QuestionKind } from '../../../shared/review-template.schemas.js';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';
import { reviewTemplates } from './reviews.templates.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const org = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** A review cycle (docs/decisions/0016): DRAFT -> ACTIVE (launched) -> CLOSED -> RELEASED. */
export const reviewCycles = sqliteTable(
  'review_cycles',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    name: text('name').notNull(),
    type: text('type').$type<ReviewCycleType>().notNull(),
    template_id: text('template_id').references(() => reviewTemplates.id, { onDelete: 'set null' }),
    status: text('status').$type<ReviewCycleStatus>().notNull().default('DRAFT'),
    nomination_end: text('nomination_end'),
    review_end: text('review_end').notNull(),
    results_release: text('results_release'),
    perspectives: text('perspectives', { mode: 'json' }).$type<Perspective[]>().notNull(),
    min_peers: integer('min_peers').notNull(),
    max_peers: integer('max_peers').notNull(),
    anonymity_threshold: integer('anonymity_threshold').notNull().default(5),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
    launched_at: text('launched_at'),
    closed_at: text('closed_at'),
    released_at: text('released_at'),
  },
  (t) => [index('review_cycles_org').on(t.organization_id, t.status, t.created_at), index('review_cycles_creator').on(t.created_by)],
);

/** The template's content as it was at launch: answers point here, never at the template. */
export const reviewCycleQuestions = sqliteTable(
  'review_cycle_questions',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    cycle_id: text('cycle_id')
      .notNull()
      .references(() => reviewCycles.id, { onDelete: 'cascade' }),
    /** The template question it was copied from (for comparing across cycles); not a foreign key. */
    source_question_id: text('source_question_id'),
    section_position: integer('section_position').notNull(),
    section_title: text('section_title').notNull(),
    section_description: text('section_description'),
    position: integer('position').notNull(),
    kind: text('kind').$type<QuestionKind>().notNull(),
    prompt: text('prompt').notNull(),
    /** The template question's self-review wording, copied at launch (docs/decisions/0025). */
    self_prompt: text('self_prompt'),
    help_text: text('help_text'),
    options: text('options', { mode: 'json' }).$type<string[]>().notNull(),
    competency: text('competency'),
    /** COMPETENCY_RATING: the framework competency it rates (growth competencies; not a foreign key, a removed competency leaves the name). */
    competency_id: text('competency_id'),
    /** Show the reviewee's goals of the review period under the question. */
    show_goals: integer('show_goals', { mode: 'boolean' }).notNull().default(false),
    perspectives: text('perspectives', { mode: 'json' }).$type<Perspective[]>().notNull(),
    required: integer('required', { mode: 'boolean' }).notNull(),
    private: integer('private', { mode: 'boolean' }).notNull(),
  },
  (t) => [uniqueIndex('review_cycle_questions_order').on(t.cycle_id, t.section_position, t.position)],
);

export const reviewParticipants = sqliteTable(
  'review_participants',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    cycle_id: text('cycle_id')
      .notNull()
      .references(() => reviewCycles.id, { onDelete: 'cascade' }),
    reviewee_id: text('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The reviewee's manager when added, refreshed at launch; approves peers and releases results. */
    manager_id: text('manager_id').references(() => users.id, { onDelete: 'set null' }),
    results_released_at: text('results_released_at'),
    released_by: text('released_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledged_at: text('acknowledged_at'),
    /** When the reviewee first opened their released results: a release can be taken back until then (docs/decisions/0031). */
    results_opened_at: text('results_opened_at'),
    /** When the reviewee was first asked to nominate peers (docs/decisions/0031). */
    nomination_requested_at: text('nomination_requested_at'),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('review_participants_person').on(t.cycle_id, t.reviewee_id),
    index('review_participants_reviewee').on(t.reviewee_id),
    index('review_participants_manager').on(t.manager_id),
  ],
);

export const reviewPeerNominations = sqliteTable(
  'review_peer_nominations',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    participant_id: text('participant_id')
      .notNull()
      .references(() => reviewParticipants.id, { onDelete: 'cascade' }),
    reviewer_id: text('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nominated_by: text('nominated_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<NominationStatus>().notNull().default('PROPOSED'),
    decided_by: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('review_peer_nominations_pair').on(t.participant_id, t.reviewer_id)],
);

export const reviewRequests = sqliteTable(
  'review_requests',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    cycle_id: text('cycle_id')
      .notNull()
      .references(() => reviewCycles.id, { onDelete: 'cascade' }),
    participant_id: text('participant_id')
      .notNull()
      .references(() => reviewParticipants.id, { onDelete: 'cascade' }),
    /** Denormalized from the participant so "one request per cycle, reviewee, reviewer and perspective" is an index. */
    reviewee_id: text('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewer_id: text('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    perspective: text('perspective').$type<Perspective>().notNull(),
    status: text('status').$type<ReviewRequestStatus>().notNull().default('PENDING'),
    decline_reason: text('decline_reason'),
    due_at: text('due_at').notNull(),
    created_at: text('created_at').notNull().default(now),
    declined_at: text('declined_at'),
    submitted_at: text('submitted_at'),
    reopened_by: text('reopened_by').references(() => users.id, { onDelete: 'set null' }),
    reopened_at: text('reopened_at'),
  },
  (t) => [
    uniqueIndex('review_requests_once').on(t.cycle_id, t.reviewee_id, t.reviewer_id, t.perspective),
    index('review_requests_reviewer').on(t.reviewer_id, t.status, t.due_at),
    index('review_requests_participant').on(t.participant_id),
  ],
);

/** One row per request and question: drafts and submitted answers alike. */
export const reviewAnswers = sqliteTable(
  'review_answers',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    request_id: text('request_id')
      .notNull()
      .references(() => reviewRequests.id, { onDelete: 'cascade' }),
    question_id: text('question_id')
      .notNull()
      .references(() => reviewCycleQuestions.id, { onDelete: 'cascade' }),
    rating: integer('rating'),
    text: text('text'),
    choices: text('choices', { mode: 'json' }).$type<string[]>(),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('review_answers_once').on(t.request_id, t.question_id)],
);
