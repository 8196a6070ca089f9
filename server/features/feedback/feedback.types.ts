import type { MercuriusContext } from 'mercurius';
import { loadAnyUser, loadUser } from '../users/users.loaders.js';
import { reactionsOfFeedback, tagsOfFeedback, tagUses, type FeedbackRow, type FeedbackTagRow, type ReactionCount } from './feedback.read.repo.js';

import { DAY_MS } from '../../../shared/dates.days.js';

type Ctx = MercuriusContext;

/** The giver may delete an item within this long of giving it, 24 hours (answers to a request stay). */
export const FEEDBACK_DELETE_WINDOW_MS = DAY_MS;

const orgOf = (ctx: Ctx): string => ctx.viewer?.organizationId ?? '';

/** May the viewer delete this item now: its giver, within 24 hours, and not an answer to a request. */
export function canDeleteFeedback(row: Pick<FeedbackRow, 'giver_id' | 'created_at' | 'request_id'>, viewerId: string | undefined, now: number): boolean {
  return !!viewerId && row.giver_id === viewerId && !row.request_id && now - Date.parse(row.created_at) < FEEDBACK_DELETE_WINDOW_MS;
}

/**
 * Resolvers of the Feedback and FeedbackTag types, for every part that returns them (myFeedback,
 * praiseWall, feedbackItem, feedbackAbout, FeedbackRequest.answers). They take `feedback` rows as
 * stored (FeedbackRow) that the caller already found readable (readableFeedback in its WHERE) and
 * tag rows (with `uses` when the list counted them). Tags, reactions and people are batched per
 * query level: a page costs a constant number of statements.
 */
export function feedbackTypeResolvers() {
  return {
    Feedback: {
      giver: (f: FeedbackRow, _: unknown, ctx: Ctx) => loadUser(ctx, f.giver_id),
      recipient: (f: FeedbackRow, _: unknown, ctx: Ctx) => loadAnyUser(ctx, f.recipient_id),
      tags: (f: FeedbackRow, _: unknown, ctx: Ctx) =>
        ctx.loaders.get<FeedbackTagRow[]>('feedback.tags', (ids) => tagsOfFeedback(ctx.services.db, orgOf(ctx), ids), []).load(f.id),
      answers: (f: FeedbackRow) => f.answers ?? null,
      reactions: (f: FeedbackRow, _: unknown, ctx: Ctx) =>
        f.visibility !== 'PUBLIC'
          ? []
          : ctx.loaders
              .get<ReactionCount[]>('feedback.reactions', (ids) => reactionsOfFeedback(ctx.services.db, orgOf(ctx), ctx.viewer?.userId ?? '', ids), [])
              .load(f.id),
      slack_shared: (f: FeedbackRow) => f.slack_shared_at !== null,
      // A cached answer may say so up to the cache's minute longer: deleteFeedback checks again.
      can_delete: (f: FeedbackRow, _: unknown, ctx: Ctx) => canDeleteFeedback(f, ctx.viewer?.userId, ctx.services.scheduler.now()),
    },
    FeedbackTag: {
      archived: (t: FeedbackTagRow) => t.archived_at !== null,
      uses: (t: FeedbackTagRow & { uses?: number }, _: unknown, ctx: Ctx) =>
        typeof t.uses === 'number' ? t.uses : ctx.loaders.get<number>('feedback.tagUses', (ids) => tagUses(ctx.services.db, ids), 0).load(t.id),
    },
  };
}
