import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { RetroActionStatus, RetroPhase, RetroPrompt, RetroAutomationTrigger } from '../../../shared/retros.js';
import { organizations } from '../org/org.tables.js';
import { teams } from '../teams/teams.tables.js';
import { templateLifecycleColumns } from '../templates/templates.tables.js';
import { users } from '../users/users.tables.js';
import { sprints } from '../sprints/sprints.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const org = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** A custom retro template (built-ins live in shared/retros.ts, ids `builtin:<slug>`). */
export const retroTemplates = sqliteTable(
  'retro_templates',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** 1-6 prompts: { id, title, description, colour }. */
    prompts: text('prompts', { mode: 'json' }).$type<RetroPrompt[]>().notNull(),
    ...templateLifecycleColumns(),
  },
  (t) => [index('retro_templates_org_idx').on(t.organization_id)],
);

/** A custom set of team health statements (built-ins in shared/retros.ts). */
export const retroHealthChecks = sqliteTable(
  'retro_health_checks',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    name: text('name').notNull(),
    statements: text('statements', { mode: 'json' }).$type<string[]>().notNull(),
    ...templateLifecycleColumns(),
  },
  (t) => [index('retro_health_checks_org_idx').on(t.organization_id)],
);

/**
 * One retrospective of a team. Template prompts and health statements are copied in at creation,
 * so editing a template never changes a retro. `version` grows by one with every change of its
 * live state (one transaction each): clients keep the highest version they have seen.
 * `author_key` (32 random bytes, base64url) keys the HMAC tokens that link anonymous reflections,
 * votes and health answers to their author while the retro runs; it is erased when the retro ends
 * (docs/decisions/0047).
 */
export const retros = sqliteTable(
  'retros',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    team_id: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    sprint_id: text('sprint_id').references(() => sprints.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    template_id: text('template_id').notNull(),
    template_name: text('template_name').notNull(),
    prompts: text('prompts', { mode: 'json' }).$type<RetroPrompt[]>().notNull(),
    facilitator_id: text('facilitator_id').references(() => users.id, { onDelete: 'set null' }),
    anonymous: integer('anonymous', { mode: 'boolean' }).notNull().default(true),
    max_votes: integer('max_votes').notNull().default(5),
    max_votes_per_group: integer('max_votes_per_group').notNull().default(3),
    check_in_question: text('check_in_question'),
    /** Null: no health check phase. */
    health_statements: text('health_statements', { mode: 'json' }).$type<string[] | null>(),
    phase: text('phase').$type<RetroPhase>().notNull().default('SCHEDULED'),
    scheduled_at: text('scheduled_at').notNull(),
    /** Async retros: REFLECT and VOTE close by themselves at these instants (the scheduler). */
    reflect_deadline: text('reflect_deadline'),
    vote_deadline: text('vote_deadline'),
    /** Discuss: the group being discussed and when its timer started; the time box per topic. */
    topic_group_id: text('topic_group_id'),
    topic_started_at: text('topic_started_at'),
    topic_minutes: integer('topic_minutes').notNull().default(5),
    started_at: text('started_at'),
    ended_at: text('ended_at'),
    /** Recorded when the retro ends (docs/decisions/0059): who took part and the team's size then, so history does not move. */
    participants_at_end: integer('participants_at_end'),
    team_size_at_end: integer('team_size_at_end'),
    version: integer('version').notNull().default(1),
    author_key: text('author_key'),
    automation_rule_id: text('automation_rule_id'),
    period_key: text('period_key'),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('retros_org_team_idx').on(t.organization_id, t.team_id, t.scheduled_at),
    uniqueIndex('retros_rule_period_idx').on(t.automation_rule_id, t.period_key),
  ],
);

/**
 * A reflection under one prompt. Signed retros keep `author_id`; anonymous ones keep only
 * `author_token` (HMAC of the author's id under the retro's author_key), set to null when the retro
 * ends, with created_at/updated_at set to the end time.
 */
export const retroReflections = sqliteTable(
  'retro_reflections',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    retro_id: text('retro_id')
      .notNull()
      .references(() => retros.id, { onDelete: 'cascade' }),
    prompt_id: text('prompt_id').notNull(),
    text: text('text').notNull(),
    author_id: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    author_token: text('author_token'),
    group_id: text('group_id'),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [index('retro_reflections_retro_idx').on(t.retro_id), index('retro_reflections_group_idx').on(t.group_id)],
);

/** A group of reflections (made at the start of GROUP: one per reflection, then merged). `votes` is the tally. */
export const retroGroups = sqliteTable(
  'retro_groups',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    retro_id: text('retro_id')
      .notNull()
      .references(() => retros.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    votes: integer('votes').notNull().default(0),
    /** Seconds spent on this topic in DISCUSS, summed over its turns. */
    discussed_seconds: integer('discussed_seconds').notNull().default(0),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [index('retro_groups_retro_idx').on(t.retro_id)],
);

/**
 * A comment on a topic in DISCUSS: each person writes their own, so nothing one person types can
 * overwrite another's (docs/decisions/0059). Like reflections, signed retros keep `author_id` and
 * anonymous ones only `author_token`, nulled when the retro ends. `position` is the order of the
 * topic's conversation. `from_notes`: the topic's shared notes of before comments, by nobody in particular.
 */
export const retroComments = sqliteTable(
  'retro_comments',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    retro_id: text('retro_id')
      .notNull()
      .references(() => retros.id, { onDelete: 'cascade' }),
    group_id: text('group_id')
      .notNull()
      .references(() => retroGroups.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    author_id: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    author_token: text('author_token'),
    from_notes: integer('from_notes', { mode: 'boolean' }).notNull().default(false),
    position: integer('position').notNull(),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [index('retro_comments_retro_idx').on(t.retro_id), index('retro_comments_group_idx').on(t.group_id, t.position)],
);

/** One vote (a person may put several on one group). The voter is an HMAC token; the rows are deleted when the retro ends. */
export const retroVotes = sqliteTable(
  'retro_votes',
  {
    id: text('id').primaryKey(),
    retro_id: text('retro_id')
      .notNull()
      .references(() => retros.id, { onDelete: 'cascade' }),
    group_id: text('group_id')
      .notNull()
      .references(() => retroGroups.id, { onDelete: 'cascade' }),
    voter_token: text('voter_token').notNull(),
  },
  (t) => [index('retro_votes_retro_voter_idx').on(t.retro_id, t.voter_token)],
);

/** A 1-5 answer to one health statement. The token is nulled when the retro ends; only aggregates of 3 or more are shown. */
export const retroHealthAnswers = sqliteTable(
  'retro_health_answers',
  {
    id: text('id').primaryKey(),
    retro_id: text('retro_id')
      .notNull()
      .references(() => retros.id, { onDelete: 'cascade' }),
    statement_index: integer('statement_index').notNull(),
    voter_token: text('voter_token'),
    score: integer('score').notNull(),
  },
  (t) => [uniqueIndex('retro_health_answers_one_idx').on(t.retro_id, t.statement_index, t.voter_token)],
);

/** Who took part (joined the live meeting or wrote while it ran), with their optional check-in answer (signed). */
export const retroParticipants = sqliteTable(
  'retro_participants',
  {
    retro_id: text('retro_id')
      .notNull()
      .references(() => retros.id, { onDelete: 'cascade' }),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    check_in: text('check_in'),
    joined_at: text('joined_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.retro_id, t.user_id] })],
);

/** A decision of a retro; open ones carry into the team's next retros until done or dropped. */
export const retroActionItems = sqliteTable(
  'retro_action_items',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    retro_id: text('retro_id')
      .notNull()
      .references(() => retros.id, { onDelete: 'cascade' }),
    team_id: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    group_id: text('group_id'),
    text: text('text').notNull(),
    owner_id: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    due_on: text('due_on'),
    status: text('status').$type<RetroActionStatus>().notNull().default('OPEN'),
    done_at: text('done_at'),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [index('retro_action_items_team_idx').on(t.organization_id, t.team_id, t.status), index('retro_action_items_owner_idx').on(t.owner_id, t.status)],
);

/** A rule that creates a team's retros by itself: after every sprint end or every N weeks. */
export const retroAutomationRules = sqliteTable(
  'retro_automation_rules',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    team_id: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<RetroAutomationTrigger>().notNull(),
    /** CADENCE: every N weeks from `anchor_at` (the first retro's start). */
    every_weeks: integer('every_weeks').notNull().default(2),
    anchor_at: text('anchor_at'),
    template_id: text('template_id').notNull(),
    health_check_id: text('health_check_id'),
    facilitator_id: text('facilitator_id').references(() => users.id, { onDelete: 'set null' }),
    anonymous: integer('anonymous', { mode: 'boolean' }).notNull().default(true),
    max_votes: integer('max_votes').notNull().default(5),
    max_votes_per_group: integer('max_votes_per_group').notNull().default(3),
    /** Async: REFLECT closes this many hours after the retro opens, VOTE this many hours later; null = live meeting. */
    reflect_hours: integer('reflect_hours'),
    vote_hours: integer('vote_hours'),
    paused_at: text('paused_at'),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [index('retro_automation_rules_org_idx').on(t.organization_id)],
);
