import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { rateLimited } from '../../../shared/app-error.js';
import { engagementEventSchema } from '../../../shared/engagement.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { insertEngagementEvent } from './engagement.repo.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { engagementRules } from './engagement.rules.js';

const schema = /* GraphQL */ `
  extend type Mutation {
    "The viewer stayed 1, 10 or 30 minutes on a route. path is the route template (ids replaced, e.g. /profile/user-profile/$id)."
    recordEngagement(path: String!, minutes: Int!): Boolean!
  }
`;

/** Three events per route visit at most; far more than a person can cause in an hour. */
const EVENTS_PER_USER_PER_HOUR = 240;

/** Engagement events (route timers) recorded for the viewer's organization. */
export async function engagementFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, engagementRules);
  const limiter = new RateLimiter(EVENTS_PER_USER_PER_HOUR, 60 * 60_000);
  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Mutation: {
      recordEngagement: (_: unknown, args: unknown, ctx: MercuriusContext) => {
        const viewer = requireViewer(ctx);
        const input = parseInput(engagementEventSchema, args);
        if (!limiter.take(viewer.userId)) throw rateLimited('Too many engagement events. Try again later.');
        insertEngagementEvent(ctx.services.db, { organizationId: viewer.organizationId, userId: viewer.userId, path: input.path, minutes: input.minutes });
        return true;
      },
    },
  } as never);
}
