import type { FastifyInstance } from 'fastify';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { withFeatureArea } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { goalsRules } from './goals.rules.js';
import { goalsSchema } from './goals.schema.js';
import { goalsCrudPart } from './goals.crud.js';
import { goalsCheckInsPart } from './goals.check-ins.js';
import { goalsTreePart } from './goals.tree.js';
import { goalsRemindersPart } from './goals.reminders.js';
import { goalsCsvPart } from './goals.csv.js';
import { goalsInPeriodPart } from './goals.in-period.js';

/**
 * Goals with key results (docs/decisions/0049): goals, key results and their roll-up (crud),
 * check-ins and their history (check-ins), the alignment tree and team goals (tree), reminders,
 * notifications and the organization's settings (reminders), CSV import and export (csv). All of it
 * closes when an admin switches GOALS off.
 */
export async function goalsFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, goalsRules);
  app.graphql.extendSchema(goalsSchema);
  const parts: FeaturePart[] = [goalsCrudPart, goalsCheckInsPart, goalsTreePart, goalsRemindersPart, goalsCsvPart, goalsInPeriodPart];
  for (const part of parts) app.graphql.defineResolvers(withFeatureArea('GOALS', part.resolvers) as never);
  for (const part of parts) await part.register?.(app);
}
