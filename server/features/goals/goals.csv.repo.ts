import { sql } from 'drizzle-orm';
import type { GoalOwnerKind, GoalStatus, GoalVisibility, KeyResultKind } from '../../../shared/goals.js';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import type { Viewer } from '../auth/viewer.js';
import { goalKeyResults, goals } from './goals.tables.js';
import { readableGoal } from './goals.visibility.repo.js';
import { statement } from '../../db/sqlite.js';

export type ExportRow = {
  id: string;
  title: string;
  description: string;
  owner_kind: GoalOwnerKind;
  owner_email: string | null;
  owner_team: string | null;
  parent_id: string | null;
  start_date: string | null;
  due_date: string | null;
  visibility: GoalVisibility;
  status: GoalStatus;
  kr_title: string | null;
  kr_kind: KeyResultKind | null;
  kr_start: number | null;
  kr_target: number | null;
  kr_current: number | null;
  kr_currency: string | null;
  kr_weight: number | null;
};

/**
 * The goals of the organization the viewer reads (the one rule of goals.visibility.repo.ts, as every goals
 * query), with their key results: one row per key result (a goal without any: one row), parents' rows
 * first where possible. `goals` is not aliased: the rule names its columns.
 */
export function goalExportRows(db: Db, viewer: Viewer): ExportRow[] {
  return db.all<ExportRow>(sql`SELECT goals.id, goals.title, goals.description, goals.owner_kind, u.email AS owner_email, t.name AS owner_team, goals.parent_id,
      goals.start_date, goals.due_date, goals.visibility, goals.status, k.title AS kr_title, k.kind AS kr_kind, k.start_value AS kr_start, k.target_value AS kr_target,
      k.current_value AS kr_current, k.currency AS kr_currency, k.weight AS kr_weight
    FROM goals LEFT JOIN users u ON u.id = goals.owner_user_id LEFT JOIN teams t ON t.id = goals.owner_team_id
    LEFT JOIN goal_key_results k ON k.goal_id = goals.id
    WHERE ${readableGoal(viewer)} ORDER BY goals.created_at, goals.id, k.position, k.id`);
}

/** How many goals of the organization the viewer may not read (what an export leaves out). */
export function countUnreadableGoals(db: Db, viewer: Viewer): number {
  return (
    db.get<{ n: number }>(sql`SELECT count(*) AS n FROM goals WHERE goals.organization_id = ${viewer.organizationId} AND NOT ${readableGoal(viewer)}`)?.n ?? 0
  );
}

/** The organization's people by lower-case email (removed people left out). */
export function peopleByEmail(db: Db, orgId: string): Map<string, string> {
  const rows = statement(db, 'SELECT id, lower(email) AS email FROM users WHERE organization_id = ? AND deleted_at IS NULL').all(orgId) as Array<{
    id: string;
    email: string;
  }>;
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** The organization's live teams by lower-case name. */
export function teamsByName(db: Db, orgId: string): Map<string, string> {
  const rows = statement(db, 'SELECT id, lower(name) AS name FROM teams WHERE organization_id = ? AND deleted_at IS NULL').all(orgId) as Array<{
    id: string;
    name: string;
  }>;
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Which of these ids are goals of the organization. */
export function existingGoalIds(db: Db, orgId: string, ids: readonly string[]): Set<string> {
  if (!ids.length) return new Set();
  const rows = statement(db, 'SELECT id FROM goals WHERE organization_id = ? AND id IN (SELECT value FROM json_each(?))').all(
    orgId,
    JSON.stringify([...new Set(ids)]),
  ) as Array<{ id: string }>;
  return new Set(rows.map((r) => r.id));
}

export type ImportGoal = {
  title: string;
  description: string;
  owner_kind: GoalOwnerKind;
  owner_user_id: string | null;
  owner_team_id: string | null;
  parent_id: string | null;
  start_date: string | null;
  due_date: string | null;
  visibility: GoalVisibility;
  status: GoalStatus;
  key_results: Array<{
    title: string;
    kind: KeyResultKind;
    start_value: number;
    target_value: number;
    current_value: number;
    currency: string | null;
    weight: number;
  }>;
};

/** Inserts one goal and its key results (no roll-up: the caller recomputes once all are written). */
export function insertImportedGoal(db: Db, orgId: string, by: string, id: string, g: ImportGoal, at: string): void {
  db.insert(goals)
    .values({
      id,
      organization_id: orgId,
      title: g.title,
      description: g.description,
      owner_kind: g.owner_kind,
      owner_user_id: g.owner_user_id,
      owner_team_id: g.owner_team_id,
      parent_id: g.parent_id,
      kind: 'OBJECTIVE',
      start_date: g.start_date,
      due_date: g.due_date,
      visibility: g.visibility,
      status: g.status,
      created_by: by,
      created_at: at,
      updated_at: at,
    })
    .run();
  g.key_results.forEach((kr, position) => {
    db.insert(goalKeyResults)
      .values({ id: newId(), organization_id: orgId, goal_id: id, ...kr, position, created_at: at, updated_at: at })
      .run();
  });
}

/** For each existing goal id: how many goals its chain from the root holds, itself included. */
export function chainLengths(db: Db, ids: ReadonlySet<string>): Map<string, number> {
  const out = new Map<string, number>();
  const stmt = statement(
    db,
    `WITH RECURSIVE up(id, parent_id, n) AS (
      SELECT id, parent_id, 1 FROM goals WHERE id = ? UNION ALL SELECT g.id, g.parent_id, up.n + 1 FROM goals g JOIN up ON g.id = up.parent_id WHERE up.n < 100
    ) SELECT max(n) AS n FROM up`,
  );
  for (const id of ids) out.set(id, (stmt.get(id) as { n: number | null }).n ?? 1);
  return out;
}
