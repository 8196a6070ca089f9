import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { RETRO_ACTION_OPEN, type RetroActionStatus } from '../../../shared/retros.js';
import type { Db } from '../../db/connection.js';
import { teams } from '../teams/teams.repo.js';
import { users } from '../users/users.repo.js';
import type { RetroRow } from './retros.access.js';
import { retroActionItems, retroGroups, retros } from './retros.tables.js';

export type RetroActionItemRow = typeof retroActionItems.$inferSelect;
/** An action item with the title of the retro it was decided in (RetroActionItem.retro_title). */
export type RetroActionItemView = RetroActionItemRow & { retro_title: string };

const view = { ...getTableColumns(retroActionItems), retro_title: retros.title };
const byDue = [sql`${retroActionItems.due_on} is null`, asc(retroActionItems.due_on), asc(retroActionItems.created_at), asc(retroActionItems.id)];

export function findActionItem(db: Db, orgId: string, id: string): RetroActionItemView | undefined {
  return db
    .select(view)
    .from(retroActionItems)
    .innerJoin(retros, eq(retros.id, retroActionItems.retro_id))
    .where(and(eq(retroActionItems.organization_id, orgId), eq(retroActionItems.id, id)))
    .get();
}

/** The action items decided in these retros, in the order they were added. */
export function listActionItemsOfRetros(db: Db, orgId: string, retroIds: readonly string[]): RetroActionItemView[] {
  if (!retroIds.length) return [];
  return db
    .select(view)
    .from(retroActionItems)
    .innerJoin(retros, eq(retros.id, retroActionItems.retro_id))
    .where(and(eq(retroActionItems.organization_id, orgId), inArray(retroActionItems.retro_id, [...retroIds])))
    .orderBy(asc(retroActionItems.created_at), asc(retroActionItems.id))
    .all();
}

type Ordered = Pick<RetroRow, 'id' | 'scheduled_at' | 'created_at'>;
/** Whether retro `a` comes before `b` in its team's order (scheduled_at, then created_at, then id: as retros.phases.ts orders them). */
const isBefore = (a: Ordered, b: Ordered): boolean =>
  a.scheduled_at < b.scheduled_at || (a.scheduled_at === b.scheduled_at && (a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id)));

/**
 * Per retro: the action items of its team's earlier retros that it carries over: every OPEN or
 * IN_PROGRESS one, and those closed (DONE or DROPPED) while this retro ran, so a status set during
 * REVIEW_ACTIONS stays in sight. Due soonest first. Two statements whatever the number of retros.
 */
export function listCarriedActionItems(db: Db, orgId: string, retroIds: readonly string[]): Map<string, RetroActionItemView[]> {
  const out = new Map<string, RetroActionItemView[]>();
  if (!retroIds.length) return out;
  const targets = db
    .select()
    .from(retros)
    .where(and(eq(retros.organization_id, orgId), inArray(retros.id, [...retroIds])))
    .all();
  const teamIds = [...new Set(targets.map((r) => r.team_id))];
  if (!teamIds.length) return out;
  const items = db
    .select({ ...view, r_scheduled_at: retros.scheduled_at, r_created_at: retros.created_at })
    .from(retroActionItems)
    .innerJoin(retros, eq(retros.id, retroActionItems.retro_id))
    .where(and(eq(retroActionItems.organization_id, orgId), inArray(retroActionItems.team_id, teamIds)))
    .orderBy(...byDue)
    .all();
  for (const target of targets) {
    out.set(
      target.id,
      items
        .filter((i) => {
          if (i.team_id !== target.team_id || i.retro_id === target.id) return false;
          if (!isBefore({ id: i.retro_id, scheduled_at: i.r_scheduled_at, created_at: i.r_created_at }, target)) return false;
          if (RETRO_ACTION_OPEN.includes(i.status)) return true;
          return !!target.started_at && i.updated_at >= target.started_at && (!target.ended_at || i.updated_at <= target.ended_at);
        })
        .map(({ r_scheduled_at: _s, r_created_at: _c, ...rest }) => rest),
    );
  }
  return out;
}

/** The viewer's own action items of these statuses (teams not deleted), due soonest first (no due date last). */
export function listOwnedActionItems(db: Db, orgId: string, ownerId: string, statuses: readonly RetroActionStatus[]): RetroActionItemView[] {
  if (!statuses.length) return [];
  return db
    .select(view)
    .from(retroActionItems)
    .innerJoin(retros, eq(retros.id, retroActionItems.retro_id))
    .innerJoin(teams, eq(teams.id, retroActionItems.team_id))
    .where(
      and(
        eq(retroActionItems.organization_id, orgId),
        eq(retroActionItems.owner_id, ownerId),
        inArray(retroActionItems.status, [...statuses]),
        isNull(teams.deleted_at),
      ),
    )
    .orderBy(...byDue)
    .all();
}

/** Retros of the team that have started and not ended (normally one). */
export function runningRetroIdsOfTeam(db: Db, orgId: string, teamId: string): string[] {
  return db
    .select({ id: retros.id })
    .from(retros)
    .where(
      and(eq(retros.organization_id, orgId), eq(retros.team_id, teamId), isNotNull(retros.started_at), isNull(retros.ended_at), ne(retros.phase, 'SUMMARY')),
    )
    .orderBy(asc(retros.started_at))
    .all()
    .map((r) => r.id);
}

export function isGroupOfRetro(db: Db, retroId: string, groupId: string): boolean {
  return !!db
    .select({ id: retroGroups.id })
    .from(retroGroups)
    .where(and(eq(retroGroups.retro_id, retroId), eq(retroGroups.id, groupId)))
    .get();
}

/** The manager of a person (the org chart), for "managers may set the status of their reports' items". */
export function managerOf(db: Db, orgId: string, userId: string): string | null {
  return (
    db
      .select({ m: users.manager_id })
      .from(users)
      .where(and(eq(users.organization_id, orgId), eq(users.id, userId)))
      .get()?.m ?? null
  );
}

export function insertActionItem(db: Db, values: typeof retroActionItems.$inferInsert): RetroActionItemRow {
  return db.insert(retroActionItems).values(values).returning().get();
}

export function patchActionItem(db: Db, id: string, patch: Partial<RetroActionItemRow>): void {
  db.update(retroActionItems).set(patch).where(eq(retroActionItems.id, id)).run();
}

export function deleteActionItem(db: Db, id: string): void {
  db.delete(retroActionItems).where(eq(retroActionItems.id, id)).run();
}

/** For another feature's repo that joins action items in one statement (docs/decisions/0076). */
export { retroActionItems };

/** Marks these action items DONE (those not DONE or DROPPED already); returns the team and organization of each one changed. */
export function markActionItemsDone(db: Db, ids: readonly string[], doneAt: string, at: string): Array<{ team_id: string; organization_id: string }> {
  return db
    .update(retroActionItems)
    .set({ status: 'DONE', done_at: doneAt, updated_at: at })
    .where(and(inArray(retroActionItems.id, [...ids]), ne(retroActionItems.status, 'DONE'), ne(retroActionItems.status, 'DROPPED')))
    .returning({ team_id: retroActionItems.team_id, organization_id: retroActionItems.organization_id })
    .all();
}

/** Moves on the version of these retros (their screens read them again); returns the new versions. */
export function bumpRetroVersions(db: Db, retroIds: readonly string[], at: string): Array<{ id: string; version: number }> {
  return db
    .update(retros)
    .set({ version: sql`${retros.version} + 1`, updated_at: at })
    .where(inArray(retros.id, [...retroIds]))
    .returning({ id: retros.id, version: retros.version })
    .all();
}
