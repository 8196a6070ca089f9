import type { MercuriusContext } from 'mercurius';
import { requireViewer } from '../../graphql/context.js';
import { topics } from '../../graphql/pubsub.js';
import type { Services } from '../../services.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { findReadableFeedback, type FeedbackRow } from './feedback.read.repo.js';

type Ctx = MercuriusContext;

/**
 * The praise wall, live (docs/decisions/0060): after public praise is given or deleted, or a
 * reaction to it is added or taken back, the organization's subscribers are told the praise's id,
 * and nothing more. Call it after the write is committed.
 */
export function praiseChanged(services: Services, organizationId: string, feedbackId: string): void {
  services.pubsub.publish(topics.praiseWallChanged(organizationId), feedbackId);
}

/**
 * praiseWallChanged: each change of the viewer's organization's praise wall, as the wall shows it to
 * the viewer. The event is read for each subscriber with the praise wall's own rule (public praise
 * of the organization that the viewer may read, with their own `mine` on the reactions); anything
 * else, a deleted praise, or the area switched off, is `feedback: null`: the wall drops that id.
 */
const feedbackLiveResolvers = {
  Subscription: {
    praiseWallChanged: {
      subscribe: (_: unknown, __: unknown, ctx: Ctx) => ctx.services.pubsub.subscribe<string>(topics.praiseWallChanged(requireViewer(ctx).organizationId)),
      resolve: (feedbackId: string, _: unknown, ctx: Ctx): { id: string; feedback: FeedbackRow | null } => {
        const viewer = requireViewer(ctx);
        const { db } = ctx.services;
        const row = isFeatureAreaOn(db, viewer.organizationId, 'CONTINUOUS_FEEDBACK') ? findReadableFeedback(db, viewer, feedbackId) : undefined;
        return { id: feedbackId, feedback: row?.visibility === 'PUBLIC' ? row : null };
      },
    },
  },
};

export const feedbackLivePart: FeaturePart = { resolvers: feedbackLiveResolvers };
