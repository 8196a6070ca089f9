import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { inJsonList, jsonList, prepared } from '../../db/prepared.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { isEmptyAnswer, type ReviewAnswerData } from '../../../shared/review-cycle.schemas.js';
import type { Perspective } from '../../../shared/review-template.schemas.js';
import { reviewAnswers, reviewCycleQuestions, reviewCycles, reviewRequests } from './reviews.cycles.tables.js';

export type ReviewRequestRow = typeof reviewRequests.$inferSelect;
export type ReviewCycleQuestionRow = typeof reviewCycleQuestions.$inferSelect;
export type ReviewAnswerRow = typeof reviewAnswers.$inferSelect;

export function findReviewRequest(db: Db, orgId: string, id: string): ReviewRequestRow | undefined {
  return prepared(db, 'reviewRequests.byId', () =>
    db
      .select()
      .from(reviewRequests)
      .where(and(eq(reviewRequests.organization_id, sql.placeholder('orgId')), eq(reviewRequests.id, sql.placeholder('id'))))
      .prepare(),
  ).get({ orgId, id });
}

/**
 * The reviewer's requests, soonest due first. Pending ones of active cycles only (the /reviews/pending
 * list), or with `includeDone` also the submitted and declined ones of every launched cycle.
 */
export function listRequestsForReviewer(db: Db, orgId: string, reviewerId: string, includeDone: boolean): ReviewRequestRow[] {
  return prepared(db, 'reviewRequests.forReviewer', () =>
    db
      .select({ r: reviewRequests })
      .from(reviewRequests)
      .innerJoin(reviewCycles, eq(reviewCycles.id, reviewRequests.cycle_id))
      .where(
        and(
          eq(reviewRequests.organization_id, sql.placeholder('orgId')),
          eq(reviewRequests.reviewer_id, sql.placeholder('reviewerId')),
          sql`(${sql.placeholder('all')} = 1 or (${reviewRequests.status} = 'PENDING' and ${reviewCycles.status} = 'ACTIVE'))`,
        ),
      )
      .orderBy(asc(reviewRequests.due_at), asc(reviewRequests.created_at), asc(reviewRequests.id))
      .prepare(),
  )
    .all({ orgId, reviewerId, all: includeDone ? 1 : 0 })
    .map((row) => row.r);
}

export function listRequestsByParticipantIds(db: Db, orgId: string, participantIds: readonly string[]): ReviewRequestRow[] {
  if (!participantIds.length) return [];
  return prepared(db, 'reviewRequests.byParticipants', () =>
    db
      .select()
      .from(reviewRequests)
      .where(and(eq(reviewRequests.organization_id, sql.placeholder('orgId')), inJsonList(reviewRequests.participant_id, 'ids')))
      .orderBy(asc(reviewRequests.perspective), asc(reviewRequests.id))
      .prepare(),
  ).all({ orgId, ids: jsonList(participantIds) });
}

/** The cycle's snapshot questions in order (section, then question). */
export function listCycleQuestions(db: Db, orgId: string, cycleIds: readonly string[]): ReviewCycleQuestionRow[] {
  if (!cycleIds.length) return [];
  return prepared(db, 'reviewCycleQuestions.byCycles', () =>
    db
      .select()
      .from(reviewCycleQuestions)
      .where(and(eq(reviewCycleQuestions.organization_id, sql.placeholder('orgId')), inJsonList(reviewCycleQuestions.cycle_id, 'ids')))
      .orderBy(asc(reviewCycleQuestions.cycle_id), asc(reviewCycleQuestions.section_position), asc(reviewCycleQuestions.position))
      .prepare(),
  ).all({ orgId, ids: jsonList(cycleIds) });
}

/** The questions one perspective answers, in order. */
export const questionsFor = (questions: readonly ReviewCycleQuestionRow[], perspective: Perspective): ReviewCycleQuestionRow[] =>
  questions.filter((q) => q.perspectives.includes(perspective));

export function listAnswersByRequestIds(db: Db, orgId: string, requestIds: readonly string[]): ReviewAnswerRow[] {
  if (!requestIds.length) return [];
  return prepared(db, 'reviewAnswers.byRequests', () =>
    db
      .select()
      .from(reviewAnswers)
      .where(and(eq(reviewAnswers.organization_id, sql.placeholder('orgId')), inJsonList(reviewAnswers.request_id, 'ids')))
      .prepare(),
  ).all({ orgId, ids: jsonList(requestIds) });
}

/** Per question: the latest write wins, other questions are untouched, an empty answer clears it. */
function writeAnswers(db: Db, orgId: string, requestId: string, answers: readonly ReviewAnswerData[], at: string): void {
  for (const a of answers) {
    if (isEmptyAnswer(a)) {
      db.delete(reviewAnswers)
        .where(and(eq(reviewAnswers.request_id, requestId), eq(reviewAnswers.question_id, a.question_id)))
        .run();
      continue;
    }
    const values = { rating: a.rating, text: a.text, choices: a.choices, updated_at: at };
    db.insert(reviewAnswers)
      .values({ id: newId(), organization_id: orgId, request_id: requestId, question_id: a.question_id, ...values })
      .onConflictDoUpdate({ target: [reviewAnswers.request_id, reviewAnswers.question_id], set: values })
      .run();
  }
}

const pendingRequest = (orgId: string, requestId: string) =>
  and(eq(reviewRequests.organization_id, orgId), eq(reviewRequests.id, requestId), eq(reviewRequests.status, 'PENDING'));

/**
 * Saves answers of a PENDING request as its draft. Two tabs never erase each other's work: only the
 * questions a save names change. Returns false when the request is no longer pending.
 */
export function saveDraftAnswers(db: Db, orgId: string, requestId: string, answers: readonly ReviewAnswerData[]): boolean {
  return db.transaction(() => {
    if (!db.select({ id: reviewRequests.id }).from(reviewRequests).where(pendingRequest(orgId, requestId)).get()) return false;
    writeAnswers(db, orgId, requestId, answers, nowIso());
    return true;
  });
}

/**
 * Saves the last answers and submits, once: `missing(answers)` names the required questions still
 * unanswered (then nothing is submitted, the answers are kept as a draft). Returns 'not-pending'
 * when it was submitted or declined meanwhile.
 */
export function submitRequest(
  db: Db,
  orgId: string,
  requestId: string,
  answers: readonly ReviewAnswerData[],
  missing: (saved: ReviewAnswerRow[]) => string[],
): { ok: true } | { ok: false; reason: 'not-pending' } | { ok: false; reason: 'missing'; questionIds: string[] } {
  return db.transaction(() => {
    if (!db.select({ id: reviewRequests.id }).from(reviewRequests).where(pendingRequest(orgId, requestId)).get())
      return { ok: false, reason: 'not-pending' } as const;
    const at = nowIso();
    writeAnswers(db, orgId, requestId, answers, at);
    const questionIds = missing(db.select().from(reviewAnswers).where(eq(reviewAnswers.request_id, requestId)).all());
    if (questionIds.length) return { ok: false, reason: 'missing', questionIds } as const;
    db.update(reviewRequests).set({ status: 'SUBMITTED', submitted_at: at }).where(pendingRequest(orgId, requestId)).run();
    return { ok: true } as const;
  });
}

export function declineRequest(db: Db, orgId: string, requestId: string, reason: string): boolean {
  return (
    db.update(reviewRequests).set({ status: 'DECLINED', decline_reason: reason, declined_at: nowIso() }).where(pendingRequest(orgId, requestId)).run()
      .changes === 1
  );
}

/** SUBMITTED -> PENDING by an admin; the answers stay as the draft. */
export function reopenRequest(db: Db, orgId: string, requestId: string, by: string): boolean {
  return (
    db
      .update(reviewRequests)
      .set({ status: 'PENDING', submitted_at: null, reopened_by: by, reopened_at: nowIso() })
      .where(and(eq(reviewRequests.organization_id, orgId), eq(reviewRequests.id, requestId), eq(reviewRequests.status, 'SUBMITTED')))
      .run().changes === 1
  );
}

/**
 * What the results of one reviewee are computed from: the cycle's snapshot questions (in order) and
 * the SUBMITTED reviews with their answers. Drafts, pending and declined requests never count.
 */
export function findSubmittedReviews(db: Db, orgId: string, cycleId: string, participantId: string) {
  const questions = listCycleQuestions(db, orgId, [cycleId]);
  const requests = listRequestsByParticipantIds(db, orgId, [participantId]);
  const submitted = requests.filter((r) => r.status === 'SUBMITTED');
  const answers = listAnswersByRequestIds(
    db,
    orgId,
    submitted.map((r) => r.id),
  );
  const asked: Partial<Record<Perspective, number>> = {};
  for (const r of requests) if (r.status !== 'DECLINED') asked[r.perspective] = (asked[r.perspective] ?? 0) + 1;
  return {
    questions,
    asked,
    submissions: submitted.map((r) => ({
      request_id: r.id,
      reviewer_id: r.reviewer_id,
      perspective: r.perspective,
      answers: answers.filter((a) => a.request_id === r.id).map((a) => ({ question_id: a.question_id, rating: a.rating, text: a.text, choices: a.choices })),
    })),
  };
}
