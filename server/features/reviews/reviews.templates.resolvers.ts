import type { MercuriusContext } from 'mercurius';
import { badInput, forbidden, notFound } from '../../../shared/app-error.js';
import { copyReviewTemplateSchema, reviewTemplateInputSchema, type ReviewTemplateData } from '../../../shared/review-template.schemas.js';
import { requireViewer } from '../../graphql/context.js';
import { groupBy } from '../../graphql/loaders.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import { templateLifecycle, templateResolvers } from '../templates/templates.lifecycle.js';
import { loadUser } from '../users/users.loaders.js';
import {
  contentAsInput,
  countQuestionsByTemplateIds,
  ensureBuiltInTemplates,
  findReviewTemplateContent,
  listQuestionsBySectionIds,
  listSectionsByTemplateIds,
  reviewTemplateStore,
  type ReviewTemplateQuestionRow,
  type ReviewTemplateRow,
  type ReviewTemplateSectionRow,
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

function requireWriter(ctx: Ctx): Viewer {
  const viewer = requireReader(ctx);
  if (!canCreateReviewTemplates(viewer)) throw forbidden('Only managers and admins can create review templates.');
  return viewer;
}

/** A COMPETENCY_RATING question's competency_id must be a competency of the organization's framework. */
function checkCompetencies(ctx: Ctx, orgId: string, data: ReviewTemplateData): ReviewTemplateData {
  const named = data.sections.flatMap((s, si) => s.questions.map((q, qi) => ({ id: q.competency_id, path: `sections.${si}.questions.${qi}.competency_id` })));
  const unknown = unknownCompetencyIds(
    ctx.services.db,
    orgId,
    named.flatMap((n) => (n.id ? [n.id] : [])),
  );
  if (!unknown.size) return data;
  const fields = Object.fromEntries(named.filter((n) => n.id && unknown.has(n.id)).map((n) => [n.path, 'Choose a competency of the framework.']));
  throw badInput('Choose a competency of the framework.', { fields });
}

/**
 * Review templates (docs/decisions/0015) through the template lifecycle (docs/decisions/0075):
 * managers and admins read them, create and copy (naming the copy); admins, and the manager who
 * created one, edit, archive and restore it (reviews.templates.policy.ts). Built-ins are never edited
 * (FORBIDDEN), but admins archive them.
 */
const reviewTemplates = templateLifecycle<ReviewTemplateRow, ReviewTemplateData>({
  noun: 'Review template',
  kind: 'template',
  store: reviewTemplateStore,
  reader: requireReader,
  writer: requireWriter,
  id: (t) => t.id,
  builtIn: (t) => !!t.built_in_key,
  archived: (t) => !!t.archived_at,
  mayChange: (_ctx, viewer, t) => canManageReviewTemplate(viewer, t),
  notYours: 'Only an admin or the manager who created this template can change it.',
  builtInRefusal: { error: () => forbidden('Built-in templates cannot be edited. Copy this template to change it.'), archive: false },
  parse: (ctx, viewer, input) => checkCompetencies(ctx, viewer.organizationId, parseInput(reviewTemplateInputSchema, input)),
  copyOf: (ctx, viewer, args) => {
    const { name } = parseInput(copyReviewTemplateSchema, { name: args.name });
    const content = findReviewTemplateContent(ctx.services.db, viewer.organizationId, String(args.id));
    if (!content) throw notFound('Review template');
    return contentAsInput(content, name);
  },
});

const sectionsLoader = (ctx: Ctx) =>
  ctx.loaders.get(
    'reviewTemplates.sections',
    (ids) => groupBy(listSectionsByTemplateIds(ctx.services.db, orgOf(ctx), ids), (s) => s.template_id),
    [] as ReviewTemplateSectionRow[],
  );

export const reviewTemplateResolvers = {
  ...templateResolvers(reviewTemplates, {
    list: 'reviewTemplates',
    listFlag: 'includeArchived',
    one: 'reviewTemplate',
    create: 'createReviewTemplate',
    copy: 'copyReviewTemplate',
    update: 'updateReviewTemplate',
    archive: 'archiveReviewTemplate',
    restore: 'restoreReviewTemplate',
  }),
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
    questions: (s: ReviewTemplateSectionRow, _: unknown, ctx: Ctx) =>
      ctx.loaders
        .get(
          'reviewTemplates.questions',
          (ids) => groupBy(listQuestionsBySectionIds(ctx.services.db, orgOf(ctx), ids), (q) => q.section_id),
          [] as ReviewTemplateQuestionRow[],
        )
        .load(s.id),
  },
};
