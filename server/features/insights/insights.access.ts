import { forbidden, notFound } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { isBelowViewer } from '../goals/goals.visibility.repo.js';
import { findTeamById, listTeams } from '../teams/teams.repo.js';
import type { TeamRow } from '../teams/teams.repo.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import { activePeopleOfViewerLine, teamsOfViewerLine } from './insights.access.repo.js';

/**
 * Who sees which insights (docs/decisions/0051), with the reporting line of goals.visibility.repo.ts:
 * - a team's insights: its members, its manager and lead, the people they are below, admins;
 * - a person's insights: the person, the people they are below (direct manager and up, managers and
 *   leads of their team and up), admins.
 * Another organization's team or person: NOT_FOUND; anyone else: FORBIDDEN, in plain words.
 */

const isAdmin = (viewer: Viewer) => viewer.permissionLevel === 'ADMIN';

export const TEAM_REFUSED = 'Only the team’s members, its managers and admins can see its insights.';
export const PERSON_REFUSED = 'Only the person, their managers and admins can see their insights.';

export function canSeeTeam(db: Db, viewer: Viewer, team: Pick<TeamRow, 'id' | 'manager_id' | 'team_lead_id'>): boolean {
  if (isAdmin(viewer)) return true;
  if (team.manager_id === viewer.userId || team.team_lead_id === viewer.userId) return true;
  const me = findUserById(db, viewer.organizationId, viewer.userId);
  if (me?.team_id === team.id) return true;
  return [team.manager_id, team.team_lead_id].some((id) => !!id && isBelowViewer(db, viewer, id));
}

/** The team, if the viewer may see its insights (NOT_FOUND outside the organization or removed, FORBIDDEN otherwise). */
export function requireTeamInsights(db: Db, viewer: Viewer, teamId: string): TeamRow {
  const team = findTeamById(db, viewer.organizationId, teamId);
  if (!team) throw notFound('Team');
  if (!canSeeTeam(db, viewer, team)) throw forbidden(TEAM_REFUSED);
  return team;
}

export function canSeePerson(db: Db, viewer: Viewer, userId: string): boolean {
  return userId === viewer.userId || isAdmin(viewer) || isBelowViewer(db, viewer, userId);
}

export function requirePersonInsights(db: Db, viewer: Viewer, userId: string): UserRow {
  const person = findUserById(db, viewer.organizationId, userId);
  if (!person) throw notFound('Person');
  if (!canSeePerson(db, viewer, person.id)) throw forbidden(PERSON_REFUSED);
  return person;
}

/** Teams whose insights the viewer may open, by name. */
export function insightsTeamsOf(db: Db, viewer: Viewer): TeamRow[] {
  if (isAdmin(viewer)) return listTeams(db, viewer.organizationId);
  return teamsOfViewerLine(db, viewer);
}

/** People whose insights the viewer may open: themselves and everyone below them (admins: every active person), by name. */
export function insightsPeopleOf(db: Db, viewer: Viewer): UserRow[] {
  return activePeopleOfViewerLine(db, viewer, !isAdmin(viewer));
}
