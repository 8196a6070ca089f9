import type { MercuriusContext } from 'mercurius';
import { badInput, notFound } from '../../../shared/app-error.js';
import { feedbackTagInputSchema } from '../../../shared/feedback.js';
import { requireAdmin, requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { FeaturePart } from '../feature-part.js';
import type { Viewer } from '../auth/viewer.js';
import {
  findFeedbackTag,
  findFeedbackTagByName,
  insertFeedbackTag,
  listFeedbackTags,
  updateFeedbackTagRow,
  type FeedbackTagData,
} from './feedback.tags.repo.js';
import { nowIso } from '../../lib/tokens.js';
import type { FeedbackTagRow } from './feedback.read.repo.js';

type Ctx = MercuriusContext;

/** GraphQL inputs may carry nulls where the shared schemas expect a missing key. */
const withoutNulls = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== null));

function requireTag(ctx: Ctx, viewer: Viewer, id: string): FeedbackTagRow {
  const tag = findFeedbackTag(ctx.services.db, viewer.organizationId, id);
  if (!tag) throw notFound('Tag');
  return tag;
}

function parseTag(ctx: Ctx, viewer: Viewer, input: Record<string, unknown>, exceptId?: string): FeedbackTagData {
  const data = parseInput(feedbackTagInputSchema, withoutNulls(input));
  if (findFeedbackTagByName(ctx.services.db, viewer.organizationId, data.name, exceptId)) {
    const message = `A tag named "${data.name}" already exists (archived tags count too).`;
    throw badInput(message, { fields: { name: message } });
  }
  return data;
}

/**
 * The organization's values and competencies that feedback is tagged with (docs/decisions/0048).
 * Everyone reads the active ones (the give form); admins keep the list: create, rename, archive
 * (no longer offered, kept on the feedback that carries it) and restore. Names are unique per
 * organization whatever their case.
 */
export const feedbackTagsPart: FeaturePart = {
  resolvers: {
    Query: {
      feedbackTags: (_: unknown, args: { include_archived?: boolean | null }, ctx: Ctx) =>
        listFeedbackTags(ctx.services.db, requireViewer(ctx).organizationId, !!args.include_archived),
    },
    Mutation: {
      createFeedbackTag: (_: unknown, args: { input: Record<string, unknown> }, ctx: Ctx) => {
        const viewer = requireAdmin(ctx);
        return insertFeedbackTag(ctx.services.db, viewer.organizationId, parseTag(ctx, viewer, args.input));
      },
      updateFeedbackTag: (_: unknown, args: { id: string; input: Record<string, unknown> }, ctx: Ctx) => {
        const viewer = requireAdmin(ctx);
        const tag = requireTag(ctx, viewer, args.id);
        return updateFeedbackTagRow(ctx.services.db, viewer.organizationId, tag.id, parseTag(ctx, viewer, args.input, tag.id));
      },
      archiveFeedbackTag: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const viewer = requireAdmin(ctx);
        const tag = requireTag(ctx, viewer, args.id);
        return tag.archived_at ? tag : updateFeedbackTagRow(ctx.services.db, viewer.organizationId, tag.id, { archived_at: nowIso() });
      },
      restoreFeedbackTag: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const viewer = requireAdmin(ctx);
        const tag = requireTag(ctx, viewer, args.id);
        return tag.archived_at ? updateFeedbackTagRow(ctx.services.db, viewer.organizationId, tag.id, { archived_at: null }) : tag;
      },
    },
  },
};
