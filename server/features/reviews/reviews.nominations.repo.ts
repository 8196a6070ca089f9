import { and, asc, eq, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { inJsonList, jsonList, prepared } from '../../db/prepared.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { users, type UserRow } from '../users/users.repo.js';
import type { ReviewParticipantRow } from './reviews.cycles.repo.js';
import { reviewPeerNominations } from './reviews.cycles.tables.js';

export type PeerNominationRow = typeof reviewPeerNominations.$inferSelect;

export function listNominationsByParticipantIds(db: Db, orgId: string, participantIds: readonly string[]): PeerNominationRow[] {
  if (!participantIds.length) return [];
  return prepared(db, 'reviewNominations.byParticipants', () =>
    db
      .select({ n: reviewPeerNominations })
      .from(reviewPeerNominations)
      .innerJoin(users, eq(users.id, reviewPeerNominations.reviewer_id))
      .where(and(eq(reviewPeerNominations.organization_id, sql.placeholder('orgId')), inJsonList(reviewPeerNominations.participant_id, 'ids')))
      .orderBy(asc(users.full_name), asc(reviewPeerNominations.id))
      .prepare(),
  )
    .all({ orgId, ids: jsonList(participantIds) })
    .map((r) => r.n);
}

/**
 * The reviewee's own proposal: the listed people become PROPOSED (again, if the manager had
 * decided on them), anyone else the reviewee had proposed is withdrawn. People the manager added
 * and approved stay approved.
 */
export function proposePeers(db: Db, orgId: string, participant: ReviewParticipantRow, reviewerIds: readonly string[], by: string): void {
  db.transaction(() => {
    const at = nowIso();
    const scope = and(eq(reviewPeerNominations.organization_id, orgId), eq(reviewPeerNominations.participant_id, participant.id));
    db.delete(reviewPeerNominations)
      .where(
        and(
          scope,
          eq(reviewPeerNominations.nominated_by, by),
          reviewerIds.length ? notInArray(reviewPeerNominations.reviewer_id, [...reviewerIds]) : undefined,
        ),
      )
      .run();
    for (const reviewerId of reviewerIds) {
      db.insert(reviewPeerNominations)
        .values({ id: newId(), organization_id: orgId, participant_id: participant.id, reviewer_id: reviewerId, nominated_by: by, status: 'PROPOSED' })
        .onConflictDoUpdate({
          target: [reviewPeerNominations.participant_id, reviewPeerNominations.reviewer_id],
          set: { status: 'PROPOSED', nominated_by: by, decided_by: null, updated_at: at },
        })
        .run();
    }
  });
}

/** Approves every PROPOSED nomination of the participant; returns how many. */
export function approveProposedPeers(db: Db, orgId: string, participantId: string, by: string): number {
  return db
    .update(reviewPeerNominations)
    .set({ status: 'APPROVED', decided_by: by, updated_at: nowIso() })
    .where(
      and(
        eq(reviewPeerNominations.organization_id, orgId),
        eq(reviewPeerNominations.participant_id, participantId),
        eq(reviewPeerNominations.status, 'PROPOSED'),
      ),
    )
    .run().changes;
}

/**
 * The manager's final list: the listed people are APPROVED (added when nobody nominated them),
 * every other nomination of the participant is REJECTED. Returns the reviewers newly approved.
 */
export function setApprovedPeers(db: Db, orgId: string, participantId: string, reviewerIds: readonly string[], by: string): string[] {
  return db.transaction(() => {
    const at = nowIso();
    const scope = and(eq(reviewPeerNominations.organization_id, orgId), eq(reviewPeerNominations.participant_id, participantId));
    const before = new Set(
      db
        .select({ id: reviewPeerNominations.reviewer_id })
        .from(reviewPeerNominations)
        .where(and(scope, eq(reviewPeerNominations.status, 'APPROVED')))
        .all()
        .map((r) => r.id),
    );
    db.update(reviewPeerNominations)
      .set({ status: 'REJECTED', decided_by: by, updated_at: at })
      .where(
        and(
          scope,
          ne(reviewPeerNominations.status, 'REJECTED'),
          reviewerIds.length ? notInArray(reviewPeerNominations.reviewer_id, [...reviewerIds]) : undefined,
        ),
      )
      .run();
    for (const reviewerId of reviewerIds) {
      db.insert(reviewPeerNominations)
        .values({
          id: newId(),
          organization_id: orgId,
          participant_id: participantId,
          reviewer_id: reviewerId,
          nominated_by: by,
          status: 'APPROVED',
          decided_by: by,
        })
        .onConflictDoUpdate({
          target: [reviewPeerNominations.participant_id, reviewPeerNominations.reviewer_id],
          set: { status: 'APPROVED', decided_by: by, updated_at: at },
        })
        .run();
    }
    return reviewerIds.filter((id) => !before.has(id));
  });
}

/**
 * Peers who work with the reviewee: the people of the reviewee's team and those who share the
 * reviewee's manager (live, not deactivated), without the reviewee and their manager.
 */
export function findPeerSuggestions(db: Db, orgId: string, reviewee: UserRow): UserRow[] {
  const together = or(
    reviewee.team_id ? eq(users.team_id, reviewee.team_id) : undefined,
    reviewee.manager_id ? eq(users.manager_id, reviewee.manager_id) : undefined,
  );
  if (!together) return [];
  const exclude = [reviewee.id, ...(reviewee.manager_id ? [reviewee.manager_id] : [])];
  return db
    .select()
    .from(users)
    .where(and(eq(users.organization_id, orgId), sql`${users.deleted_at} is null`, ne(users.status, 'DEACTIVATED'), together, notInArray(users.id, exclude)))
    .orderBy(asc(users.full_name))
    .limit(100)
    .all();
}
