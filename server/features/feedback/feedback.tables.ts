import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type {
  FeedbackAnswer,
  FeedbackAskStatus,
  FeedbackAutomationTrigger,
  FeedbackReaction,
  FeedbackResponders,
  FeedbackTagKind,
  FeedbackVisibility,
} from '../../../shared/feedback.js';
import { organizations } from '../org/org.tables.js';
import { teams } from '../teams/teams.tables.js';
import { templateLifecycleColumns } from '../templates/templates.tables.js';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const org = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** The organization's values and competencies that feedback may be tagged with (admins keep the list). */
export const feedbackTags = sqliteTable(
  'feedback_tags',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    name: text('name').notNull(),
    kind: text('kind').$type<FeedbackTagKind>().notNull(),
    description: text('description').notNull().default(''),
    archived_at: text('archived_at'),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('feedback_tags_org_name_idx').on(t.organization_id, sql`lower(${t.name})`)],
);

/**
 * One piece of feedback from `giver_id` about `recipient_id` (docs/decisions/0048). Given freely it has
 * a visibility chosen before sending (PRIVATE, MANAGER, PUBLIC); as the answer to a request it is
 * REQUESTER (the requester reads it; the subject only when the requester shared the request) and
 * carries `request_id` and the per-question `answers` (`body` then holds them joined, for lists).
 */
export const feedback = sqliteTable(
  'feedback',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    giver_id: text('giver_id').references(() => users.id, { onDelete: 'set null' }),
    recipient_id: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    visibility: text('visibility').$type<FeedbackVisibility>().notNull(),
    request_id: text('request_id').references((): AnySQLiteColumn => feedbackRequests.id, { onDelete: 'cascade' }),
    answers: text('answers', { mode: 'json' }).$type<FeedbackAnswer[] | null>(),
    slack_shared_at: text('slack_shared_at'),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [
    index('feedback_org_recipient_idx').on(t.organization_id, t.recipient_id, t.created_at),
    index('feedback_org_giver_idx').on(t.organization_id, t.giver_id, t.created_at),
    index('feedback_org_visibility_idx').on(t.organization_id, t.visibility, t.created_at),
    index('feedback_request_idx').on(t.request_id),
  ],
);

export const feedbackTagLinks = sqliteTable(
  'feedback_tag_links',
  {
    feedback_id: text('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    tag_id: text('tag_id')
      .notNull()
      .references(() => feedbackTags.id, { onDelete: 'cascade' }),
    organization_id: org(),
  },
  (t) => [primaryKey({ columns: [t.feedback_id, t.tag_id] }), index('feedback_tag_links_tag_idx').on(t.tag_id)],
);

/** Reactions on public praise: one of each kind per person. */
export const feedbackReactions = sqliteTable(
  'feedback_reactions',
  {
    feedback_id: text('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').$type<FeedbackReaction>().notNull(),
    organization_id: org(),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.feedback_id, t.user_id, t.reaction] })],
);

/** A custom question set for requests (built-ins live in shared/feedback.ts, ids `builtin:<slug>`). */
export const feedbackTemplates = sqliteTable(
  'feedback_templates',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    questions: text('questions', { mode: 'json' }).$type<string[]>().notNull(),
    ...templateLifecycleColumns(),
  },
  (t) => [index('feedback_templates_org_idx').on(t.organization_id)],
);

/**
 * A request for feedback about `subject_id` (the requester themself, or one of the requester's
 * reports), asked of up to 10 people (feedbackRequestAsks). Questions are copied in from the
 * template. `shared_at`: when a manager shared the answers with the report.
 */
export const feedbackRequests = sqliteTable(
  'feedback_requests',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    requester_id: text('requester_id').references(() => users.id, { onDelete: 'set null' }),
    subject_id: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    template_id: text('template_id'),
    template_name: text('template_name'),
    questions: text('questions', { mode: 'json' }).$type<string[]>().notNull(),
    message: text('message').notNull().default(''),
    due_on: text('due_on'),
    shared_at: text('shared_at'),
    cancelled_at: text('cancelled_at'),
    automation_rule_id: text('automation_rule_id'),
    period_key: text('period_key'),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [
    index('feedback_requests_org_requester_idx').on(t.organization_id, t.requester_id, t.created_at),
    index('feedback_requests_org_subject_idx').on(t.organization_id, t.subject_id, t.created_at),
    uniqueIndex('feedback_requests_rule_period_idx').on(t.automation_rule_id, t.subject_id, t.period_key),
  ],
);

/** One person asked in a request: answered once (feedback_id) or declined with a reason. */
export const feedbackRequestAsks = sqliteTable(
  'feedback_request_asks',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    request_id: text('request_id')
      .notNull()
      .references(() => feedbackRequests.id, { onDelete: 'cascade' }),
    responder_id: text('responder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<FeedbackAskStatus>().notNull().default('PENDING'),
    decline_reason: text('decline_reason'),
    feedback_id: text('feedback_id').references(() => feedback.id, { onDelete: 'set null' }),
    answered_at: text('answered_at'),
    /** The one reminder after 3 working days (automation). */
    reminded_at: text('reminded_at'),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('feedback_request_asks_request_responder_idx').on(t.request_id, t.responder_id),
    index('feedback_request_asks_org_responder_idx').on(t.organization_id, t.responder_id, t.status),
  ],
);

/**
 * Periodic requests: for each person in scope (a team, or the whole organization when `team_id` is
 * null, admins only), a request about themself asked of their teammates and/or manager, at each
 * sprint end of the team, monthly, or `days_after_start` days after their start date. Exactly once
 * per rule, person and period (feedback_requests_rule_period_idx).
 */
export const feedbackAutomationRules = sqliteTable(
  'feedback_automation_rules',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    team_id: text('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<FeedbackAutomationTrigger>().notNull(),
    days_after_start: integer('days_after_start'),
    template_id: text('template_id').notNull(),
    responders: text('responders').$type<FeedbackResponders>().notNull().default('TEAMMATES'),
    responder_count: integer('responder_count').notNull().default(3),
    paused_at: text('paused_at'),
    last_run_at: text('last_run_at'),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [index('feedback_automation_rules_org_idx').on(t.organization_id)],
);

/** A manager told once that a report received no feedback since `since` (60 days or more). */
export const feedbackNudges = sqliteTable(
  'feedback_nudges',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    manager_id: text('manager_id').references(() => users.id, { onDelete: 'set null' }),
    since: text('since').notNull(),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('feedback_nudges_user_since_idx').on(t.user_id, t.since)],
);
