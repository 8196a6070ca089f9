import type { Db } from '../../db/connection.js';
import { BUILTIN_FEEDBACK_TEMPLATES, type FeedbackTemplateDef, type FeedbackTemplateInput } from '../../../shared/feedback.js';
import { storedTemplates, type StoredTemplateView } from '../templates/templates.repo.js';
import { feedbackTemplates } from './feedback.tables.js';

/** What the API presents for a request template: built-ins and stored ones alike. */
export type FeedbackTemplateView = StoredTemplateView<FeedbackTemplateDef>;

/** Request templates: the built-ins of shared/feedback.ts, then the organization's own (server/features/templates). */
export const feedbackTemplateStore = storedTemplates({
  table: feedbackTemplates,
  builtIns: BUILTIN_FEEDBACK_TEMPLATES,
  contentOf: (r): FeedbackTemplateDef => ({ id: r.id, name: r.name, description: r.description, questions: r.questions }),
  columns: (input: FeedbackTemplateInput) => ({ name: input.name, description: input.description ?? '', questions: input.questions }),
  kind: 'template',
});

/** A template by id, built-in or the organization's own (archived ones included: the caller decides). */
export const findFeedbackTemplateView = (db: Db, orgId: string, id: string): FeedbackTemplateView | undefined => feedbackTemplateStore.find(db, orgId, id);
