import type { MercuriusContext } from 'mercurius';
import { badInput, conflict, forbidden, notFound } from '../../../shared/app-error.js';
import { feedbackTemplateInputSchema } from '../../../shared/feedback.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import { loadUser } from '../users/users.loaders.js';
import type { FeaturePart } from '../feature-part.js';
import {
  canManageFeedbackTemplate, copyFeedbackTemplateName, findFeedbackTemplateView, insertFeedbackTemplate, listFeedbackTemplates,
  setFeedbackTemplateArchived, updateFeedbackTemplateRow, type FeedbackTemplateView,
} from './feedback.templates.repo.js';

type Ctx = MercuriusContext;

/**
 * Request templates (docs/decisions/0048): question sets for feedback requests. Everyone signed in
 * reads them, creates and copies; the creator, the creator's manager and admins edit, archive and
 * restore. Built-ins (shared/feedback.ts) are never changed: copy one to edit it. A request keeps
 * its own copy of the questions (insertFeedbackRequest), so an edit never reaches a sent request.
 */

const BUILT_IN = 'Built-in templates cannot be changed; copy one to edit it.';

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
  return value;
}

function requireTemplate(ctx: Ctx, viewer: Viewer, id: string): FeedbackTemplateView {
  const t = findFeedbackTemplateView(ctx.services.db, viewer.organizationId, id);
  if (!t) throw notFound('Feedback template');
  return t;
}

function requireManageable(ctx: Ctx, id: string, action: 'edit' | 'archive'): { viewer: Viewer; template: FeedbackTemplateView } {
  const viewer = requireViewer(ctx);
  const template = requireTemplate(ctx, viewer, id);
  if (template.built_in) throw badInput(BUILT_IN);
  if (!canManageFeedbackTemplate(ctx.services.db, viewer, template)) {
    throw forbidden('Only the person who created this template, their manager and admins can change it. Copy it to make your own.');
  }
  if (action === 'edit' && template.archived) throw conflict('This template is archived. Restore it to edit it.');
  return { viewer, template };
}

export const feedbackTemplatesPart: FeaturePart = {
  resolvers: {
    Query: {
      feedbackTemplates: (_: unknown, args: { include_archived?: boolean | null }, ctx: Ctx) =>
        listFeedbackTemplates(ctx.services.db, requireViewer(ctx).organizationId, !!args.include_archived),
    },
    Mutation: {
      createFeedbackTemplate: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const data = parseInput(feedbackTemplateInputSchema, withoutNulls(args.input));
        return insertFeedbackTemplate(ctx.services.db, viewer.organizationId, data, viewer.userId);
      },
      copyFeedbackTemplate: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const t = requireTemplate(ctx, viewer, args.id);
        return insertFeedbackTemplate(ctx.services.db, viewer.organizationId, { name: copyFeedbackTemplateName(t.name), description: t.description, questions: [...t.questions] }, viewer.userId);
      },
      updateFeedbackTemplate: (_: unknown, args: { id: string; input: unknown; base_version: number }, ctx: Ctx) => {
        const { viewer, template } = requireManageable(ctx, args.id, 'edit');
        const data = parseInput(feedbackTemplateInputSchema, withoutNulls(args.input));
        return updateFeedbackTemplateRow(ctx.services.db, viewer.organizationId, template.id, data, args.base_version);
      },
      archiveFeedbackTemplate: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { viewer, template } = requireManageable(ctx, args.id, 'archive');
        return template.archived ? template : setFeedbackTemplateArchived(ctx.services.db, viewer.organizationId, template.id, true);
      },
      restoreFeedbackTemplate: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { viewer, template } = requireManageable(ctx, args.id, 'archive');
        return template.archived ? setFeedbackTemplateArchived(ctx.services.db, viewer.organizationId, template.id, false) : template;
      },
    },
    FeedbackTemplate: {
      created_by: (t: FeedbackTemplateView, _: unknown, ctx: Ctx) => loadUser(ctx, t.created_by),
      can_manage: (t: FeedbackTemplateView, _: unknown, ctx: Ctx) => !!ctx.viewer && canManageFeedbackTemplate(ctx.services.db, ctx.viewer, t),
    },
  },
};
