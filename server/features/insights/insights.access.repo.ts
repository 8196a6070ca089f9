import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { belowViewer } from '../goals/goals.visibility.repo.js';
import { teams, type TeamRow } from '../teams/teams.repo.js';
import { users, type UserRow } from '../users/users.repo.js';

/** The lists of insights.access.ts for a viewer who is not an admin, and the people of an admin. */

/** Live teams the viewer manages, leads or belongs to, or whose manager or lead is below the viewer, by name. */
export function teamsOfViewerLine(db: Db, viewer: Viewer): TeamRow[] {
  const v = viewer.userId;
  const below = belowViewer(viewer);
  return db
    .select()
    .from(teams)
    .where(
      sql`${teams.organization_id} = ${viewer.organizationId} and ${teams.deleted_at} is null and (
      ${teams.manager_id} = ${v} or ${teams.team_lead_id} = ${v}
      or ${teams.id} = (select ${users.team_id} from ${users} where ${users.id} = ${v})
      or ${teams.manager_id} in ${below} or ${teams.team_lead_id} in ${below})`,
    )
    .orderBy(teams.name)
    .all();
}

/** Active people of the organization (`belowOnly`: the viewer and everyone below them), by name. */
export function activePeopleOfViewerLine(db: Db, viewer: Viewer, belowOnly: boolean): UserRow[] {
  const base = sql`${users.organization_id} = ${viewer.organizationId} and ${users.deleted_at} is null and ${users.status} = 'ACTIVE'`;
  const where = !belowOnly ? base : sql`${base} and (${users.id} = ${viewer.userId} or ${users.id} in ${belowViewer(viewer)})`;
  return db.select().from(users).where(where).orderBy(users.full_name).all() as UserRow[];
}
