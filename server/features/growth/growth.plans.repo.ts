import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import type { GoalRow } from '../goals/goals.crud.repo.js';
import { competencies, competencyPlacements, developmentActions, developmentPlans } from './growth.tables.js';

/** Development plans and their actions: the SQL of growth.plans.ts (docs/decisions/0050). */

export type PlanRow = typeof developmentPlans.$inferSelect;
export type ActionRow = typeof developmentActions.$inferSelect;
export type GrowthGoalRow = GoalRow;
export type CompetencyRow = typeof competencies.$inferSelect;

export function findPlan(db: Db, orgId: string, userId: string): PlanRow | undefined {
  return db
    .select()
    .from(developmentPlans)
    .where(and(eq(developmentPlans.organization_id, orgId), eq(developmentPlans.user_id, userId)))
    .get();
}

export function upsertPlan(db: Db, orgId: string, userId: string, values: { mentor_id: string | null; focus: string }, at: string): void {
  db.insert(developmentPlans)
    .values({ user_id: userId, organization_id: orgId, ...values, updated_at: at })
    .onConflictDoUpdate({ target: developmentPlans.user_id, set: { ...values, updated_at: at } })
    .run();
}

/** Marks the plan as changed (an action added, ticked or removed); creates the row when there is none. */
export function touchPlan(db: Db, orgId: string, userId: string, at: string): void {
  db.insert(developmentPlans)
    .values({ user_id: userId, organization_id: orgId, updated_at: at })
    .onConflictDoUpdate({ target: developmentPlans.user_id, set: { updated_at: at } })
    .run();
}

/** The plan's actions: open ones first by due date (none last), then done ones, latest done first. */
export function listActions(db: Db, orgId: string, userId: string): ActionRow[] {
  return db
    .select()
    .from(developmentActions)
    .where(and(eq(developmentActions.organization_id, orgId), eq(developmentActions.user_id, userId)))
    .orderBy(
      sql`${developmentActions.done_at} is not null`,
      sql`${developmentActions.due_date} is null`,
      asc(developmentActions.due_date),
      desc(developmentActions.done_at),
      asc(developmentActions.created_at),
      sql`${developmentActions}.rowid`,
    )
    .all();
}

export function countActions(db: Db, orgId: string, userId: string): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(developmentActions)
      .where(and(eq(developmentActions.organization_id, orgId), eq(developmentActions.user_id, userId)))
      .get()?.n ?? 0
  );
}

export function findAction(db: Db, orgId: string, id: string): ActionRow | undefined {
  return db
    .select()
    .from(developmentActions)
    .where(and(eq(developmentActions.organization_id, orgId), eq(developmentActions.id, id)))
    .get();
}

export type ActionValues = { title: string; due_date: string | null; competency_id: string | null; goal_id: string | null };

export function insertAction(db: Db, orgId: string, userId: string, createdBy: string, values: ActionValues, at: string): ActionRow {
  return db
    .insert(developmentActions)
    .values({ id: newId(), organization_id: orgId, user_id: userId, created_by: createdBy, ...values, created_at: at })
    .returning()
    .get();
}

export function updateAction(db: Db, id: string, set: Partial<ActionValues> & { done_at?: string | null }): ActionRow {
  return db.update(developmentActions).set(set).where(eq(developmentActions.id, id)).returning().get()!;
}

export function deleteAction(db: Db, id: string): void {
  db.delete(developmentActions).where(eq(developmentActions.id, id)).run();
}

export function findCompetencyInOrg(db: Db, orgId: string, id: string): CompetencyRow | undefined {
  return db
    .select()
    .from(competencies)
    .where(and(eq(competencies.organization_id, orgId), eq(competencies.id, id)))
    .get();
}

export function competenciesByIds(db: Db, orgId: string, ids: readonly string[]): CompetencyRow[] {
  if (!ids.length) return [];
  return db
    .select()
    .from(competencies)
    .where(and(eq(competencies.organization_id, orgId), inArray(competencies.id, [...ids])))
    .all();
}

export type PlacementRow = typeof competencyPlacements.$inferSelect;

export function findPlacementOf(db: Db, orgId: string, userId: string): PlacementRow | undefined {
  return db
    .select()
    .from(competencyPlacements)
    .where(and(eq(competencyPlacements.organization_id, orgId), eq(competencyPlacements.user_id, userId)))
    .get();
}
