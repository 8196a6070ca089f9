import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { nowIso } from '../../lib/tokens.js';
import type { ReviewCycleRow, ReviewParticipantRow } from './reviews.cycles.repo.js';
import { reviewCycles, reviewParticipants } from './reviews.cycles.tables.js';

/** A live participant of a draft with the peers they have and the direct reports who could review them (docs/decisions/0031). */
export type PeerCountRow = {
  participant_id: string;
  cycle_id: string;
  reviewee_id: string;
  full_name: string;
  manager_id: string | null;
  nomination_requested_at: string | null;
  /** Approved peers who can review (live, not deactivated, not the reviewee). */
  approved: number;
  /** Proposals waiting for the manager. */
  proposed: number;
  /** Live people whose manager is the reviewee. */
  reports: number;
};

const live = (alias: string) => sql.raw(`${alias}.deleted_at is null and ${alias}.status != 'DEACTIVATED'`);

/** Per live participant of the cycle (or of these participants only): peer and direct-report counts, one statement. */
export function peerCounts(db: Db, orgId: string, cycleId: string, participantIds?: readonly string[]): PeerCountRow[] {
  const only = participantIds ? sql`and p.id in (select value from json_each(${JSON.stringify(participantIds)}))` : sql``;
  const nominations = (status: string) => sql`(select count(*) from review_peer_nominations n join users r on r.id = n.reviewer_id
    where n.participant_id = p.id and n.status = ${status} and n.reviewer_id != p.reviewee_id and ${live('r')})`;
  return db.all<PeerCountRow>(sql`select p.id as participant_id, p.cycle_id, p.reviewee_id, u.full_name, p.manager_id, p.nomination_requested_at,
      ${nominations('APPROVED')} as approved, ${nominations('PROPOSED')} as proposed,
      (select count(*) from users d where d.organization_id = p.organization_id and d.manager_id = p.reviewee_id and ${live('d')}) as reports
    from review_participants p join users u on u.id = p.reviewee_id
    where p.organization_id = ${orgId} and p.cycle_id = ${cycleId} and ${live('u')} ${only}
    order by u.full_name, p.id`);
}

/** Marks the participants of the cycle not yet asked to nominate as asked now; returns their ids. */
export function markNominationRequested(db: Db, orgId: string, cycleId: string): string[] {
  return db
    .update(reviewParticipants)
    .set({ nomination_requested_at: nowIso() })
    .where(and(eq(reviewParticipants.organization_id, orgId), eq(reviewParticipants.cycle_id, cycleId), isNull(reviewParticipants.nomination_requested_at)))
    .returning({ id: reviewParticipants.id })
    .all()
    .map((r) => r.id);
}

/** The person's participations in draft cycles, with the cycle. */
export function listDraftParticipations(db: Db, orgId: string, userId: string): Array<{ p: ReviewParticipantRow; c: ReviewCycleRow }> {
  return db
    .select({ p: reviewParticipants, c: reviewCycles })
    .from(reviewParticipants)
    .innerJoin(reviewCycles, eq(reviewCycles.id, reviewParticipants.cycle_id))
    .where(and(eq(reviewParticipants.organization_id, orgId), eq(reviewParticipants.reviewee_id, userId), eq(reviewCycles.status, 'DRAFT')))
    .all();
}
