import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { OPEN_GOAL_STATUSES, type GoalOwnerKind, type GoalStatus } from '../../../shared/goals.js';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { teams } from '../teams/teams.repo.js';
import { users } from '../users/users.repo.js';
import type { GoalRow } from './goals.crud.repo.js';
import { goals } from './goals.tables.js';
import { readableGoal } from './goals.visibility.repo.js';

/**
 * The alignment tree, team goals and the goals one may align under: the SQL of goals.tree.ts
 * (docs/decisions/0049). Every read goes through goals.visibility.repo.ts readableGoal, which names the
 * unaliased `goals` table: each statement below reads `goals` in exactly one place per scope.
 */

export type TreeNodeRow = {
  id: string;
  parent_id: string | null;
  title: string;
  owner_kind: GoalOwnerKind;
  owner_name: string;
  owner_id: string | null;
  status: GoalStatus;
  progress: number;
  due_date: string | null;
  child_count: number;
  depth: number;
};

/** Owner name and id of the goal rows `n` (columns id, owner_kind, owner_user_id, owner_team_id, organization_id). */
const ownerColumns = sql`coalesce(case n.owner_kind when 'PERSON' then ou.full_name when 'TEAM' then ot.name else oo.name end, '') as owner_name,
  case n.owner_kind when 'PERSON' then n.owner_user_id when 'TEAM' then n.owner_team_id else null end as owner_id`;
const ownerJoins = sql`left join users ou on ou.id = n.owner_user_id
  left join teams ot on ot.id = n.owner_team_id
  left join organizations oo on oo.id = n.organization_id`;
const kindOrder = sql`case n.owner_kind when 'COMPANY' then 0 when 'TEAM' then 1 else 2 end`;

/**
 * The tree in one statement: the first level (the readable company and team goals that align to
 * nothing readable, or the readable children of `rootId`), then readable children level by level
 * through goals_parent_visibility_idx (covering); the readable children of every node returned are counted in the same
 * statement.
 */
export function listGoalTree(db: Db, viewer: Viewer, rootId: string | null, depth: number): TreeNodeRow[] {
  return db.all<TreeNodeRow>(goalTreeSql(viewer, rootId, depth));
}

export function goalTreeSql(viewer: Viewer, rootId: string | null, depth: number): SQL {
  const readable = readableGoal(viewer);
  const first: SQL = rootId
    ? sql`select goals.id, goals.parent_id, 0 from goals where goals.parent_id = ${rootId} and ${readable}`
    : sql`select goals.id, goals.parent_id, 0 from goals
        where goals.organization_id = ${viewer.organizationId} and goals.owner_kind in ('COMPANY', 'TEAM') and ${readable}
          and (goals.parent_id is null or goals.parent_id not in (
            select goals.id from goals where goals.id in (select c.parent_id from goals c where c.organization_id = ${viewer.organizationId} and c.owner_kind in ('COMPANY', 'TEAM') and c.parent_id is not null)
              and ${readable}))`;
  return sql`with recursive tree(id, parent_id, depth) as (
      ${first}
      union all
      select goals.id, goals.parent_id, tree.depth + 1 from tree join goals on goals.parent_id = tree.id
        where tree.depth < ${depth - 1} and ${readable}
    ),
    counts as (select goals.parent_id, count(*) as n from goals where goals.parent_id in (select id from tree) and ${readable} group by goals.parent_id)
    select n.id, n.parent_id, n.title, n.owner_kind, n.status, n.progress, n.due_date, t.depth, coalesce(c.n, 0) as child_count, ${ownerColumns}
    from tree t cross join goals n on n.id = t.id
    ${ownerJoins}
    left join counts c on c.parent_id = t.id
    order by t.depth, ${kindOrder}, n.title collate nocase, n.id`;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Readable goals whose title contains `search`, minus `excludeId` and everything below it; open goals first. */
export function listAlignableGoals(db: Db, viewer: Viewer, search: string, excludeId: string | null, limit: number): TreeNodeRow[] {
  const readable = readableGoal(viewer);
  const pattern = `%${escapeLike(search)}%`;
  const excluded = excludeId
    ? sql`with recursive ex(id) as (select ${excludeId} union all select c.id from goals c join ex on c.parent_id = ex.id) select id from ex`
    : sql`select null where 0`;
  return db.all<TreeNodeRow>(sql`with found as (
      select goals.id from goals
      where goals.organization_id = ${viewer.organizationId} and goals.title like ${pattern} escape '\\' and ${readable}
        and goals.id not in (${excluded})
      order by case when goals.status in ('DONE', 'DROPPED') then 1 else 0 end,
        case goals.owner_kind when 'COMPANY' then 0 when 'TEAM' then 1 else 2 end, goals.title collate nocase, goals.id
      limit ${limit}
    )
    select n.id, n.parent_id, n.title, n.owner_kind, n.status, n.progress, n.due_date, 0 as depth,
      (select count(*) from goals where goals.parent_id = n.id and ${readable}) as child_count, ${ownerColumns}
    from found f join goals n on n.id = f.id
    ${ownerJoins}
    order by case when n.status in ('DONE', 'DROPPED') then 1 else 0 end, ${kindOrder}, n.title collate nocase, n.id`);
}

const openFirst = sql`case when ${goals.status} in ('DONE', 'DROPPED') then 1 else 0 end`;
const dueOrder = [openFirst, sql`${goals.due_date} is null`, asc(goals.due_date), sql`${goals.title} collate nocase`, asc(goals.id)];

/** The team's own goals the viewer reads: open first, then by due date. */
export function listTeamOwnGoals(db: Db, viewer: Viewer, teamId: string): GoalRow[] {
  return db
    .select()
    .from(goals)
    .where(and(eq(goals.organization_id, viewer.organizationId), eq(goals.owner_kind, 'TEAM'), eq(goals.owner_team_id, teamId), readableGoal(viewer)))
    .orderBy(...dueOrder)
    .all();
}

/** Live members' ids subquery. */
const membersOf = (orgId: string, teamId: string) =>
  sql`(select ${users.id} from ${users} where ${users.organization_id} = ${orgId} and ${users.team_id} = ${teamId} and ${users.deleted_at} is null)`;

/** Readable PERSON goals of the team's members aligned directly under one of `parentIds`. */
export function listMemberGoalsUnder(db: Db, viewer: Viewer, teamId: string, parentIds: readonly string[]): GoalRow[] {
  if (!parentIds.length) return [];
  return db
    .select()
    .from(goals)
    .where(
      and(
        inArray(goals.parent_id, [...parentIds]),
        eq(goals.owner_kind, 'PERSON'),
        sql`${goals.owner_user_id} in ${membersOf(viewer.organizationId, teamId)}`,
        readableGoal(viewer),
      ),
    )
    .orderBy(...dueOrder)
    .all();
}

/** Readable open OBJECTIVE goals of the team's members aligned to nothing (development-plan goals stay in the plan). */
export function listUnalignedMemberGoals(db: Db, viewer: Viewer, teamId: string): GoalRow[] {
  return db
    .select()
    .from(goals)
    .where(
      and(
        eq(goals.organization_id, viewer.organizationId),
        eq(goals.owner_kind, 'PERSON'),
        isNull(goals.parent_id),
        eq(goals.kind, 'OBJECTIVE'),
        inArray(goals.status, [...OPEN_GOAL_STATUSES]),
        sql`${goals.owner_user_id} in ${membersOf(viewer.organizationId, teamId)}`,
        readableGoal(viewer),
      ),
    )
    .orderBy(...dueOrder)
    .all();
}

/** Live teams the viewer belongs to, manages or leads, by name. */
export function listViewerGoalTeams(db: Db, viewer: Viewer) {
  const own = sql`(select ${users.team_id} from ${users} where ${users.id} = ${viewer.userId})`;
  return db
    .select()
    .from(teams)
    .where(
      and(
        eq(teams.organization_id, viewer.organizationId),
        isNull(teams.deleted_at),
        or(eq(teams.manager_id, viewer.userId), eq(teams.team_lead_id, viewer.userId), sql`${teams.id} in ${own}`),
      ),
    )
    .orderBy(sql`${teams.name} collate nocase`, asc(teams.id))
    .all();
}
