import type { FastifyInstance } from 'fastify';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { withFeatureArea } from '../feature-areas/feature-areas.guard.js';
import { sprintsRules } from './sprints.rules.js';
import { sprintResolvers } from './sprints.resolvers.js';
import { sprintsSchema } from './sprints.schema.js';

/**
 * Team sprints (docs/decisions/0073): their own module, read by review, retro and feedback automation
 * and by retros (sprints.repo.ts). Planned on the review automation screen, so the operations keep
 * closing with the REVIEWS area, as when they were part of reviews.
 */
export async function sprintsFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, sprintsRules);
  app.graphql.extendSchema(sprintsSchema);
  app.graphql.defineResolvers(withFeatureArea('REVIEWS', sprintResolvers) as never);
}
