import type { ReviewTemplateSummary } from './review-templates.api.js';

/** A template as the ReviewTemplates query answers it (the client tests' stubs answer whole results). */
export const templateSummary = (patch: Pick<ReviewTemplateSummary, 'id' | 'name'> & Partial<ReviewTemplateSummary>): ReviewTemplateSummary => ({
  description: null,
  review_type: '360',
  built_in: false,
  archived_at: null,
  created_by: null,
  updated_at: '2026-11-01T09:00:00.000Z',
  section_count: 1,
  question_count: 3,
  can_edit: true,
  can_archive: true,
  version: 1,
  ...patch,
});
