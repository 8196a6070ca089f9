import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { conflict } from '../../../shared/app-error.js';
import type { FeedbackAnswer } from '../../../shared/feedback.js';
import { newId, nowIso } from '../../lib/tokens.js';
import type { Viewer } from '../auth/viewer.js';
import { teams } from '../teams/teams.repo.js';
import { users } from '../users/users.repo.js';
import type { FeedbackAskRow, FeedbackRequestRow } from './feedback.requests.repo.js';
import { feedback, feedbackRequestAsks, feedbackRequests } from './feedback.tables.js';
import { readableFeedback } from './feedback.visibility.repo.js';

import { addDays } from '../../../shared/dates.js';

/**
 * Feedback requests after they were made (docs/decisions/0048): cancel and share by the requester,
 * answer once or decline by the person asked, and the lists. Each change is one synchronous
 * transaction whose write is conditional on the state it checked, so two concurrent answers make one.
 */

/** The viewer manages this person: their direct manager, or the manager or lead of their team. */
export function managesPerson(db: Db, viewer: Viewer, userId: string): boolean {
  return !!db
    .select({ id: users.id })
    .from(users)
    .leftJoin(teams, eq(teams.id, users.team_id))
    .where(
      and(
        eq(users.organization_id, viewer.organizationId),
        eq(users.id, userId),
        or(eq(users.manager_id, viewer.userId), eq(teams.manager_id, viewer.userId), eq(teams.team_lead_id, viewer.userId)),
      ),
    )
    .get();
}

export function findAsk(db: Db, orgId: string, askId: string): FeedbackAskRow | undefined {
  return db
    .select()
    .from(feedbackRequestAsks)
    .where(and(eq(feedbackRequestAsks.organization_id, orgId), eq(feedbackRequestAsks.id, askId)))
    .get();
}

export function isResponderOf(db: Db, requestId: string, userId: string): boolean {
  return !!db
    .select({ id: feedbackRequestAsks.id })
    .from(feedbackRequestAsks)
    .where(and(eq(feedbackRequestAsks.request_id, requestId), eq(feedbackRequestAsks.responder_id, userId)))
    .get();
}

const NOT_PENDING: Record<string, string> = {
  ANSWERED: 'You already answered this request; an answer is given once.',
  DECLINED: 'You declined this request.',
  CANCELLED: 'This request was cancelled.',
};

/** Cancels a request: its pending asks become CANCELLED. CONFLICT when it was already cancelled. */
export function cancelRequest(db: Db, request: FeedbackRequestRow): FeedbackRequestRow {
  return db.transaction((tx) => {
    const at = nowIso();
    const row = tx
      .update(feedbackRequests)
      .set({ cancelled_at: at })
      .where(and(eq(feedbackRequests.id, request.id), isNull(feedbackRequests.cancelled_at)))
      .returning()
      .get();
    if (!row) throw conflict('This request was already cancelled.');
    tx.update(feedbackRequestAsks)
      .set({ status: 'CANCELLED' })
      .where(and(eq(feedbackRequestAsks.request_id, request.id), eq(feedbackRequestAsks.status, 'PENDING')))
      .run();
    return row;
  });
}

/** Shares the answers of a request about a report with the report, once. */
export function shareRequest(db: Db, request: FeedbackRequestRow): FeedbackRequestRow {
  if (request.requester_id === request.subject_id) throw conflict('This request is about you: its answers are already yours to read.');
  const row = db
    .update(feedbackRequests)
    .set({ shared_at: nowIso() })
    .where(and(eq(feedbackRequests.id, request.id), isNull(feedbackRequests.shared_at)))
    .returning()
    .get();
  if (!row) throw conflict('These answers were already shared.');
  return row;
}

/**
 * Answers an ask once: the ask becomes ANSWERED and one feedback row (visibility REQUESTER, from the
 * responder about the subject) holds the answers. Anything but a PENDING ask is CONFLICT, and then
 * nothing is written.
 */
export function answerAsk(db: Db, ask: FeedbackAskRow, request: FeedbackRequestRow, answers: FeedbackAnswer[]): FeedbackAskRow {
  return db.transaction((tx) => {
    const at = nowIso();
    const feedbackId = newId();
    // The feedback row first: the ask's feedback_id references it (foreign keys are checked per statement).
    tx.insert(feedback)
      .values({
        id: feedbackId,
        organization_id: ask.organization_id,
        giver_id: ask.responder_id,
        recipient_id: request.subject_id,
        visibility: 'REQUESTER',
        request_id: request.id,
        answers,
        body: answers.map((a) => a.answer).join('\n\n'),
        created_at: at,
      })
      .run();
    const row = tx
      .update(feedbackRequestAsks)
      .set({ status: 'ANSWERED', answered_at: at, feedback_id: feedbackId })
      .where(and(eq(feedbackRequestAsks.id, ask.id), eq(feedbackRequestAsks.status, 'PENDING')))
      .returning()
      .get();
    // Throwing rolls the feedback row back with it.
    if (!row) throw conflict(NOT_PENDING[currentStatus(tx as unknown as Db, ask.id)] ?? 'This request cannot be answered any more.');
    return row;
  });
}

/** Declines an ask with a reason the requester is told. */
export function declineAsk(db: Db, ask: FeedbackAskRow, reason: string): FeedbackAskRow {
  const row = db
    .update(feedbackRequestAsks)
    .set({ status: 'DECLINED', decline_reason: reason })
    .where(and(eq(feedbackRequestAsks.id, ask.id), eq(feedbackRequestAsks.status, 'PENDING')))
    .returning()
    .get();
  if (!row) throw conflict(NOT_PENDING[currentStatus(db, ask.id)] ?? 'This request cannot be declined any more.');
  return row;
}

function currentStatus(db: Db, askId: string): string {
  return db.select({ status: feedbackRequestAsks.status }).from(feedbackRequestAsks).where(eq(feedbackRequestAsks.id, askId)).get()?.status ?? '';
}

const DONE_DAYS = 90;

/** The viewer's asks: PENDING first (newest first), then with `includeDone` the last 90 days' answered and declined. */
export function listPendingAsks(db: Db, viewer: Viewer, includeDone: boolean, now: number): FeedbackAskRow[] {
  const since = addDays(now, -DONE_DAYS).toISOString();
  const statusCondition = includeDone
    ? or(
        eq(feedbackRequestAsks.status, 'PENDING'),
        and(
          inArray(feedbackRequestAsks.status, ['ANSWERED', 'DECLINED']),
          sql`coalesce(${feedbackRequestAsks.answered_at}, ${feedbackRequestAsks.created_at}) >= ${since}`,
        ),
      )
    : eq(feedbackRequestAsks.status, 'PENDING');
  return db
    .select()
    .from(feedbackRequestAsks)
    .where(and(eq(feedbackRequestAsks.organization_id, viewer.organizationId), eq(feedbackRequestAsks.responder_id, viewer.userId), statusCondition))
    .orderBy(
      sql`case when ${feedbackRequestAsks.status} = 'PENDING' then 0 else 1 end`,
      desc(sql`coalesce(${feedbackRequestAsks.answered_at}, ${feedbackRequestAsks.created_at})`),
      desc(feedbackRequestAsks.id),
    )
    .limit(500)
    .all();
}

/** Requests the viewer made, newest first. */
export function listSentRequests(db: Db, viewer: Viewer): FeedbackRequestRow[] {
  return db
    .select()
    .from(feedbackRequests)
    .where(and(eq(feedbackRequests.organization_id, viewer.organizationId), eq(feedbackRequests.requester_id, viewer.userId)))
    .orderBy(desc(feedbackRequests.created_at), desc(feedbackRequests.id))
    .limit(500)
    .all();
}

export type FeedbackRow = typeof feedback.$inferSelect;

/** The answers to these requests that the viewer may read (readableFeedback), oldest first. */
export function readableAnswersOf(db: Db, viewer: Viewer, requestIds: readonly string[]): FeedbackRow[] {
  if (!requestIds.length) return [];
  return db
    .select()
    .from(feedback)
    .where(and(inArray(feedback.request_id, [...requestIds]), readableFeedback(viewer)))
    .orderBy(asc(feedback.created_at), asc(feedback.id))
    .all();
}
