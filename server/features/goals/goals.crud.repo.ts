import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { GoalKind, GoalOwnerKind, GoalStatus, GoalVisibility, KeyResultKind } from '../../../shared/goals.js';
import type { Db } from '../../db/connection.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { anyAdminOf, type Viewer } from '../auth/viewer.js';
import { goalKeyResults, goals } from './goals.tables.js';
import { editableGoal, readableGoal } from './goals.visibility.repo.js';

/** Goals and key results: the SQL of goals.crud.ts (docs/decisions/0049). */

export type GoalRow = typeof goals.$inferSelect;
export type KeyResultRow = typeof goalKeyResults.$inferSelect;

export function findGoalInOrg(db: Db, orgId: string, id: string): GoalRow | undefined {
  return db
    .select()
    .from(goals)
    .where(and(eq(goals.organization_id, orgId), eq(goals.id, id)))
    .get();
}

export function findReadableGoal(db: Db, viewer: Viewer, id: string): GoalRow | undefined {
  return db
    .select()
    .from(goals)
    .where(and(eq(goals.id, id), readableGoal(viewer)))
    .get();
}

/** Of `ids`, those the viewer reads. */
export function readableGoalIds(db: Db, viewer: Viewer, ids: readonly string[]): Set<string> {
  if (!ids.length) return new Set();
  return new Set(
    db
      .select({ id: goals.id })
      .from(goals)
      .where(and(inArray(goals.id, [...ids]), readableGoal(viewer)))
      .all()
      .map((r) => r.id),
  );
}

/**
 * Whether every admin of the organization reads all of these goals (a private goal is read by no
 * admin): otherwise a notification about them is private (docs/decisions/0055).
 */
export function everyAdminReadsGoals(db: Db, orgId: string, ids: readonly string[]): boolean {
  const read = readableGoalIds(db, anyAdminOf(orgId), ids);
  return ids.every((id) => read.has(id));
}

/** Of `ids`, those the viewer edits. */
export function editableGoalIds(db: Db, viewer: Viewer, ids: readonly string[]): Set<string> {
  if (!ids.length) return new Set();
  return new Set(
    db
      .select({ id: goals.id })
      .from(goals)
      .where(and(inArray(goals.id, [...ids]), editableGoal(viewer)))
      .all()
      .map((r) => r.id),
  );
}

export function findGoalsByIds(db: Db, orgId: string, ids: readonly string[]): GoalRow[] {
  if (!ids.length) return [];
  return db
    .select()
    .from(goals)
    .where(and(eq(goals.organization_id, orgId), inArray(goals.id, [...ids])))
    .all();
}

/** Readable aligned children of the goals, oldest first. */
export function listReadableChildren(db: Db, viewer: Viewer, parentIds: readonly string[]): GoalRow[] {
  if (!parentIds.length) return [];
  return db
    .select()
    .from(goals)
    .where(and(inArray(goals.parent_id, [...parentIds]), readableGoal(viewer)))
    .orderBy(asc(goals.created_at), sql`${goals}.rowid`)
    .all();
}

/** Aligned children per goal, readable or not. */
export function countChildren(db: Db, parentIds: readonly string[]): Map<string, number> {
  if (!parentIds.length) return new Map();
  const rows = db
    .select({ parent_id: goals.parent_id, n: sql<number>`count(*)` })
    .from(goals)
    .where(inArray(goals.parent_id, [...parentIds]))
    .groupBy(goals.parent_id)
    .all();
  return new Map(rows.map((r) => [r.parent_id!, r.n]));
}

export function listKeyResultsOfGoals(db: Db, goalIds: readonly string[]): KeyResultRow[] {
  if (!goalIds.length) return [];
  return db
    .select()
    .from(goalKeyResults)
    .where(inArray(goalKeyResults.goal_id, [...goalIds]))
    .orderBy(asc(goalKeyResults.goal_id), asc(goalKeyResults.position))
    .all();
}

/** Ids of the goal's ancestors, nearest first (the goal itself excluded). */
export function ancestorIds(db: Db, goalId: string): string[] {
  const rows = db.all<{ id: string }>(sql`with recursive up(id, parent_id, n) as (
      select id, parent_id, 0 from goals where id = ${goalId}
      union all select g.id, g.parent_id, up.n + 1 from goals g join up on g.id = up.parent_id where up.n < 64
    ) select id from up where n > 0 order by n`);
  return rows.map((r) => r.id);
}

/** The goal and every goal aligned under it, any depth, with their level below it (0 = the goal). */
export function subtree(db: Db, goalId: string): Array<{ id: string; n: number }> {
  return db.all<{ id: string; n: number }>(sql`with recursive down(id, n) as (
      select id, 0 from goals where id = ${goalId}
      union select g.id, down.n + 1 from goals g join down on g.parent_id = down.id where down.n < 64
    ) select id, max(n) as n from down group by id`);
}

export type GoalValues = {
  title: string;
  description: string;
  owner_kind: GoalOwnerKind;
  owner_user_id: string | null;
  owner_team_id: string | null;
  parent_id: string | null;
  kind: GoalKind;
  competency_id: string | null;
  start_date: string | null;
  due_date: string | null;
  visibility: GoalVisibility;
  status: GoalStatus;
};

export type KeyResultValues = {
  id?: string | null;
  title: string;
  kind: KeyResultKind;
  start_value: number;
  target_value: number;
  current_value?: number | null;
  currency?: string | null;
  weight: number;
};

export function insertGoalRow(db: Db, orgId: string, createdBy: string | null, values: GoalValues): GoalRow {
  const at = nowIso();
  return db
    .insert(goals)
    .values({ id: newId(), organization_id: orgId, created_by: createdBy, ...values, created_at: at, updated_at: at })
    .returning()
    .get();
}

export function updateGoalRow(db: Db, id: string, set: Partial<GoalValues & { last_check_in_at: string }>): void {
  db.update(goals)
    .set({ ...set, updated_at: nowIso() })
    .where(eq(goals.id, id))
    .run();
}

/** BINARY runs 0 to 1 whatever was sent; a new key result starts at its start value unless given. */
function krColumns(kr: KeyResultValues): Omit<KeyResultRow, 'id' | 'organization_id' | 'goal_id' | 'position' | 'created_at' | 'updated_at' | 'current_value'> {
  const binary = kr.kind === 'BINARY';
  return {
    title: kr.title,
    kind: kr.kind,
    start_value: binary ? 0 : kr.start_value,
    target_value: binary ? 1 : kr.target_value,
    currency: kr.kind === 'CURRENCY' ? (kr.currency ?? null) : null,
    weight: kr.weight,
  };
}

/**
 * Replaces the goal's key results by `list` (in that order). An item with the id of an existing
 * key result updates it and keeps its current value unless one is given; the others are new;
 * existing ones not named are removed.
 */
export function replaceKeyResults(db: Db, orgId: string, goalId: string, list: readonly KeyResultValues[]): void {
  const at = nowIso();
  const existing = new Map(
    db
      .select()
      .from(goalKeyResults)
      .where(eq(goalKeyResults.goal_id, goalId))
      .all()
      .map((k) => [k.id, k]),
  );
  const kept = new Set<string>();
  list.forEach((kr, position) => {
    const cols = krColumns(kr);
    const old = kr.id ? existing.get(kr.id) : undefined;
    if (old) {
      kept.add(old.id);
      const current = kr.current_value ?? (cols.kind === 'BINARY' ? Math.min(1, Math.max(0, old.current_value)) : old.current_value);
      db.update(goalKeyResults)
        .set({ ...cols, current_value: current, position, updated_at: at })
        .where(eq(goalKeyResults.id, old.id))
        .run();
    } else {
      db.insert(goalKeyResults)
        .values({
          id: newId(),
          organization_id: orgId,
          goal_id: goalId,
          ...cols,
          current_value: kr.current_value ?? cols.start_value,
          position,
          created_at: at,
          updated_at: at,
        })
        .run();
    }
  });
  const removed = [...existing.keys()].filter((id) => !kept.has(id));
  if (removed.length) db.delete(goalKeyResults).where(inArray(goalKeyResults.id, removed)).run();
}

export function deleteGoalRow(db: Db, id: string): void {
  db.update(goals).set({ parent_id: null, updated_at: nowIso() }).where(eq(goals.parent_id, id)).run();
  db.delete(goals).where(eq(goals.id, id)).run();
}

/** `ownerBelowViewer`: whether the owner is below the viewer (goals.visibility.repo.ts isBelowViewer); needed when the viewer is not the owner. */
export type MyGoalsFilter = { ownerId: string; includeClosed: boolean; kind: GoalKind | null; ownerBelowViewer?: boolean };

/**
 * A person's PERSON goals the viewer reads, due date first (no due date last). One statement on
 * goals_org_owner_user_idx. For one known owner goals.visibility.repo.ts readableGoal comes down to:
 * the owner reads all; others read EVERYONE, and MANAGER_CHAIN when admin or the owner is below
 * them (decided once by the caller, not per row: the reporting line below a senior manager is
 * thousands of people). goals.visibility.test.ts checks both agree for every role.
 */
export function listPersonGoals(db: Db, viewer: Viewer, filter: MyGoalsFilter): GoalRow[] {
  const own = filter.ownerId === viewer.userId;
  const chain = viewer.permissionLevel === 'ADMIN' || !!filter.ownerBelowViewer;
  const readable = own ? undefined : chain ? sql`${goals.visibility} in ('EVERYONE', 'MANAGER_CHAIN')` : eq(goals.visibility, 'EVERYONE');
  return db
    .select()
    .from(goals)
    .where(
      and(
        eq(goals.organization_id, viewer.organizationId),
        eq(goals.owner_user_id, filter.ownerId),
        eq(goals.owner_kind, 'PERSON'),
        filter.includeClosed ? undefined : sql`${goals.status} not in ('DONE', 'DROPPED')`,
        filter.kind ? eq(goals.kind, filter.kind) : undefined,
        readable,
      ),
    )
    .orderBy(sql`${goals.due_date} is null`, asc(goals.due_date), asc(goals.created_at), sql`${goals}.rowid`)
    .all();
}

/** User.goals: the PERSON goals of each user that the viewer reads (id and due date). */
export function listReadablePersonGoalsOf(
  db: Db,
  viewer: Viewer,
  userIds: readonly string[],
): Array<{ id: string; owner_user_id: string | null; due_date: string | null }> {
  if (!userIds.length) return [];
  return db
    .select({ id: goals.id, owner_user_id: goals.owner_user_id, due_date: goals.due_date })
    .from(goals)
    .where(
      and(eq(goals.organization_id, viewer.organizationId), inArray(goals.owner_user_id, [...userIds]), eq(goals.owner_kind, 'PERSON'), readableGoal(viewer)),
    )
    .orderBy(sql`${goals.due_date} is null`, asc(goals.due_date), asc(goals.created_at), sql`${goals}.rowid`)
    .all();
}

/**
 * A person's PERSON goals the viewer reads, not dropped, whose [start_date (else the day created),
 * due_date (else never)] overlaps [from, to]: due date first, undated last (goals.in-period.ts).
 */
export function listGoalsInPeriod(db: Db, viewer: Viewer, p: { userId: string; from: string; to: string }): GoalRow[] {
  const start = sql`coalesce(${goals.start_date}, substr(${goals.created_at}, 1, 10))`;
  return db
    .select()
    .from(goals)
    .where(
      and(
        eq(goals.organization_id, viewer.organizationId),
        eq(goals.owner_kind, 'PERSON'),
        eq(goals.owner_user_id, p.userId),
        ne(goals.status, 'DROPPED'),
        sql`${start} <= ${p.to}`,
        sql`(${goals.due_date} is null or ${goals.due_date} >= ${p.from})`,
        readableGoal(viewer),
      ),
    )
    .orderBy(sql`${goals.due_date} is null`, asc(goals.due_date), asc(goals.created_at), sql`${goals}.rowid`)
    .all();
}

/** All the person's GROWTH goals (the plan's progress counts every one). */
export function growthGoalsOf(db: Db, orgId: string, userId: string): GoalRow[] {
  return db
    .select()
    .from(goals)
    .where(and(eq(goals.organization_id, orgId), eq(goals.owner_user_id, userId), eq(goals.owner_kind, 'PERSON'), eq(goals.kind, 'GROWTH')))
    .orderBy(sql`${goals.due_date} is null`, asc(goals.due_date), asc(goals.created_at), sql`${goals}.rowid`)
    .all();
}

/** The person's GROWTH goals the viewer reads (goals.visibility.repo.ts readableGoal), in growthGoalsOf's order. */
export function readableGrowthGoalsOf(db: Db, viewer: Viewer, userId: string): GoalRow[] {
  return db
    .select()
    .from(goals)
    .where(
      and(
        eq(goals.organization_id, viewer.organizationId),
        eq(goals.owner_user_id, userId),
        eq(goals.owner_kind, 'PERSON'),
        eq(goals.kind, 'GROWTH'),
        readableGoal(viewer),
      ),
    )
    .orderBy(sql`${goals.due_date} is null`, asc(goals.due_date), asc(goals.created_at), sql`${goals}.rowid`)
    .all();
}

/** GROWTH goals pointing at these competencies (removed from the framework) lose the link. */
export function unlinkGrowthGoalsFromCompetencies(db: Db, orgId: string, competencyIds: string[]): void {
  db.update(goals)
    .set({ competency_id: null })
    .where(and(eq(goals.organization_id, orgId), eq(goals.kind, 'GROWTH'), inArray(goals.competency_id, competencyIds)))
    .run();
}
