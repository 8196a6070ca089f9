import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { statement } from '../../db/sqlite.js';
import { inJsonList, jsonList, prepared } from '../../db/prepared.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { teams } from './teams.tables.js';

/** For another feature's repo that joins teams in one statement (docs/decisions/0076). */
export { teams };

export type TeamRow = typeof teams.$inferSelect;

const live = (orgId: string) => and(eq(teams.organization_id, orgId), isNull(teams.deleted_at));

export function listTeams(db: Db, orgId: string): TeamRow[] {
  return db.select().from(teams).where(live(orgId)).orderBy(asc(teams.name)).all();
}

const livePlaceholder = () => and(eq(teams.organization_id, sql.placeholder('orgId')), isNull(teams.deleted_at));

export function findTeamsByIds(db: Db, orgId: string, ids: readonly string[]): TeamRow[] {
  if (!ids.length) return [];
  return prepared(db, 'teams.byIds', () =>
    db
      .select()
      .from(teams)
      .where(and(livePlaceholder(), inJsonList(teams.id, 'ids')))
      .prepare(),
  ).all({ orgId, ids: jsonList(ids) });
}

/** Live teams of the organization among these ids, by name. */
export function listTeamsByIds(db: Db, orgId: string, ids: readonly string[]): TeamRow[] {
  return db
    .select()
    .from(teams)
    .where(and(eq(teams.organization_id, orgId), isNull(teams.deleted_at), inArray(teams.id, [...ids])))
    .orderBy(asc(teams.name))
    .all();
}

export function findTeamByName(db: Db, orgId: string, name: string): TeamRow | undefined {
  return db
    .select()
    .from(teams)
    .where(and(live(orgId), sql`lower(${teams.name}) = lower(${name.trim()})`))
    .get();
}

/** Teams managed or led by any of these users. */
export function teamsManagedBy(db: Db, orgId: string, userIds: readonly string[]): TeamRow[] {
  if (!userIds.length) return [];
  return prepared(db, 'teams.managedBy', () =>
    db
      .select()
      .from(teams)
      .where(and(livePlaceholder(), or(inJsonList(teams.manager_id, 'ids'), inJsonList(teams.team_lead_id, 'ids'))))
      .orderBy(asc(teams.name))
      .prepare(),
  ).all({ orgId, ids: jsonList(userIds) });
}

export function createTeam(db: Db, orgId: string, input: { name: string; manager_id?: string | null; team_lead_id?: string | null }): TeamRow {
  const row = { id: newId(), organization_id: orgId, name: input.name.trim(), manager_id: input.manager_id ?? null, team_lead_id: input.team_lead_id ?? null };
  db.insert(teams).values(row).run();
  return db.select().from(teams).where(eq(teams.id, row.id)).get()!;
}

export function updateTeam(db: Db, orgId: string, id: string, patch: Partial<Pick<TeamRow, 'name' | 'manager_id' | 'team_lead_id' | 'status'>>): void {
  db.update(teams)
    .set(patch)
    .where(and(live(orgId), eq(teams.id, id)))
    .run();
}

export function findTeamById(db: Db, orgId: string, id: string): TeamRow | undefined {
  return findTeamsByIds(db, orgId, [id])[0];
}

/** Soft delete. teams_org_name covers live teams only, so the name is free for a new team at once. */
export function softDeleteTeam(db: Db, orgId: string, id: string): void {
  db.update(teams)
    .set({ deleted_at: nowIso() })
    .where(and(live(orgId), eq(teams.id, id)))
    .run();
}

/** True when a write failed on a unique index (a name taken by a concurrent or legacy row). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Whether the team (live or removed) has this person as its manager or lead. */
export function isTeamManagedOrLedBy(db: Db, teamId: string, userId: string): boolean {
  return !!db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), or(eq(teams.manager_id, userId), eq(teams.team_lead_id, userId))))
    .get();
}

/** The name of a team of the organization, removed teams included. */
export function findTeamNameInOrganization(db: Db, orgId: string, teamId: string): { name: string } | undefined {
  return statement(db, 'select name from teams where id = ? and organization_id = ?').get(teamId, orgId) as { name: string } | undefined;
}
