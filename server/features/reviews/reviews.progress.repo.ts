import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { inJsonList, jsonList, prepared } from '../../db/prepared.js';
import { users } from '../users/users.repo.js';
import { reviewCycles, reviewParticipants, reviewRequests } from './reviews.cycles.tables.js';
import { statement } from '../../db/sqlite.js';

/** Participants about these reviewees with their cycle's status, for `user_reviews_reviewee` (one statement). */
export function listResultParticipantsByReviewees(db: Db, orgId: string, revieweeIds: readonly string[]) {
  if (!revieweeIds.length) return [];
  return prepared(db, 'reviewParticipants.byReviewees', () =>
    db
      .select({ participant: reviewParticipants, cycle: { status: reviewCycles.status, launched_at: reviewCycles.launched_at } })
      .from(reviewParticipants)
      .innerJoin(reviewCycles, eq(reviewCycles.id, reviewParticipants.cycle_id))
      .where(and(eq(reviewParticipants.organization_id, sql.placeholder('orgId')), inJsonList(reviewParticipants.reviewee_id, 'ids')))
      .orderBy(asc(reviewCycles.launched_at), asc(reviewParticipants.id))
      .prepare(),
  ).all({ orgId, ids: jsonList(revieweeIds) });
}

export interface ReviewerProgressRow {
  reviewer_id: string;
  full_name: string;
  team_id: string | null;
  manager_id: string | null;
  total: number;
  done: number;
  /** Pending requests whose due date has passed. */
  late: number;
}

/**
 * Per reviewer of one cycle: requests that count (not declined), submitted ones and late ones,
 * with the reviewer's team and manager. One statement whatever the cycle's size.
 */
export function reviewerProgress(db: Db, orgId: string, cycleId: string, now: string): ReviewerProgressRow[] {
  return prepared(db, 'reviewRequests.progressByReviewer', () =>
    db
      .select({
        reviewer_id: reviewRequests.reviewer_id,
        full_name: users.full_name,
        team_id: users.team_id,
        manager_id: users.manager_id,
        total: sql<number>`count(*)`,
        done: sql<number>`coalesce(sum(${reviewRequests.status} = 'SUBMITTED'), 0)`,
        late: sql<number>`coalesce(sum(${reviewRequests.status} = 'PENDING' and ${reviewRequests.due_at} < ${sql.placeholder('now')}), 0)`,
      })
      .from(reviewRequests)
      .innerJoin(users, eq(users.id, reviewRequests.reviewer_id))
      .where(
        and(
          eq(reviewRequests.organization_id, sql.placeholder('orgId')),
          eq(reviewRequests.cycle_id, sql.placeholder('cycleId')),
          ne(reviewRequests.status, 'DECLINED'),
        ),
      )
      .groupBy(reviewRequests.reviewer_id)
      .orderBy(asc(users.full_name), asc(reviewRequests.reviewer_id))
      .prepare(),
  ).all({ orgId, cycleId, now });
}

export interface ReminderCandidate {
  request_id: string;
  organization_id: string;
  cycle_id: string;
  cycle_name: string;
  reviewer_id: string;
  reviewee_id: string;
  reviewee_name: string;
  due_at: string;
}

const candidateColumns = {
  request_id: reviewRequests.id,
  organization_id: reviewRequests.organization_id,
  cycle_id: reviewRequests.cycle_id,
  cycle_name: reviewCycles.name,
  reviewer_id: reviewRequests.reviewer_id,
  reviewee_id: reviewRequests.reviewee_id,
  reviewee_name: users.full_name,
  due_at: reviewRequests.due_at,
};

/**
 * Pending requests of active cycles due before `until` (every organization; the reminder job).
 * Reviewers excluded from review automation, deactivated or deleted are left out.
 */
export function pendingRequestsDueBefore(db: Db, until: string): ReminderCandidate[] {
  return statement(
    db,
    `
    SELECT r.id AS request_id, r.organization_id, r.cycle_id, c.name AS cycle_name, r.reviewer_id, r.reviewee_id, reviewee.full_name AS reviewee_name, r.due_at
    FROM review_requests r
    JOIN review_cycles c ON c.id = r.cycle_id AND c.status = 'ACTIVE'
    JOIN users reviewer ON reviewer.id = r.reviewer_id
    JOIN users reviewee ON reviewee.id = r.reviewee_id
    WHERE r.status = 'PENDING' AND r.due_at < ?
      AND reviewer.excluded_review_automation = 0 AND reviewer.deleted_at IS NULL AND reviewer.status != 'DEACTIVATED'
    ORDER BY r.due_at, r.id`,
  ).all(until) as ReminderCandidate[];
}

/** Pending requests of one active cycle that are late or due before `until` (manual "remind all late"). */
export function pendingRequestsOfCycle(db: Db, orgId: string, cycleId: string, until: string): ReminderCandidate[] {
  const reviewee = users;
  return prepared(db, 'reviewRequests.pendingOfCycle', () =>
    db
      .select(candidateColumns)
      .from(reviewRequests)
      .innerJoin(reviewCycles, eq(reviewCycles.id, reviewRequests.cycle_id))
      .innerJoin(reviewee, eq(reviewee.id, reviewRequests.reviewee_id))
      .where(
        and(
          eq(reviewRequests.organization_id, sql.placeholder('orgId')),
          eq(reviewRequests.cycle_id, sql.placeholder('cycleId')),
          eq(reviewRequests.status, 'PENDING'),
          eq(reviewCycles.status, 'ACTIVE'),
          sql`${reviewRequests.due_at} < ${sql.placeholder('until')}`,
        ),
      )
      .orderBy(asc(reviewRequests.due_at), asc(reviewRequests.id))
      .prepare(),
  ).all({ orgId, cycleId, until });
}

/** One pending request of an active cycle, for a manual reminder. */
export function findReminderCandidate(db: Db, orgId: string, requestId: string): (ReminderCandidate & { status: string; cycle_status: string }) | undefined {
  return prepared(db, 'reviewRequests.reminderCandidate', () =>
    db
      .select({ ...candidateColumns, status: reviewRequests.status, cycle_status: reviewCycles.status })
      .from(reviewRequests)
      .innerJoin(reviewCycles, eq(reviewCycles.id, reviewRequests.cycle_id))
      .innerJoin(users, eq(users.id, reviewRequests.reviewee_id))
      .where(and(eq(reviewRequests.organization_id, sql.placeholder('orgId')), eq(reviewRequests.id, sql.placeholder('id'))))
      .prepare(),
  ).get({ orgId, id: requestId });
}

/** A reviewer's pending requests in one active cycle (the reminder sent to them lists these). */
export function pendingRequestsOfReviewer(db: Db, orgId: string, cycleId: string, reviewerId: string): ReminderCandidate[] {
  return prepared(db, 'reviewRequests.pendingOfReviewer', () =>
    db
      .select(candidateColumns)
      .from(reviewRequests)
      .innerJoin(reviewCycles, eq(reviewCycles.id, reviewRequests.cycle_id))
      .innerJoin(users, eq(users.id, reviewRequests.reviewee_id))
      .where(
        and(
          eq(reviewRequests.organization_id, sql.placeholder('orgId')),
          eq(reviewRequests.cycle_id, sql.placeholder('cycleId')),
          eq(reviewRequests.reviewer_id, sql.placeholder('reviewerId')),
          eq(reviewRequests.status, 'PENDING'),
          eq(reviewCycles.status, 'ACTIVE'),
        ),
      )
      .orderBy(asc(reviewRequests.due_at), asc(users.full_name), asc(reviewRequests.id))
      .prepare(),
  ).all({ orgId, cycleId, reviewerId });
}
