import type { Viewer } from '../auth/viewer.js';
import type { UserRow } from './users.repo.js';

export const isAdmin = (viewer: Viewer): boolean => viewer.permissionLevel === 'ADMIN';

/** Fields a person may change on their own record through updateUser. */
const SELF_FIELDS = new Set(['full_name', 'location', 'bio', 'time_zone', 'phone_number', 'slack_id', 'jira_account_id', 'azure_boards_user_id']);
/** Fields a manager may change on a report's record, in addition. */
const MANAGER_FIELDS = new Set([...SELF_FIELDS, 'role', 'team_id', 'manager_id', 'subdepartment_id', 'excluded_review_automation']);

/** A manager of `target`: its direct manager, or the manager or lead of its team. */
export function managesUser(viewer: Viewer, target: UserRow, teamLeaders: { manager_id: string | null; team_lead_id: string | null } | undefined): boolean {
  if (target.manager_id === viewer.userId) return true;
  return !!teamLeaders && (teamLeaders.manager_id === viewer.userId || teamLeaders.team_lead_id === viewer.userId);
}

/** Which of `fields` the viewer may not change on `target` (empty when all are allowed). */
export function forbiddenUserFields(viewer: Viewer, target: UserRow, fields: string[], isManager: boolean): string[] {
  if (isAdmin(viewer)) return [];
  const allowed = target.id === viewer.userId ? SELF_FIELDS : isManager ? MANAGER_FIELDS : new Set<string>();
  return fields.filter((f) => !allowed.has(f));
}

/** Personal settings only the person (or an admin) reads. */
export function canSeePrivateFields(viewer: Viewer | null, target: { id: string }): boolean {
  return !!viewer && (viewer.userId === target.id || isAdmin(viewer));
}
