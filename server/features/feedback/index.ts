import type { FastifyInstance } from 'fastify';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { withFeatureArea } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { feedbackRules } from './feedback.rules.js';
import { feedbackSchema } from './feedback.schema.js';
import { feedbackGivePart } from './feedback.give.js';
import { feedbackTagsPart } from './feedback.tags.js';
import { feedbackRequestsPart } from './feedback.requests.js';
import { feedbackTemplatesPart } from './feedback.templates.js';
import { feedbackProgressPart } from './feedback.progress.js';
import { feedbackAutomationPart } from './feedback.automation.js';
import { feedbackLivePart } from './feedback.live.js';

/**
 * Continuous feedback (docs/decisions/0048): giving and reading feedback and praise (give), the
 * organization's values and competencies (tags), requests and answers (requests), request question
 * sets (templates), team progress and nudges (progress), periodic requests and reminders
 * (automation), the live praise wall (live). All of it closes when an admin switches CONTINUOUS_FEEDBACK off.
 */
export async function feedbackFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, feedbackRules);
  app.graphql.extendSchema(feedbackSchema);
  const parts: FeaturePart[] = [
    feedbackGivePart,
    feedbackTagsPart,
    feedbackRequestsPart,
    feedbackTemplatesPart,
    feedbackProgressPart,
    feedbackAutomationPart,
    feedbackLivePart,
  ];
  for (const part of parts) app.graphql.defineResolvers(withFeatureArea('CONTINUOUS_FEEDBACK', part.resolvers) as never);
  for (const part of parts) await part.register?.(app);
}
