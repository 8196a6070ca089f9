import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import type { RetroRow } from './retros.access.js';
import { retroHealthAnswers, retroParticipants, retros } from './retros.tables.js';

/** The meeting's writes and small reads (retros.meeting.ts): settings, deletion, participants, check-in and health answers. */

export function patchRetro(db: Db, retroId: string, patch: Partial<RetroRow>): void {
  db.update(retros).set(patch).where(eq(retros.id, retroId)).run();
}

/** When the retro started and ended (undefined: no such retro). */
export function retroRunTimes(db: Db, retroId: string): { started_at: string | null; ended_at: string | null } | undefined {
  return db.select({ started_at: retros.started_at, ended_at: retros.ended_at }).from(retros).where(eq(retros.id, retroId)).get();
}

/** Deletes the retro if it has not started; whether it was deleted. */
export function deleteRetroNotStarted(db: Db, retroId: string): boolean {
  return (
    db
      .delete(retros)
      .where(and(eq(retros.id, retroId), eq(retros.phase, 'SCHEDULED'), isNull(retros.started_at)))
      .run().changes > 0
  );
}

/** Marks a person as having taken part (kept when already marked). */
export function insertParticipant(db: Db, retroId: string, userId: string): void {
  db.insert(retroParticipants).values({ retro_id: retroId, user_id: userId }).onConflictDoNothing().run();
}

/** The person's check-in answer (they take part from then on). */
export function saveCheckIn(db: Db, retroId: string, userId: string, answer: string): void {
  db.insert(retroParticipants)
    .values({ retro_id: retroId, user_id: userId, check_in: answer })
    .onConflictDoUpdate({ target: [retroParticipants.retro_id, retroParticipants.user_id], set: { check_in: answer } })
    .run();
}

/** The score of one health statement by one voter token: changed if answered already, added otherwise. */
export function saveHealthAnswer(db: Db, retroId: string, index: number, token: string, score: number): void {
  const existing = db
    .select({ id: retroHealthAnswers.id })
    .from(retroHealthAnswers)
    .where(and(eq(retroHealthAnswers.retro_id, retroId), eq(retroHealthAnswers.statement_index, index), eq(retroHealthAnswers.voter_token, token)))
    .get();
  if (existing) db.update(retroHealthAnswers).set({ score }).where(eq(retroHealthAnswers.id, existing.id)).run();
  else db.insert(retroHealthAnswers).values({ id: newId(), retro_id: retroId, statement_index: index, voter_token: token, score }).run();
}

/** Moves the retro's version on (every screen reads it again); the new version, 0 when there is no such retro. */
export function bumpRetroVersion(db: Db, retroId: string, at: string): number {
  const row = db
    .update(retros)
    .set({ version: sql`${retros.version} + 1`, updated_at: at })
    .where(eq(retros.id, retroId))
    .returning({ version: retros.version })
    .get();
  return row?.version ?? 0;
}

/** The organization and team of a retro (undefined: no such retro). */
export function retroTeamOf(db: Db, retroId: string): { organization_id: string; team_id: string } | undefined {
  return db.select({ organization_id: retros.organization_id, team_id: retros.team_id }).from(retros).where(eq(retros.id, retroId)).get();
}

export function countParticipants(db: Db, retroId: string): number {
  return db.select({ n: count() }).from(retroParticipants).where(eq(retroParticipants.retro_id, retroId)).get()?.n ?? 0;
}

/** The people who took part. */
export function participantIds(db: Db, retroId: string): string[] {
  return db
    .select({ id: retroParticipants.user_id })
    .from(retroParticipants)
    .where(and(eq(retroParticipants.retro_id, retroId)))
    .all()
    .map((p) => p.id);
}
