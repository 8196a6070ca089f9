import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import type { SprintData } from '../../../shared/sprints.schemas.js';
import { sprints } from './sprints.tables.js';

/** SQL of team sprints (docs/decisions/0073): what the sprints screen, retros and the automation rules read. */
export type SprintRow = typeof sprints.$inferSelect;

const inOrg = (orgId: string) => eq(sprints.organization_id, orgId);

/** A sprint is over at the end of its last day (UTC). */
export const sprintEndsAt = (s: Pick<SprintRow, 'ends_on'>): string => `${s.ends_on}T23:59:59.999Z`;

/** Sprints of the organization (of the given teams only, unless null), latest end first. */
export function listSprints(db: Db, orgId: string, teamIds: readonly string[] | null): SprintRow[] {
  return db
    .select()
    .from(sprints)
    .where(and(inOrg(orgId), teamIds ? sql`${sprints.team_id} in (select value from json_each(${JSON.stringify(teamIds)}))` : undefined))
    .orderBy(desc(sprints.ends_on), asc(sprints.name))
    .all();
}

export function findSprint(db: Db, orgId: string, id: string): SprintRow | undefined {
  return db
    .select()
    .from(sprints)
    .where(and(inOrg(orgId), eq(sprints.id, id)))
    .get();
}

export function findSprintsByIds(db: Db, orgId: string, ids: readonly string[]): SprintRow[] {
  if (!ids.length) return [];
  return db
    .select()
    .from(sprints)
    .where(and(inOrg(orgId), inArray(sprints.id, [...ids])))
    .all();
}

/** Sprints of a team that ended on or after `fromDay` (YYYY-MM-DD) and by `now`, earliest end first. */
export function endedSprints(db: Db, orgId: string, teamId: string, fromDay: string, now: string): SprintRow[] {
  return db
    .select()
    .from(sprints)
    .where(and(inOrg(orgId), eq(sprints.team_id, teamId), sql`${sprints.ends_on} >= ${fromDay}`, sql`${sprints.ends_on} || 'T23:59:59.999Z' <= ${now}`))
    .orderBy(asc(sprints.ends_on))
    .all();
}

/** Sprints of a team still to end after `now`, earliest end first. */
export function upcomingSprints(db: Db, orgId: string, teamId: string, now: string): SprintRow[] {
  return db
    .select()
    .from(sprints)
    .where(and(inOrg(orgId), eq(sprints.team_id, teamId), sql`${sprints.ends_on} || 'T23:59:59.999Z' > ${now}`))
    .orderBy(asc(sprints.ends_on))
    .all();
}

export function insertSprint(db: Db, orgId: string, data: SprintData, createdBy: string): string {
  const id = newId();
  db.insert(sprints)
    .values({ id, organization_id: orgId, ...data, created_by: createdBy })
    .run();
  return id;
}

export function updateSprint(db: Db, orgId: string, id: string, data: SprintData): void {
  db.update(sprints)
    .set(data)
    .where(and(inOrg(orgId), eq(sprints.id, id)))
    .run();
}

export function deleteSprint(db: Db, orgId: string, id: string): void {
  db.delete(sprints)
    .where(and(inOrg(orgId), eq(sprints.id, id)))
    .run();
}
