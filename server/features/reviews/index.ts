import type { FastifyInstance } from 'fastify';
import { reviewCyclesSchema } from './reviews.cycles.schema.js';
import { reviewCycleResolvers } from './reviews.cycles.resolvers.js';
import { reviewNominationResolvers } from './reviews.nominations.resolvers.js';
import { reviewRequestResolvers } from './reviews.requests.resolvers.js';
import { reviewTemplateResolvers } from './reviews.templates.resolvers.js';
import { reviewTemplatesSchema } from './reviews.templates.schema.js';

/** 360 and sprint reviews: templates, then cycles with their peer nominations, requests and answers. */
export async function reviewsFeature(app: FastifyInstance): Promise<void> {
  app.graphql.extendSchema(reviewTemplatesSchema);
  app.graphql.extendSchema(reviewCyclesSchema);
  for (const resolvers of [reviewTemplateResolvers, reviewCycleResolvers, reviewNominationResolvers, reviewRequestResolvers]) {
    app.graphql.defineResolvers(resolvers as never);
  }
}
