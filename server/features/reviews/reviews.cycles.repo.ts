import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { inJsonList, jsonList, prepared } from '../../db/prepared.js';
import { newId, nowIso } from '../../lib/tokens.js';
import type { CreateReviewCycleData, ReviewCycleStatus } from '../../../shared/review-cycle.schemas.js';
import { findUsersByIds, listUsersByTeamIds, users, type UserRow } from '../users/users.repo.js';
import { reviewCycles, reviewParticipants, reviewRequests } from './reviews.cycles.tables.js';
import { reviewTemplates } from './reviews.templates.tables.js';

export type ReviewCycleRow = typeof reviewCycles.$inferSelect;
export type ReviewParticipantRow = typeof reviewParticipants.$inferSelect;

/** People who may take part in a review: live and not deactivated (INVITED people are members too). */
export const isEligible = (u: Pick<UserRow, 'status' | 'deleted_at'>): boolean => u.status !== 'DEACTIVATED' && !u.deleted_at;

const CHUNK = 500;
/** Inserts many rows in chunks (one statement per chunk, under SQLite's variable limit). */
export function insertChunked<T>(rows: readonly T[], insert: (part: T[]) => void): void {
  for (let i = 0; i < rows.length; i += CHUNK) insert(rows.slice(i, i + CHUNK));
}

export function findReviewCycle(db: Db, orgId: string, id: string): ReviewCycleRow | undefined {
  return prepared(db, 'reviewCycles.byId', () =>
    db
      .select()
      .from(reviewCycles)
      .where(and(eq(reviewCycles.organization_id, sql.placeholder('orgId')), eq(reviewCycles.id, sql.placeholder('id'))))
      .prepare(),
  ).get({ orgId, id });
}

export function findReviewCyclesByIds(db: Db, orgId: string, ids: readonly string[]): ReviewCycleRow[] {
  if (!ids.length) return [];
  return prepared(db, 'reviewCycles.byIds', () =>
    db
      .select()
      .from(reviewCycles)
      .where(and(eq(reviewCycles.organization_id, sql.placeholder('orgId')), inJsonList(reviewCycles.id, 'ids')))
      .prepare(),
  ).all({ orgId, ids: jsonList(ids) });
}

/**
 * Cycles of the organization, newest first. `forUserId` narrows them to the cycles that person
 * runs (created), manages a participant of, or takes part in; null means all (admins).
 */
export function listReviewCycles(db: Db, orgId: string, forUserId: string | null, status: ReviewCycleStatus | null): ReviewCycleRow[] {
  const involved =
    forUserId === null
      ? undefined
      : or(
          eq(reviewCycles.created_by, forUserId),
          sql`exists (select 1 from ${reviewParticipants} p where p.cycle_id = ${reviewCycles.id} and (p.reviewee_id = ${forUserId} or p.manager_id = ${forUserId}))`,
        );
  return db
    .select()
    .from(reviewCycles)
    .where(and(eq(reviewCycles.organization_id, orgId), status ? eq(reviewCycles.status, status) : undefined, involved))
    .orderBy(desc(reviewCycles.created_at), desc(reviewCycles.id))
    .all();
}

/**
 * The people a cycle is for: the named people plus the members of the named teams, live and not
 * deactivated. `unknown` lists named ids that are not such people of this organization.
 */
export function resolveParticipants(
  db: Db,
  orgId: string,
  userIds: readonly string[],
  teamIds: readonly string[],
): { people: UserRow[]; unknownUserIds: string[] } {
  const named = findUsersByIds(db, orgId, userIds);
  const namedIds = new Set(named.filter(isEligible).map((u) => u.id));
  const byId = new Map<string, UserRow>();
  for (const u of [...named, ...listUsersByTeamIds(db, orgId, teamIds)]) if (isEligible(u)) byId.set(u.id, u);
  return { people: [...byId.values()], unknownUserIds: userIds.filter((id) => !namedIds.has(id)) };
}

const cycleValues = (data: CreateReviewCycleData) => ({
  name: data.name,
  type: data.type,
  template_id: data.template_id,
  nomination_end: data.nomination_end,
  review_end: data.review_end,
  results_release: data.results_release,
  perspectives: data.perspectives,
  min_peers: data.min_peers,
  max_peers: data.max_peers,
  anonymity_threshold: data.anonymity_threshold,
});

function insertParticipants(db: Db, orgId: string, cycleId: string, people: readonly UserRow[]): void {
  insertChunked(people, (part) =>
    db
      .insert(reviewParticipants)
      .values(
        part.map((u) => ({
          id: newId(),
          organization_id: orgId,
          cycle_id: cycleId,
          reviewee_id: u.id,
          manager_id: u.manager_id,
        })),
      )
      .run(),
  );
}

export function createReviewCycle(db: Db, orgId: string, data: CreateReviewCycleData, people: readonly UserRow[], createdBy: string): string {
  const id = newId();
  db.transaction(() => {
    db.insert(reviewCycles)
      .values({ id, organization_id: orgId, ...cycleValues(data), created_by: createdBy })
      .run();
    insertParticipants(db, orgId, id, people);
  });
  return id;
}

/**
 * Replaces a draft's settings and people. People who stay keep their participant row (and their
 * peer nominations); people left out are removed with their nominations. Only while DRAFT.
 */
export function updateDraftReviewCycle(db: Db, orgId: string, id: string, data: CreateReviewCycleData, people: readonly UserRow[]): boolean {
  return db.transaction(() => {
    const changed = db
      .update(reviewCycles)
      .set({ ...cycleValues(data), updated_at: nowIso() })
      .where(and(eq(reviewCycles.organization_id, orgId), eq(reviewCycles.id, id), eq(reviewCycles.status, 'DRAFT')))
      .run().changes;
    if (!changed) return false;
    const keep = new Set(people.map((u) => u.id));
    const existing = db.select().from(reviewParticipants).where(eq(reviewParticipants.cycle_id, id)).all();
    const gone = existing.filter((p) => !keep.has(p.reviewee_id)).map((p) => p.id);
    insertChunked(gone, (part) => db.delete(reviewParticipants).where(inArray(reviewParticipants.id, part)).run());
    const have = new Set(existing.map((p) => p.reviewee_id));
    insertParticipants(
      db,
      orgId,
      id,
      people.filter((u) => !have.has(u.id)),
    );
    return true;
  });
}

export function listParticipantsByCycleIds(db: Db, orgId: string, cycleIds: readonly string[]): ReviewParticipantRow[] {
  if (!cycleIds.length) return [];
  return prepared(db, 'reviewParticipants.byCycles', () =>
    db
      .select({ p: reviewParticipants })
      .from(reviewParticipants)
      .innerJoin(users, eq(users.id, reviewParticipants.reviewee_id))
      .where(and(eq(reviewParticipants.organization_id, sql.placeholder('orgId')), inJsonList(reviewParticipants.cycle_id, 'ids')))
      .orderBy(users.full_name, reviewParticipants.id)
      .prepare(),
  )
    .all({ orgId, ids: jsonList(cycleIds) })
    .map((r) => r.p);
}

export function findParticipant(db: Db, orgId: string, id: string): ReviewParticipantRow | undefined {
  return prepared(db, 'reviewParticipants.byId', () =>
    db
      .select()
      .from(reviewParticipants)
      .where(and(eq(reviewParticipants.organization_id, sql.placeholder('orgId')), eq(reviewParticipants.id, sql.placeholder('id'))))
      .prepare(),
  ).get({ orgId, id });
}

export function findParticipantsByIds(db: Db, orgId: string, ids: readonly string[]): ReviewParticipantRow[] {
  if (!ids.length) return [];
  return prepared(db, 'reviewParticipants.byIds', () =>
    db
      .select()
      .from(reviewParticipants)
      .where(and(eq(reviewParticipants.organization_id, sql.placeholder('orgId')), inJsonList(reviewParticipants.id, 'ids')))
      .prepare(),
  ).all({ orgId, ids: jsonList(ids) });
}

/** Request totals per cycle: all requests that still count (not declined) and the submitted ones. */
export function countRequestsByCycleIds(db: Db, orgId: string, cycleIds: readonly string[]): Map<string, { total: number; submitted: number }> {
  if (!cycleIds.length) return new Map();
  const rows = prepared(db, 'reviewRequests.countsByCycle', () =>
    db
      .select({
        cycle_id: reviewRequests.cycle_id,
        total: count(),
        submitted: sql<number>`sum(${reviewRequests.status} = 'SUBMITTED')`,
      })
      .from(reviewRequests)
      .where(
        and(eq(reviewRequests.organization_id, sql.placeholder('orgId')), inJsonList(reviewRequests.cycle_id, 'ids'), ne(reviewRequests.status, 'DECLINED')),
      )
      .groupBy(reviewRequests.cycle_id)
      .prepare(),
  ).all({ orgId, ids: jsonList(cycleIds) });
  return new Map(rows.map((r) => [r.cycle_id, { total: r.total, submitted: Number(r.submitted ?? 0) }]));
}

/** ACTIVE -> CLOSED; false when the cycle was not active. */
export function closeReviewCycle(db: Db, orgId: string, id: string): boolean {
  const at = nowIso();
  return (
    db
      .update(reviewCycles)
      .set({ status: 'CLOSED', closed_at: at, updated_at: at })
      .where(and(eq(reviewCycles.organization_id, orgId), eq(reviewCycles.id, id), eq(reviewCycles.status, 'ACTIVE')))
      .run().changes === 1
  );
}

/** Releases one reviewee's results; the cycle becomes RELEASED once every participant's are. */
export function releaseParticipantResults(db: Db, orgId: string, participant: ReviewParticipantRow, releasedBy: string): boolean {
  return db.transaction(() => {
    const at = nowIso();
    const changed = db
      .update(reviewParticipants)
      .set({ results_released_at: at, released_by: releasedBy })
      .where(and(eq(reviewParticipants.organization_id, orgId), eq(reviewParticipants.id, participant.id), isNull(reviewParticipants.results_released_at)))
      .run().changes;
    if (!changed) return false;
    const left =
      db
        .select({ n: count() })
        .from(reviewParticipants)
        .where(and(eq(reviewParticipants.cycle_id, participant.cycle_id), isNull(reviewParticipants.results_released_at)))
        .get()?.n ?? 0;
    if (left === 0) {
      db.update(reviewCycles)
        .set({ status: 'RELEASED', released_at: at, updated_at: at })
        .where(and(eq(reviewCycles.id, participant.cycle_id), eq(reviewCycles.status, 'CLOSED')))
        .run();
    }
    return true;
  });
}

/**
 * Takes a release back while the reviewee has not opened their results (docs/decisions/0031); a
 * RELEASED cycle becomes CLOSED again. False when they were not released or were already opened.
 */
export function withdrawParticipantResults(db: Db, orgId: string, participant: ReviewParticipantRow): boolean {
  return db.transaction(() => {
    const changed = db
      .update(reviewParticipants)
      .set({ results_released_at: null, released_by: null })
      .where(
        and(
          eq(reviewParticipants.organization_id, orgId),
          eq(reviewParticipants.id, participant.id),
          isNotNull(reviewParticipants.results_released_at),
          isNull(reviewParticipants.results_opened_at),
        ),
      )
      .run().changes;
    if (!changed) return false;
    db.update(reviewCycles)
      .set({ status: 'CLOSED', released_at: null, updated_at: nowIso() })
      .where(and(eq(reviewCycles.id, participant.cycle_id), eq(reviewCycles.status, 'RELEASED')))
      .run();
    return true;
  });
}

/** The reviewee opened their released results (first time only). */
export function markResultsOpened(db: Db, orgId: string, participantId: string): void {
  db.update(reviewParticipants)
    .set({ results_opened_at: nowIso() })
    .where(
      and(
        eq(reviewParticipants.organization_id, orgId),
        eq(reviewParticipants.id, participantId),
        isNotNull(reviewParticipants.results_released_at),
        isNull(reviewParticipants.results_opened_at),
      ),
    )
    .run();
}

export function acknowledgeParticipantResults(db: Db, orgId: string, participantId: string): void {
  db.update(reviewParticipants)
    .set({ acknowledged_at: nowIso() })
    .where(and(eq(reviewParticipants.organization_id, orgId), eq(reviewParticipants.id, participantId), isNull(reviewParticipants.acknowledged_at)))
    .run();
}

/** The person takes part in the cycle or manages one of its participants. */
export function isInvolvedInCycle(db: Db, orgId: string, cycleId: string, userId: string): boolean {
  return !!prepared(db, 'reviewParticipants.involved', () =>
    db
      .select({ id: reviewParticipants.id })
      .from(reviewParticipants)
      .where(
        and(
          eq(reviewParticipants.organization_id, sql.placeholder('orgId')),
          eq(reviewParticipants.cycle_id, sql.placeholder('cycleId')),
          or(eq(reviewParticipants.reviewee_id, sql.placeholder('userId')), eq(reviewParticipants.manager_id, sql.placeholder('userId'))),
        ),
      )
      .limit(1)
      .prepare(),
  ).get({ orgId, cycleId, userId });
}

/** Templates of these cycles (archived ones included), one statement. */
export function findCycleTemplatesByIds(db: Db, orgId: string, ids: readonly string[]): Array<typeof reviewTemplates.$inferSelect> {
  if (!ids.length) return [];
  return prepared(db, 'reviewCycles.templates', () =>
    db
      .select()
      .from(reviewTemplates)
      .where(and(eq(reviewTemplates.organization_id, sql.placeholder('orgId')), inJsonList(reviewTemplates.id, 'ids')))
      .prepare(),
  ).all({ orgId, ids: jsonList(ids) });
}
