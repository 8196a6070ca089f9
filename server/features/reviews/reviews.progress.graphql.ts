import type { MercuriusContext } from 'mercurius';
import { completionStatus } from '../../../shared/completion.js';
import { conflict, forbidden, notFound } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { findTeamsByIds, teamsManagedBy } from '../teams/teams.repo.js';
import { loadUser } from '../users/users.loaders.js';
import { requireViewer } from '../../graphql/context.js';
import { findUsersByIds } from '../users/users.repo.js';
import { findReviewCycle } from './reviews.cycles.repo.js';
import { isAdmin } from './reviews.cycles.policy.js';
import { findReminderCandidate, pendingRequestsOfCycle, reviewerProgress, type ReminderCandidate, type ReviewerProgressRow } from './reviews.progress.repo.js';
import { queueManualReminder } from './reviews.reminders.js';
import { findReminderSettings } from './reviews.reminders.repo.js';

import { addDays } from '../../../shared/dates.js';

/**
 * Team progress of a review cycle: per team and per reviewer, requests written out of those that
 * count (declined ones do not), banded by the one shared `completionStatus`. Admins see everyone;
 * other viewers the reviewers in the teams they manage or lead and their direct reports.
 * Four SQL statements whatever the cycle's size (cycle, teams led, progress rows, team names).
 */
export const reviewProgressSchema = /* GraphQL */ `
  enum CompletionBand { behind almost complete none }
  "Completion by the shared thresholds: below 80 % behind, 80 to 99 % almost, 100 % complete; none when there is nothing to do."
  type Completion { done: Float! total: Float! percent: Int band: CompletionBand! label: String! text: String! }
  type ReviewPersonProgress {
    user_id: ID!
    user: User
    full_name: String!
    "Reviews this person writes in the cycle: submitted out of those that count."
    completion: Completion!
    "Pending reviews past their due date."
    late: Int!
  }
  type ReviewTeamProgress {
    "Null for people in no team."
    team_id: ID
    team_name: String!
    completion: Completion!
    people: [ReviewPersonProgress!]!
  }
  type ReviewCycleProgress {
    cycle_id: ID!
    cycle_name: String!
    cycle_status: ReviewCycleStatus!
    completion: Completion!
    teams: [ReviewTeamProgress!]!
  }
  "One reminder is one message to one reviewer listing every review they still owe in the cycle."
  type ReminderResult {
    "People reminded now."
    queued: Int!
    "People already reminded today (at most one manual reminder per person, cycle and day)."
    already_reminded: Int!
  }
  extend type Query {
    "Managers: their teams (managed or led) and direct reports; admins: everyone."
    reviewTeamProgress(cycleId: ID!): ReviewCycleProgress!
  }
  extend type Mutation {
    "Reminds the reviewer of this pending request of every review they still owe in its cycle (at most once a day)."
    remindReviewer(requestId: ID!): ReminderResult!
    "Reminds every reviewer in the viewer's scope whose pending request is overdue or due within the organization's reminder window (reviewReminderSettings.days_before)."
    remindLateReviewers(cycleId: ID!): ReminderResult!
  }
`;

type Ctx = MercuriusContext;

/** Whose progress the viewer sees: null = everyone (admin). Members with nobody to manage: FORBIDDEN. */
function progressScope(db: Db, viewer: Viewer): ((row: Pick<ReviewerProgressRow, 'team_id' | 'manager_id'>) => boolean) | null {
  if (isAdmin(viewer)) return null;
  if (viewer.permissionLevel !== 'MANAGER') throw forbidden('Team progress is for managers and admins.');
  const teams = new Set(teamsManagedBy(db, viewer.organizationId, [viewer.userId]).map((t) => t.id));
  return (row) => row.manager_id === viewer.userId || (!!row.team_id && teams.has(row.team_id));
}

function sumCompletion(rows: readonly Pick<ReviewerProgressRow, 'done' | 'total'>[]) {
  return completionStatus(
    rows.reduce((n, r) => n + r.done, 0),
    rows.reduce((n, r) => n + r.total, 0),
  );
}

export function buildTeamProgress(db: Db, viewer: Viewer, cycleId: string, now: Date) {
  const cycle = findCycleOrThrow(db, viewer, cycleId);
  const scope = progressScope(db, viewer);
  const rows = reviewerProgress(db, viewer.organizationId, cycle.id, now.toISOString()).filter((r) => !scope || scope(r));
  const byTeam = new Map<string | null, ReviewerProgressRow[]>();
  for (const r of rows) {
    const list = byTeam.get(r.team_id);
    if (list) list.push(r);
    else byTeam.set(r.team_id, [r]);
  }
  const names = new Map(
    findTeamsByIds(
      db,
      viewer.organizationId,
      [...byTeam.keys()].filter((k): k is string => !!k),
    ).map((t) => [t.id, t.name]),
  );
  const teams = [...byTeam.entries()]
    .map(([teamId, people]) => ({
      team_id: teamId,
      team_name: teamId ? (names.get(teamId) ?? 'Former team') : 'No team',
      completion: sumCompletion(people),
      people: people.map((p) => ({ user_id: p.reviewer_id, full_name: p.full_name, completion: completionStatus(p.done, p.total), late: p.late })),
    }))
    .sort((a, b) => (a.team_id === null ? 1 : 0) - (b.team_id === null ? 1 : 0) || a.team_name.localeCompare(b.team_name));
  return { cycle_id: cycle.id, cycle_name: cycle.name, cycle_status: cycle.status, completion: sumCompletion(rows), teams };
}

function findCycleOrThrow(db: Db, viewer: Viewer, cycleId: string) {
  const cycle = findReviewCycle(db, viewer.organizationId, cycleId);
  if (!cycle) throw notFound('Review cycle');
  return cycle;
}

/** Those of these requests whose reviewer the viewer may nudge. */
function remindable<T extends Pick<ReminderCandidate, 'reviewer_id'>>(ctx: Ctx, viewer: Viewer, candidates: readonly T[]): T[] {
  const { db } = ctx.services;
  const scope = progressScope(db, viewer);
  const reviewers = new Map(
    findUsersByIds(db, viewer.organizationId, [...new Set(candidates.map((c) => c.reviewer_id))], { includeDeleted: true }).map((u) => [u.id, u]),
  );
  return candidates.filter((c) => {
    const u = reviewers.get(c.reviewer_id);
    return !!u && (!scope || scope(u));
  });
}

/** Queues one manual reminder per reviewer of these pending requests, leaving out those the viewer may not nudge. */
function remind(ctx: Ctx, viewer: Viewer, candidates: readonly ReminderCandidate[]) {
  const allowed = remindable(ctx, viewer, candidates);
  // One reminder per reviewer and cycle, however many of their requests are late.
  const people = [...new Map(allowed.map((c) => [`${c.reviewer_id}:${c.cycle_id}`, c])).values()];
  let queued = 0;
  for (const c of people) if (queueManualReminder(ctx.services, c)) queued += 1;
  return { allowed, result: { queued, already_reminded: people.length - queued } };
}

export const reviewProgressResolvers = {
  Query: {
    reviewTeamProgress: (_: unknown, args: { cycleId: string }, ctx: Ctx) =>
      buildTeamProgress(ctx.services.db, requireViewer(ctx), args.cycleId, new Date(ctx.services.scheduler.now())),
  },
  Mutation: {
    remindReviewer: (_: unknown, args: { requestId: string }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const c = findReminderCandidate(ctx.services.db, viewer.organizationId, args.requestId);
      if (!c) throw notFound('Review request');
      if (!isAdmin(viewer) && viewer.permissionLevel !== 'MANAGER') throw forbidden('Only managers and admins can send reminders.');
      // Scope before state: a manager outside it learns nothing about the request (docs/decisions/0041).
      if (!remindable(ctx, viewer, [c]).length) throw forbidden('You can remind people in the teams you manage or lead and your direct reports.');
      if (c.status !== 'PENDING' || c.cycle_status !== 'ACTIVE') throw conflict('Only a pending review of an active cycle can be reminded.');
      return remind(ctx, viewer, [c]).result;
    },
    remindLateReviewers: (_: unknown, args: { cycleId: string }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const cycle = findCycleOrThrow(ctx.services.db, viewer, args.cycleId);
      if (!isAdmin(viewer) && viewer.permissionLevel !== 'MANAGER') throw forbidden('Only managers and admins can send reminders.');
      if (cycle.status !== 'ACTIVE') throw conflict('Reminders go out while the cycle is active.');
      const until = addDays(ctx.services.scheduler.now(), findReminderSettings(ctx.services.db, viewer.organizationId).days_before).toISOString();
      return remind(ctx, viewer, pendingRequestsOfCycle(ctx.services.db, viewer.organizationId, cycle.id, until)).result;
    },
  },
  ReviewPersonProgress: {
    user: (p: { user_id: string }, _: unknown, ctx: Ctx) => loadUser(ctx, p.user_id),
  },
};
