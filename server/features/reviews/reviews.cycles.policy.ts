import type { Viewer } from '../auth/viewer.js';
import type { UserRow } from '../users/users.repo.js';
import type { ReviewCycleRow, ReviewParticipantRow } from './reviews.cycles.repo.js';

/**
 * Who may do what with review cycles (docs/decisions/0016):
 * - admins: every cycle of their organization;
 * - managers: create cycles for their reports and the teams they manage or lead, then run the
 *   cycles they created;
 * - a participant's manager (at launch): approve or change peers, release results;
 * - the reviewee: nominate peers, acknowledge released results;
 * - reviewers: their own requests only. Nobody reads another reviewer's answers here.
 */
export const isAdmin = (viewer: Viewer): boolean => viewer.permissionLevel === 'ADMIN';

export const canCreateReviewCycles = (viewer: Viewer): boolean => viewer.permissionLevel === 'ADMIN' || viewer.permissionLevel === 'MANAGER';

/** Runs the cycle: edit the draft, launch, close, see every participant and request status. */
export const canRunReviewCycle = (viewer: Viewer, cycle: Pick<ReviewCycleRow, 'created_by'>): boolean =>
  isAdmin(viewer) || (viewer.permissionLevel === 'MANAGER' && cycle.created_by === viewer.userId);

/** Approves or changes peers and releases results for one reviewee. */
export const canManageParticipant = (
  viewer: Viewer,
  cycle: Pick<ReviewCycleRow, 'created_by'>,
  participant: Pick<ReviewParticipantRow, 'manager_id'>,
): boolean => canRunReviewCycle(viewer, cycle) || participant.manager_id === viewer.userId;

/** Sees the participant row (nominations included). */
export const canSeeParticipant = (
  viewer: Viewer,
  cycle: Pick<ReviewCycleRow, 'created_by'>,
  participant: Pick<ReviewParticipantRow, 'manager_id' | 'reviewee_id'>,
): boolean => canManageParticipant(viewer, cycle, participant) || participant.reviewee_id === viewer.userId;

/**
 * People and teams a manager may not put in a cycle: people who are neither their direct reports
 * nor members of a team they manage or lead, and teams they neither manage nor lead. Admins: none.
 */
export function outsideManagerScope(
  viewer: Viewer,
  people: readonly UserRow[],
  teamIds: readonly string[],
  ledTeamIds: ReadonlySet<string>,
): { people: UserRow[]; teamIds: string[] } {
  if (isAdmin(viewer)) return { people: [], teamIds: [] };
  return {
    people: people.filter((u) => u.manager_id !== viewer.userId && !(u.team_id && ledTeamIds.has(u.team_id))),
    teamIds: teamIds.filter((id) => !ledTeamIds.has(id)),
  };
}
