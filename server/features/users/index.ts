import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { requireViewer } from '../../graphql/context.js';
import { topics } from '../../graphql/pubsub.js';
import { identitySchema } from './users.schema.js';
import { userFields, userQueries } from './users.resolvers.js';
import { userMutations } from './users.mutations.js';
import { userRelationFields } from './users.loaders.js';
import { findUserById } from './users.repo.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { usersRules } from './users.rules.js';

export async function usersFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, usersRules);
  app.graphql.extendSchema(identitySchema);
  app.graphql.defineResolvers({
    Query: userQueries,
    Mutation: userMutations,
    User: { ...userFields, ...userRelationFields },
    Subscription: {
      userUpdated: {
        // The topic is the caller's own id: nobody hears another person's updates.
        subscribe: (_: unknown, __: unknown, ctx: MercuriusContext) => ctx.services.pubsub.subscribe(topics.userUpdated(requireViewer(ctx).userId)),
        resolve: (_event: unknown, _: unknown, ctx: MercuriusContext) => {
          const viewer = requireViewer(ctx);
          return findUserById(ctx.services.db, viewer.organizationId, viewer.userId) ?? null;
        },
      },
    },
  } as never);
}
