import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { isBelowViewer } from '../goals/goals.visibility.repo.js';

/**
 * Who reads what of a person's growth (docs/decisions/0050), the rules the growth GraphQL uses and
 * the assistant asks too (docs/decisions/0066). "Their managers" is anyone the person is below
 * (goals.visibility.repo.ts), the line goals use.
 */
const isAdmin = (viewer: Viewer) => viewer.permissionLevel === 'ADMIN';

/** Someone else than the viewer whom the viewer manages: the person is below them, or the viewer is an admin. */
export function managesGrowthOf(db: Db, viewer: Viewer, subjectId: string): boolean {
  return subjectId !== viewer.userId && (isAdmin(viewer) || isBelowViewer(db, viewer, subjectId));
}

/** An assessment: its assessor always (a draft is theirs alone); a submitted one also its subject, their managers and admins. */
export function canReadAssessment(
  db: Db,
  viewer: Viewer,
  row: { organization_id: string; assessor_id: string | null; subject_id: string; status: string },
): boolean {
  if (row.organization_id !== viewer.organizationId) return false;
  if (row.assessor_id === viewer.userId) return true;
  return row.status === 'SUBMITTED' && (row.subject_id === viewer.userId || managesGrowthOf(db, viewer, row.subject_id));
}

/** Who changes a development plan (focus, mentor, actions): the person, their managers, admins. */
export function canEditPlanOf(db: Db, viewer: Viewer, userId: string): boolean {
  return userId === viewer.userId || isAdmin(viewer) || isBelowViewer(db, viewer, userId);
}

/** Who reads a development plan: whoever may change it, and its mentor (read only). */
export function canReadPlanOf(db: Db, viewer: Viewer, userId: string, mentorId: string | null): boolean {
  return canEditPlanOf(db, viewer, userId) || (!!mentorId && mentorId === viewer.userId);
}
