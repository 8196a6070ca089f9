import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import type { Viewer } from '../auth/viewer.js';
import type { TeamRow } from '../teams/teams.repo.js';
import { users, type UserRow } from '../users/users.repo.js';
import type { PlacementRow } from './growth.plans.repo.js';
import { statement } from '../../db/sqlite.js';

/**
 * SQL of development team progress (docs/decisions/0050): six statements whatever the number of
 * people: the people in scope, their teams, placements, last submitted assessments, growth goals and
 * actions (the last four by index seeks per person through one JSON list).
 */

/**
 * Active and invited people (never deactivated or removed): admins everyone, others the people below
 * them, any depth (the same line as goals.visibility.repo.ts belowViewer: direct reports, members of the
 * teams they manage or lead, and the reports of those in turn). The recursive step walks
 * users_manager from each person found (`+` keeps SQLite off the organization index, which would
 * scan the whole organization once per person).
 */
export function peopleInScope(db: Db, viewer: Viewer): UserRow[] {
  const admin = viewer.permissionLevel === 'ADMIN';
  const me = viewer.userId;
  const org = viewer.organizationId;
  const below = sql`(with recursive below(id) as (
      select m.id from users m where m.manager_id = ${me} and +m.organization_id = ${org}
      union select tm.id from teams t join users tm on tm.team_id = t.id
        where (t.manager_id = ${me} or t.team_lead_id = ${me}) and t.organization_id = ${org} and t.deleted_at is null
      union select r.id from below b cross join users r where r.manager_id = b.id and +r.organization_id = ${org}
    ) select id from below)`;
  return db
    .select()
    .from(users)
    .where(
      sql`${users.organization_id} = ${org} and ${users.deleted_at} is null and ${users.status} <> 'DEACTIVATED'
    and ${admin ? sql`1` : sql`${users.id} in ${below}`}`,
    )
    .orderBy(sql`${users.full_name} collate nocase`, users.id)
    .all();
}

export function liveTeamsByIds(db: Db, orgId: string, ids: string): TeamRow[] {
  const stmt = prepared(db, 'growth.progress.teams', () =>
    statement(
      db,
      `SELECT * FROM teams
    WHERE organization_id = @orgId AND deleted_at IS NULL AND id IN (SELECT value FROM json_each(@ids)) ORDER BY name COLLATE NOCASE, id`,
    ),
  );
  return stmt.all({ orgId, ids }) as TeamRow[];
}

export function placementsOf(db: Db, orgId: string, ids: string): PlacementRow[] {
  const stmt = prepared(db, 'growth.progress.placements', () =>
    statement(
      db,
      `SELECT * FROM competency_placements
    WHERE user_id IN (SELECT value FROM json_each(@ids)) AND organization_id = @orgId`,
    ),
  );
  return stmt.all({ orgId, ids }) as PlacementRow[];
}

/** The last submitted SELF and MANAGER assessment of each person. */
export function lastAssessed(db: Db, orgId: string, ids: string): Array<{ id: string; self: string | null; manager: string | null }> {
  const stmt = prepared(db, 'growth.progress.assessed', () =>
    statement(
      db,
      `SELECT j.value AS id,
      (SELECT max(a.submitted_at) FROM assessments a WHERE a.organization_id = @orgId AND a.subject_id = j.value AND a.kind = 'SELF' AND a.status = 'SUBMITTED') AS self,
      (SELECT max(a.submitted_at) FROM assessments a WHERE a.organization_id = @orgId AND a.subject_id = j.value AND a.kind = 'MANAGER' AND a.status = 'SUBMITTED') AS manager
    FROM json_each(@ids) j`,
    ),
  );
  return stmt.all({ orgId, ids }) as Array<{ id: string; self: string | null; manager: string | null }>;
}

export function growthGoalsOfPeople(db: Db, orgId: string, ids: string): Array<{ owner_user_id: string; status: string; progress: number }> {
  const stmt = prepared(db, 'growth.progress.goals', () =>
    statement(
      db,
      `SELECT g.owner_user_id, g.status, g.progress FROM goals g INDEXED BY goals_org_owner_user_idx
    WHERE g.organization_id = @orgId AND g.owner_user_id IN (SELECT value FROM json_each(@ids)) AND g.owner_kind = 'PERSON' AND g.kind = 'GROWTH'`,
    ),
  );
  return stmt.all({ orgId, ids }) as Array<{ owner_user_id: string; status: string; progress: number }>;
}

export function actionsOfPeople(db: Db, orgId: string, ids: string): Array<{ user_id: string; due_date: string | null; done_at: string | null }> {
  const stmt = prepared(db, 'growth.progress.actions', () =>
    statement(
      db,
      `SELECT a.user_id, a.due_date, a.done_at FROM development_actions a
    WHERE a.organization_id = @orgId AND a.user_id IN (SELECT value FROM json_each(@ids))`,
    ),
  );
  return stmt.all({ orgId, ids }) as Array<{ user_id: string; due_date: string | null; done_at: string | null }>;
}
