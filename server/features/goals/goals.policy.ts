import { AppError, badInput, forbidden, notFound } from '../../../shared/app-error.js';
import { GOAL_LIMITS, type GoalKind, type GoalOwnerKind } from '../../../shared/goals.js';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { findCompetenciesByIds } from '../growth/growth.framework.repo.js';
import { findTeamById } from '../teams/teams.repo.js';
import { findUserById } from '../users/users.repo.js';
import { ancestorIds, findReadableGoal, subtree, type GoalRow } from './goals.crud.repo.js';
import { isBelowViewer } from './goals.visibility.repo.js';

/**
 * Who may create a goal for whom, and which alignments hold (docs/decisions/0049). Reading and
 * editing an existing goal is goals.visibility.repo.ts; this file decides the new owner, the team, the
 * competency and the parent.
 */

const isAdmin = (viewer: Viewer) => viewer.permissionLevel === 'ADMIN';
const field = (name: string, message: string) => badInput(`${name}: ${message}`, { fields: { [name]: message } });

/** An active (or invited) person of the viewer's organization: NOT_FOUND when unknown or removed, BAD_USER_INPUT when deactivated. */
function activePerson(db: Db, viewer: Viewer, userId: string) {
  const person = findUserById(db, viewer.organizationId, userId);
  if (!person) throw notFound('Person');
  if (person.status === 'DEACTIVATED') throw field('owner_user_id', 'This person is deactivated: their goals cannot change owner or grow.');
  return person;
}

/** A live team of the viewer's organization. */
export function liveTeam(db: Db, viewer: Viewer, teamId: string) {
  const team = findTeamById(db, viewer.organizationId, teamId);
  if (!team) throw notFound('Team');
  return team;
}

export type NewGoalOwner = { owner_kind: GoalOwnerKind; owner_user_id: string | null; owner_team_id: string | null };

/**
 * The owner of a new goal, or the refusal: a PERSON goal for myself, for someone below me, or (an
 * admin) for anyone of the organization; a TEAM goal by the team's manager or lead, someone above
 * them, or an admin; a COMPANY goal by an admin. GROWTH goals are PERSON goals.
 */
export function checkNewGoalOwner(
  db: Db,
  viewer: Viewer,
  input: { owner_kind: GoalOwnerKind; owner_user_id?: string | null; owner_team_id?: string | null; kind: GoalKind },
): NewGoalOwner {
  if (input.kind === 'GROWTH' && input.owner_kind !== 'PERSON') throw field('owner_kind', 'A growth goal belongs to one person.');
  if (input.owner_kind === 'PERSON') {
    const ownerId = input.owner_user_id ?? viewer.userId;
    activePerson(db, viewer, ownerId);
    if (ownerId !== viewer.userId && !isAdmin(viewer) && !isBelowViewer(db, viewer, ownerId)) {
      throw forbidden('You can set goals for yourself and for the people who report to you (directly or further down).');
    }
    return { owner_kind: 'PERSON', owner_user_id: ownerId, owner_team_id: null };
  }
  if (input.owner_kind === 'TEAM') {
    if (!input.owner_team_id) throw field('owner_team_id', 'Choose the team that owns the goal.');
    const team = liveTeam(db, viewer, input.owner_team_id);
    const leads = [team.manager_id, team.team_lead_id].filter((id): id is string => !!id);
    const allowed = isAdmin(viewer) || leads.includes(viewer.userId) || leads.some((id) => isBelowViewer(db, viewer, id));
    if (!allowed) throw forbidden("A team's goals are set by its manager or lead, the people above them, or an admin.");
    return { owner_kind: 'TEAM', owner_user_id: null, owner_team_id: team.id };
  }
  if (!isAdmin(viewer)) throw forbidden('Only an admin can set company goals.');
  return { owner_kind: 'COMPANY', owner_user_id: null, owner_team_id: null };
}

/** A GROWTH goal's competency must be one of the organization's. */
export function checkCompetency(db: Db, viewer: Viewer, competencyId: string): void {
  if (!findCompetenciesByIds(db, viewer.organizationId, [competencyId]).length)
    throw new AppError('NOT_FOUND', "Competency not found in your organization's framework.", { fields: { competency_id: 'No such competency.' } });
}

export const CYCLE_MESSAGE = 'A goal cannot be aligned under itself or one of its own goals.';

/**
 * Aligning `goalId` (null: a new goal) under `parentId`: the parent must be a goal of the
 * organization the viewer reads (NOT_FOUND otherwise), never the goal itself or one of its
 * descendants, and the chain from the root to the deepest goal below may hold at most
 * GOAL_LIMITS.depthMax goals.
 */
export function checkAlignment(db: Db, viewer: Viewer, goalId: string | null, parentId: string): GoalRow {
  const parent = findReadableGoal(db, viewer, parentId);
  if (!parent) throw new AppError('NOT_FOUND', 'Parent goal not found.', { fields: { parent_id: 'No such goal, or you cannot see it.' } });
  const below = goalId ? subtree(db, goalId) : [];
  if (goalId && (parentId === goalId || below.some((g) => g.id === parentId))) throw field('parent_id', CYCLE_MESSAGE);
  const above = ancestorIds(db, parentId);
  if (goalId && above.includes(goalId)) throw field('parent_id', CYCLE_MESSAGE);
  const height = below.reduce((m, g) => Math.max(m, g.n), 0);
  const levels = above.length + 1 + 1 + height;
  if (levels > GOAL_LIMITS.depthMax) throw field('parent_id', `Goals align at most ${GOAL_LIMITS.depthMax} levels deep: choose a goal higher up.`);
  return parent;
}
