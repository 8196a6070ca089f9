import { and, asc, count, eq, inArray, max, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { retroGroups, retroReflections, retroVotes } from './retros.tables.js';

/** The board's reflections and groups (retros.board.groups.ts). */

export type ReflectionRow = typeof retroReflections.$inferSelect;
export type GroupRow = typeof retroGroups.$inferSelect;

/** The retro's reflections in board order. */
export function reflectionsOf(db: Db, retroId: string): ReflectionRow[] {
  return db
    .select()
    .from(retroReflections)
    .where(eq(retroReflections.retro_id, retroId))
    .orderBy(asc(retroReflections.sort_order), asc(retroReflections.id))
    .all();
}

/** The retro of a reflection of the organization (undefined: no such reflection). */
export function reflectionRetro(db: Db, orgId: string, reflectionId: string): { retro_id: string } | undefined {
  return db
    .select({ retro_id: retroReflections.retro_id })
    .from(retroReflections)
    .where(and(eq(retroReflections.organization_id, orgId), eq(retroReflections.id, reflectionId)))
    .get();
}

export function findReflectionInOrg(db: Db, orgId: string, reflectionId: string): ReflectionRow | undefined {
  return db
    .select()
    .from(retroReflections)
    .where(and(eq(retroReflections.organization_id, orgId), eq(retroReflections.id, reflectionId)))
    .get();
}

/** How many reflections one author token wrote in the retro. */
export function countReflectionsOf(db: Db, retroId: string, token: string): number {
  return (
    db
      .select({ n: count() })
      .from(retroReflections)
      .where(and(eq(retroReflections.retro_id, retroId), eq(retroReflections.author_token, token)))
      .get()?.n ?? 0
  );
}

export function insertReflection(db: Db, values: typeof retroReflections.$inferInsert): void {
  db.insert(retroReflections).values(values).run();
}

export function setReflectionText(db: Db, reflectionId: string, text: string, at: string): void {
  db.update(retroReflections).set({ text, updated_at: at }).where(eq(retroReflections.id, reflectionId)).run();
}

export function deleteReflection(db: Db, reflectionId: string): void {
  db.delete(retroReflections).where(eq(retroReflections.id, reflectionId)).run();
}

/** A reflection into a group, at a place in the board's order. */
export function placeReflection(db: Db, reflectionId: string, groupId: string, sortOrder: number): void {
  db.update(retroReflections).set({ group_id: groupId, sort_order: sortOrder }).where(eq(retroReflections.id, reflectionId)).run();
}

export function groupsOf(db: Db, retroId: string): GroupRow[] {
  return db.select().from(retroGroups).where(eq(retroGroups.retro_id, retroId)).all();
}

export function groupIdsOf(db: Db, retroId: string): string[] {
  return db
    .select({ id: retroGroups.id })
    .from(retroGroups)
    .where(eq(retroGroups.retro_id, retroId))
    .all()
    .map((g) => g.id);
}

/** The highest sort_order of the retro's groups (null: no group yet). */
export function lastGroupOrder(db: Db, retroId: string): number | null {
  return (
    db
      .select({ m: max(retroGroups.sort_order) })
      .from(retroGroups)
      .where(eq(retroGroups.retro_id, retroId))
      .get()?.m ?? null
  );
}

export function findGroupInOrg(db: Db, orgId: string, groupId: string): GroupRow | undefined {
  return db
    .select()
    .from(retroGroups)
    .where(and(eq(retroGroups.organization_id, orgId), eq(retroGroups.id, groupId)))
    .get();
}

export function insertGroup(db: Db, values: typeof retroGroups.$inferInsert): void {
  db.insert(retroGroups).values(values).run();
}

/** A group's title; whether the group was still there. */
export function setGroupTitle(db: Db, groupId: string, title: string): boolean {
  return db.update(retroGroups).set({ title }).where(eq(retroGroups.id, groupId)).run().changes > 0;
}

export function setGroupOrder(db: Db, groupId: string, sortOrder: number): void {
  db.update(retroGroups).set({ sort_order: sortOrder }).where(eq(retroGroups.id, groupId)).run();
}

export function deleteGroups(db: Db, groupIds: string[]): void {
  db.delete(retroGroups).where(inArray(retroGroups.id, groupIds)).run();
}

/** Deletes the retro's groups that no reflection is in (any more). */
export function dropEmptyGroups(db: Db, retroId: string): void {
  db.delete(retroGroups)
    .where(
      and(
        eq(retroGroups.retro_id, retroId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(retroReflections)
            .where(eq(retroReflections.group_id, retroGroups.id)),
        ),
      ),
    )
    .run();
}

/** Stores each group's vote count as its tally (entering DISCUSS or SUMMARY; idempotent while the vote rows exist). */
export function tallyVotes(db: Db, retroId: string): void {
  db.update(retroGroups)
    .set({ votes: sql`(select count(*) from ${retroVotes} where ${retroVotes.group_id} = ${retroGroups.id})` })
    .where(and(eq(retroGroups.retro_id, retroId), sql`exists (select 1 from ${retroVotes} where ${retroVotes.retro_id} = ${retroId})`))
    .run();
}

export function groupExists(db: Db, groupId: string): boolean {
  return !!db.select({ id: retroGroups.id }).from(retroGroups).where(eq(retroGroups.id, groupId)).get();
}

/** One voter token's votes in the retro, counted per group. */
export function votesOfToken(db: Db, retroId: string, token: string): Array<{ group_id: string; n: number }> {
  return db
    .select({ group_id: retroVotes.group_id, n: count() })
    .from(retroVotes)
    .where(and(eq(retroVotes.retro_id, retroId), eq(retroVotes.voter_token, token)))
    .groupBy(retroVotes.group_id)
    .all();
}

export function insertVote(db: Db, values: typeof retroVotes.$inferInsert): void {
  db.insert(retroVotes).values(values).run();
}

/** Takes back one of the token's votes on the group; false when it has none there. */
export function deleteOneVote(db: Db, retroId: string, groupId: string, token: string): boolean {
  const one = db
    .select({ id: retroVotes.id })
    .from(retroVotes)
    .where(and(eq(retroVotes.retro_id, retroId), eq(retroVotes.group_id, groupId), eq(retroVotes.voter_token, token)))
    .limit(1)
    .get();
  if (!one) return false;
  db.delete(retroVotes).where(eq(retroVotes.id, one.id)).run();
  return true;
}
