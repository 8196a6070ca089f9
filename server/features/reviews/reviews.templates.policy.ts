import type { Viewer } from '../auth/viewer.js';
import type { ReviewTemplateRow } from './reviews.templates.repo.js';

/**
 * Who may do what with review templates (docs/decisions/0015):
 * admins everything; managers read all of their organization's templates and create their own
 * (new or copied), then edit, archive and restore the ones they created; members nothing.
 * Built-in templates are never edited (copy to change); admins may archive them.
 */
export const canReadReviewTemplates = (viewer: Viewer): boolean => viewer.permissionLevel === 'ADMIN' || viewer.permissionLevel === 'MANAGER';

export const canCreateReviewTemplates = canReadReviewTemplates;

/** May manage this template (edit content when not built in, archive, restore). */
export function canManageReviewTemplate(viewer: Viewer, template: Pick<ReviewTemplateRow, 'created_by' | 'built_in_key'>): boolean {
  if (viewer.permissionLevel === 'ADMIN') return true;
  return viewer.permissionLevel === 'MANAGER' && !template.built_in_key && template.created_by === viewer.userId;
}

export const canEditReviewTemplate = (viewer: Viewer, template: Pick<ReviewTemplateRow, 'created_by' | 'built_in_key' | 'archived_at'>): boolean =>
  !template.built_in_key && !template.archived_at && canManageReviewTemplate(viewer, template);
