import type { FastifyInstance } from 'fastify';
import { reviewTemplateResolvers } from './reviews.templates.resolvers.js';
import { reviewTemplatesSchema } from './reviews.templates.schema.js';

/** 360 and sprint reviews. Templates first; cycles, requests and results build on them. */
export async function reviewsFeature(app: FastifyInstance): Promise<void> {
  app.graphql.extendSchema(reviewTemplatesSchema);
  app.graphql.defineResolvers(reviewTemplateResolvers as never);
}
