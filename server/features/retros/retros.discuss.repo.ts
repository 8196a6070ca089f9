import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { RetroCommentRow } from './retros.state.js';
import { retroComments, retroGroups, retroVotes } from './retros.tables.js';

/** The discussion: its topics' order and time (retros.discuss.ts), its comments (retros.comments.ts). */

/**
 * The group with the most votes: the stored tally, or the vote rows while they still exist (the
 * board part tallies on entering DISCUSS; this does not depend on which listener runs first).
 * Ties: the board's order.
 */
export function topGroup(db: Db, retroId: string): string | null {
  const counted = sql<number>`max(${retroGroups.votes}, (select count(*) from ${retroVotes} where ${retroVotes.group_id} = ${retroGroups.id}))`;
  return (
    db
      .select({ id: retroGroups.id })
      .from(retroGroups)
      .where(eq(retroGroups.retro_id, retroId))
      .orderBy(desc(counted), asc(retroGroups.sort_order), asc(retroGroups.created_at), asc(retroGroups.id))
      .limit(1)
      .get()?.id ?? null
  );
}

/** Adds the seconds a topic was discussed to its group. */
export function addDiscussedSeconds(db: Db, retroId: string, groupId: string, seconds: number): void {
  db.update(retroGroups)
    .set({ discussed_seconds: sql`${retroGroups.discussed_seconds} + ${seconds}` })
    .where(and(eq(retroGroups.retro_id, retroId), eq(retroGroups.id, groupId)))
    .run();
}

export function findCommentInOrg(db: Db, orgId: string, commentId: string): RetroCommentRow | undefined {
  return db
    .select()
    .from(retroComments)
    .where(and(eq(retroComments.organization_id, orgId), eq(retroComments.id, commentId)))
    .get();
}

export function findComment(db: Db, commentId: string): RetroCommentRow | undefined {
  return db.select().from(retroComments).where(eq(retroComments.id, commentId)).get();
}

/** The last position under a topic (-1: no comment yet). */
export function lastCommentPosition(db: Db, groupId: string): number {
  return (
    db
      .select({ n: sql<number>`coalesce(max(${retroComments.position}), -1)` })
      .from(retroComments)
      .where(eq(retroComments.group_id, groupId))
      .get()?.n ?? -1
  );
}

export function insertComment(db: Db, values: typeof retroComments.$inferInsert): void {
  db.insert(retroComments).values(values).run();
}

export function setCommentText(db: Db, commentId: string, text: string, at: string): void {
  db.update(retroComments).set({ text, updated_at: at }).where(eq(retroComments.id, commentId)).run();
}

export function deleteComment(db: Db, commentId: string): void {
  db.delete(retroComments).where(eq(retroComments.id, commentId)).run();
}
