import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { teams } from '../teams/teams.repo.js';
import { users } from '../users/users.repo.js';
import { goals } from './goals.tables.js';

/**
 * Who reads and who edits a goal (docs/decisions/0049): the one rule, as SQL conditions on the
 * `goals` table for every list, count, tree and single read. Always within the viewer's organization.
 *
 * "Below the viewer" is everyone in the viewer's reporting line, any depth: people whose manager is
 * the viewer, members of teams the viewer manages or leads, and everyone below those in turn. The
 * recursive step is a CROSS JOIN from the people found (SQLite keeps that order) with `+` on the
 * organization column, so each step is one users_manager index lookup, not a scan of the
 * organization per person found.
 *
 * Read:
 * - EVERYONE: the whole organization;
 * - a PERSON goal: its owner; MANAGER_CHAIN also people the owner is below, and admins;
 * - a TEAM goal: the team's members, manager and lead; MANAGER_CHAIN also people the team's manager
 *   or lead is below, and admins;
 * - a COMPANY goal: admins (whatever its visibility).
 * PRIVATE names nobody else, admins included.
 *
 * Edit (update, check in, delete): a PERSON goal's owner and the people the owner is below; a TEAM
 * goal's manager and lead and the people they are below; admins, every goal they can read.
 */
export function belowViewer(viewer: Viewer): SQL {
  const v = viewer.userId;
  const org = viewer.organizationId;
  return sql`(with recursive below(id) as (
      select ${users.id} from ${users} where ${users.manager_id} = ${v} and ${users.organization_id} = ${org}
      union select ${users.id} from ${teams} join ${users} on ${users.team_id} = ${teams.id}
        where (${teams.manager_id} = ${v} or ${teams.team_lead_id} = ${v}) and ${teams.organization_id} = ${org} and ${teams.deleted_at} is null
      union select u.id from below b cross join ${users} u where u.manager_id = b.id and +u.organization_id = ${org}
    ) select id from below)`;
}

/**
 * Is `userId` below the viewer (the relation of belowViewer), for one known person? Walked upwards
 * from the person (their manager chain, short) instead of downwards from the viewer (everyone below
 * a senior manager): someone on the person's manager chain, the person included, has the viewer as
 * manager or belongs to a live team the viewer manages or leads. A few index seeks.
 */
export function isBelowViewer(db: Db, viewer: Viewer, userId: string): boolean {
  const v = viewer.userId;
  const org = viewer.organizationId;
  return !!db.get<{ one: number }>(sql`with recursive up(id, n) as (
      select ${userId}, 0
      union select u.manager_id, up.n + 1 from users u join up on u.id = up.id
        where u.manager_id is not null and u.organization_id = ${org} and up.n < 64
    ) select 1 as one from up join users u on u.id = up.id and u.organization_id = ${org}
      left join teams t on t.id = u.team_id and t.organization_id = ${org} and t.deleted_at is null
      where u.manager_id = ${v} or t.manager_id = ${v} or t.team_lead_id = ${v} limit 1`);
}

const isAdmin = (viewer: Viewer) => viewer.permissionLevel === 'ADMIN';

/** Teams the viewer belongs to, manages or leads. */
function viewerTeams(viewer: Viewer): SQL {
  const v = viewer.userId;
  return sql`(select ${teams.id} from ${teams} where ${teams.organization_id} = ${viewer.organizationId} and (${teams.manager_id} = ${v} or ${teams.team_lead_id} = ${v})
    union select ${users.team_id} from ${users} where ${users.id} = ${v} and ${users.team_id} is not null)`;
}

/** Teams whose manager or lead is below the viewer. */
function teamsBelow(viewer: Viewer): SQL {
  const below = belowViewer(viewer);
  return sql`(select ${teams.id} from ${teams} where ${teams.organization_id} = ${viewer.organizationId} and (${teams.manager_id} in ${below} or ${teams.team_lead_id} in ${below}))`;
}

export function readableGoal(viewer: Viewer): SQL {
  const v = viewer.userId;
  const admin = isAdmin(viewer);
  return sql`(${goals.organization_id} = ${viewer.organizationId} and (
    ${goals.visibility} = 'EVERYONE'
    or (${goals.owner_kind} = 'PERSON' and (${goals.owner_user_id} = ${v}
      or (${goals.visibility} = 'MANAGER_CHAIN' and (${admin ? sql`1` : sql`0`} or ${goals.owner_user_id} in ${belowViewer(viewer)}))))
    or (${goals.owner_kind} = 'TEAM' and (${goals.owner_team_id} in ${viewerTeams(viewer)}
      or (${goals.visibility} = 'MANAGER_CHAIN' and (${admin ? sql`1` : sql`0`} or ${goals.owner_team_id} in ${teamsBelow(viewer)}))))
    or (${goals.owner_kind} = 'COMPANY' and ${admin ? sql`1` : sql`0`})
  ))`;
}

export function editableGoal(viewer: Viewer): SQL {
  const v = viewer.userId;
  const managedTeams = sql`(select ${teams.id} from ${teams} where ${teams.organization_id} = ${viewer.organizationId} and (${teams.manager_id} = ${v} or ${teams.team_lead_id} = ${v}))`;
  if (isAdmin(viewer)) return readableGoal(viewer);
  return sql`(${goals.organization_id} = ${viewer.organizationId} and (
    (${goals.owner_kind} = 'PERSON' and (${goals.owner_user_id} = ${v} or ${goals.owner_user_id} in ${belowViewer(viewer)}))
    or (${goals.owner_kind} = 'TEAM' and (${goals.owner_team_id} in ${managedTeams} or ${goals.owner_team_id} in ${teamsBelow(viewer)}))
  ))`;
}
