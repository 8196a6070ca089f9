import type { FastifyInstance } from 'fastify';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { withFeatureArea } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { insightsRules } from './insights.rules.js';
import { insightsSchema } from './insights.schema.js';
import { insightsTeamPart } from './insights.team.js';
import { insightsIndividualPart } from './insights.individual.js';

/**
 * Team and individual insights (docs/decisions/0051): metrics of shared/insights.ts computed from the
 * canonical ext_* tables the integrations fill, beside the product's own data (reviews, feedback,
 * goals, retros). All of it closes when an admin switches INSIGHTS off.
 */
export async function insightsFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, insightsRules);
  app.graphql.extendSchema(insightsSchema);
  const parts: FeaturePart[] = [insightsTeamPart, insightsIndividualPart];
  for (const part of parts) app.graphql.defineResolvers(withFeatureArea('INSIGHTS', part.resolvers) as never);
  for (const part of parts) await part.register?.(app);
}
