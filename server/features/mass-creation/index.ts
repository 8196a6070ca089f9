import type { FastifyInstance } from 'fastify';
import { massCreationSchema } from './mass-creation.schema.js';
import { massCreationMutations, massCreationQueries, massCreationSubscriptions } from './mass-creation.resolvers.js';
import { massCreationRoutes } from './mass-creation.routes.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { massCreationRules } from './mass-creation.rules.js';

/** Mass creation of users: GraphQL (massCreateUsers, massCreation, rollback, progress) and the CSV endpoints. */
export async function massCreationFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, massCreationRules);
  app.graphql.extendSchema(massCreationSchema);
  app.graphql.defineResolvers({
    Query: massCreationQueries,
    Mutation: massCreationMutations,
    Subscription: massCreationSubscriptions,
  } as never);
  // Its own plugin, so the text/csv body parser and the error handler stay scoped to these routes.
  await app.register(massCreationRoutes);
}
