import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import type { ReviewSprintData } from '../../../shared/review-automation.schemas.js';
import { reviewAutomationRuns, reviewSprints } from './reviews.automation.tables.js';

export type ReviewSprintRow = typeof reviewSprints.$inferSelect;

/** A sprint is over at the end of its last day (UTC). */
export const sprintEndsAt = (s: Pick<ReviewSprintRow, 'ends_on'>): string => `${s.ends_on}T23:59:59.999Z`;

export function listSprints(db: Db, orgId: string, teamIds: readonly string[] | null): ReviewSprintRow[] {
  return db.select().from(reviewSprints).where(and(eq(reviewSprints.organization_id, orgId),
    teamIds ? sql`${reviewSprints.team_id} in (select value from json_each(${JSON.stringify(teamIds)}))` : undefined))
    .orderBy(desc(reviewSprints.ends_on), asc(reviewSprints.name)).all();
}

export function findSprint(db: Db, orgId: string, id: string): ReviewSprintRow | undefined {
  return db.select().from(reviewSprints).where(and(eq(reviewSprints.organization_id, orgId), eq(reviewSprints.id, id))).get();
}

/** Sprints of a team that ended on or after `fromDay` (YYYY-MM-DD) and by `now`. */
export function endedSprints(db: Db, orgId: string, teamId: string, fromDay: string, now: string): ReviewSprintRow[] {
  return db.select().from(reviewSprints).where(and(eq(reviewSprints.organization_id, orgId), eq(reviewSprints.team_id, teamId),
    sql`${reviewSprints.ends_on} >= ${fromDay}`, sql`${reviewSprints.ends_on} || 'T23:59:59.999Z' <= ${now}`)).orderBy(asc(reviewSprints.ends_on)).all();
}

/**
 * The next sprint of a team to end after `now`. With `ruleId`, sprints whose period that rule already
 * claimed are skipped: an ended sprint whose dates were moved later gets no second review (the runs'
 * unique rule + `sprint:<id>` key), so its new end is no "next run" either (docs/decisions/0022).
 */
export function nextSprintEnd(db: Db, orgId: string, teamId: string, now: string, ruleId?: string): ReviewSprintRow | undefined {
  return db.select().from(reviewSprints).where(and(eq(reviewSprints.organization_id, orgId), eq(reviewSprints.team_id, teamId),
    sql`${reviewSprints.ends_on} || 'T23:59:59.999Z' > ${now}`,
    ruleId ? sql`not exists (select 1 from ${reviewAutomationRuns} where ${reviewAutomationRuns.rule_id} = ${ruleId} and ${reviewAutomationRuns.period_key} = 'sprint:' || ${reviewSprints.id})` : undefined))
    .orderBy(asc(reviewSprints.ends_on)).get();
}

export function insertSprint(db: Db, orgId: string, data: ReviewSprintData, createdBy: string): string {
  const id = newId();
  db.insert(reviewSprints).values({ id, organization_id: orgId, ...data, created_by: createdBy }).run();
  return id;
}

export function updateSprint(db: Db, orgId: string, id: string, data: ReviewSprintData): void {
  db.update(reviewSprints).set(data).where(and(eq(reviewSprints.organization_id, orgId), eq(reviewSprints.id, id))).run();
}

export function deleteSprint(db: Db, orgId: string, id: string): void {
  db.delete(reviewSprints).where(and(eq(reviewSprints.organization_id, orgId), eq(reviewSprints.id, id))).run();
}
