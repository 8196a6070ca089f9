import type { MercuriusContext } from 'mercurius';
import { AppError, badInput, forbidden, notFound } from '../../../shared/app-error.js';
import { copyReviewTemplateSchema, reviewTemplateInputSchema, type ReviewTemplateData } from '../../../shared/review-template.schemas.js';
import { requireViewer } from '../../graphql/context.js';
import { groupBy } from '../../graphql/loaders.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import { loadUser } from '../users/users.loaders.js';
import {
  contentAsInput, countQuestionsByTemplateIds, createReviewTemplate, ensureBuiltInTemplates, findReviewTemplate, findReviewTemplateContent,
  listQuestionsBySectionIds, listReviewTemplates, listSectionsByTemplateIds, replaceReviewTemplate, setReviewTemplateArchived,
  type ReviewTemplateQuestionRow, type ReviewTemplateRow, type ReviewTemplateSectionRow,
} from './reviews.templates.repo.js';
import { unknownCompetencyIds } from './reviews.competencies.js';
import { canCreateReviewTemplates, canEditReviewTemplate, canManageReviewTemplate, canReadReviewTemplates } from './reviews.templates.policy.js';

type Ctx = MercuriusContext;
const orgOf = (ctx: Ctx) => ctx.viewer?.organizationId ?? '';

function requireReader(ctx: Ctx): Viewer {
  const viewer = requireViewer(ctx);
  if (!canReadReviewTemplates(viewer)) throw forbidden('Only managers and admins can see review templates.');
  ensureBuiltInTemplates(ctx.services.db, viewer.organizationId);
  return viewer;
}

function requireTemplate(ctx: Ctx, viewer: Viewer, id: string): ReviewTemplateRow {
  const template = findReviewTemplate(ctx.services.db, viewer.organizationId, id);
  if (!template) throw notFound('Review template');
  return template;
}

/** AUTH for changes to one template: who may, then what its state allows. */
function requireManageable(ctx: Ctx, id: string, action: 'edit' | 'archive'): { viewer: Viewer; template: ReviewTemplateRow } {
  const viewer = requireReader(ctx);
  const template = requireTemplate(ctx, viewer, id);
  if (!canManageReviewTemplate(viewer, template)) throw forbidden('Only an admin or the manager who created this template can change it.');
  if (action === 'edit' && template.built_in_key) throw forbidden('Built-in templates cannot be edited. Copy this template to change it.');
  if (action === 'edit' && template.archived_at) throw new AppError('CONFLICT', 'This template is archived. Restore it to edit it.');
  return { viewer, template };
}

/** A COMPETENCY_RATING question's competency_id must be a competency of the organization's framework. */
function checkCompetencies(ctx: Ctx, orgId: string, data: ReviewTemplateData): void {
  const named = data.sections.flatMap((s, si) => s.questions.map((q, qi) => ({ id: q.competency_id, path: `sections.${si}.questions.${qi}.competency_id` })));
  const unknown = unknownCompetencyIds(ctx.services.db, orgId, named.flatMap((n) => (n.id ? [n.id] : [])));
  if (!unknown.size) return;
  const fields = Object.fromEntries(named.filter((n) => n.id && unknown.has(n.id)).map((n) => [n.path, 'Choose a competency of the framework.']));
  throw badInput('Choose a competency of the framework.', { fields });
}

const sectionsLoader = (ctx: Ctx) => ctx.loaders.get('reviewTemplates.sections',
  (ids) => groupBy(listSectionsByTemplateIds(ctx.services.db, orgOf(ctx), ids), (s) => s.template_id), [] as ReviewTemplateSectionRow[]);

export const reviewTemplateResolvers = {
  Query: {
    reviewTemplates: (_: unknown, args: { includeArchived?: boolean | null }, ctx: Ctx) =>
      listReviewTemplates(ctx.services.db, requireReader(ctx).organizationId, !!args.includeArchived),
    reviewTemplate: (_: unknown, args: { id: string }, ctx: Ctx) => requireTemplate(ctx, requireReader(ctx), args.id),
  },
  Mutation: {
    createReviewTemplate: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
      const viewer = requireReader(ctx);
      if (!canCreateReviewTemplates(viewer)) throw forbidden('Only managers and admins can create review templates.');
      const data = parseInput(reviewTemplateInputSchema, args.input);
      checkCompetencies(ctx, viewer.organizationId, data);
      return requireTemplate(ctx, viewer, createReviewTemplate(ctx.services.db, viewer.organizationId, data, viewer.userId));
    },
    updateReviewTemplate: (_: unknown, args: { id: string; input: unknown; base_version: number }, ctx: Ctx) => {
      const { viewer, template } = requireManageable(ctx, args.id, 'edit');
      const data = parseInput(reviewTemplateInputSchema, args.input);
      checkCompetencies(ctx, viewer.organizationId, data);
      replaceReviewTemplate(ctx.services.db, viewer.organizationId, template.id, data, args.base_version);
      return requireTemplate(ctx, viewer, template.id);
    },
    copyReviewTemplate: (_: unknown, args: { id: string; name: unknown }, ctx: Ctx) => {
      const viewer = requireReader(ctx);
      if (!canCreateReviewTemplates(viewer)) throw forbidden('Only managers and admins can create review templates.');
      const { name } = parseInput(copyReviewTemplateSchema, { name: args.name });
      const content = findReviewTemplateContent(ctx.services.db, viewer.organizationId, args.id);
      if (!content) throw notFound('Review template');
      return requireTemplate(ctx, viewer, createReviewTemplate(ctx.services.db, viewer.organizationId, contentAsInput(content, name), viewer.userId));
    },
    archiveReviewTemplate: (_: unknown, args: { id: string }, ctx: Ctx) => {
      const { viewer, template } = requireManageable(ctx, args.id, 'archive');
      if (!template.archived_at) setReviewTemplateArchived(ctx.services.db, viewer.organizationId, template.id, true);
      return requireTemplate(ctx, viewer, template.id);
    },
    restoreReviewTemplate: (_: unknown, args: { id: string }, ctx: Ctx) => {
      const { viewer, template } = requireManageable(ctx, args.id, 'archive');
      if (template.archived_at) setReviewTemplateArchived(ctx.services.db, viewer.organizationId, template.id, false);
      return requireTemplate(ctx, viewer, template.id);
    },
  },
  ReviewTemplate: {
    built_in: (t: ReviewTemplateRow) => !!t.built_in_key,
    created_by: (t: ReviewTemplateRow, _: unknown, ctx: Ctx) => loadUser(ctx, t.created_by),
    sections: (t: ReviewTemplateRow, _: unknown, ctx: Ctx) => sectionsLoader(ctx).load(t.id),
    section_count: async (t: ReviewTemplateRow, _: unknown, ctx: Ctx) => (await sectionsLoader(ctx).load(t.id)).length,
    question_count: (t: ReviewTemplateRow, _: unknown, ctx: Ctx) =>
      ctx.loaders.get('reviewTemplates.questionCount', (ids) => countQuestionsByTemplateIds(ctx.services.db, orgOf(ctx), ids), 0).load(t.id),
    can_edit: (t: ReviewTemplateRow, _: unknown, ctx: Ctx) => !!ctx.viewer && canEditReviewTemplate(ctx.viewer, t),
    can_archive: (t: ReviewTemplateRow, _: unknown, ctx: Ctx) => !!ctx.viewer && canManageReviewTemplate(ctx.viewer, t),
  },
  ReviewTemplateSection: {
    questions: (s: ReviewTemplateSectionRow, _: unknown, ctx: Ctx) => ctx.loaders.get('reviewTemplates.questions',
      (ids) => groupBy(listQuestionsBySectionIds(ctx.services.db, orgOf(ctx), ids), (q) => q.section_id), [] as ReviewTemplateQuestionRow[]).load(s.id),
  },
};
