import type { FastifyInstance } from 'fastify';
import type { FeatureArea } from '../../../shared/feature-areas.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { withFeatureArea } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { growthRules } from './growth.rules.js';
import { growthSchema } from './growth.schema.js';
import { growthFrameworkPart } from './growth.framework.js';
import { growthAssessmentsPart } from './growth.assessments.js';
import { growthPlansPart } from './growth.plans.js';
import { growthTeamProgressPart } from './growth.team-progress.js';

/**
 * The competency framework, assessments and development plans (docs/decisions/0050): tracks, levels,
 * competencies and placements (framework, area DEVELOPMENT_PLAN), self and manager assessments
 * (assessments, area ASSESSMENT), development plans and their actions (plans, area DEVELOPMENT_PLAN),
 * and the managers' view of them (team-progress, area TEAM_PROGRESS).
 */
export async function growthFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, growthRules);
  app.graphql.extendSchema(growthSchema);
  const parts: Array<[FeatureArea, FeaturePart]> = [
    ['DEVELOPMENT_PLAN', growthFrameworkPart],
    ['ASSESSMENT', growthAssessmentsPart],
    ['DEVELOPMENT_PLAN', growthPlansPart],
    ['TEAM_PROGRESS', growthTeamProgressPart],
  ];
  for (const [area, part] of parts) app.graphql.defineResolvers(withFeatureArea(area, part.resolvers) as never);
  for (const [, part] of parts) await part.register?.(app);
}
