import type { FastifyInstance } from 'fastify';
import { massCreationSchema } from './mass-creation.schema.js';
import { massCreationMutations, massCreationQueries, massCreationSubscriptions } from './mass-creation.resolvers.js';
import { massCreationRoutes } from './mass-creation.routes.js';

/** Mass creation of users: GraphQL (massCreateUsers, massCreation, rollback, progress) and the CSV endpoints. */
export async function massCreationFeature(app: FastifyInstance): Promise<void> {
  app.graphql.extendSchema(massCreationSchema);
  app.graphql.defineResolvers({
    Query: massCreationQueries,
    Mutation: massCreationMutations,
    Subscription: massCreationSubscriptions,
  } as never);
  // Its own plugin, so the text/csv body parser and the error handler stay scoped to these routes.
  await app.register(massCreationRoutes);
}
