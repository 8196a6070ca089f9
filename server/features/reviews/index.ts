import type { FastifyInstance } from 'fastify';
import { withFeatureArea } from '../feature-areas/feature-areas.guard.js';
import { registerReviewAutomation } from './reviews.automation.run.js';
import { reviewAutomationResolvers } from './reviews.automation.resolvers.js';
import { reviewAutomationSchema } from './reviews.automation.schema.js';
import { reviewCyclesSchema } from './reviews.cycles.schema.js';
import { reviewCycleResolvers } from './reviews.cycles.resolvers.js';
import { reviewResultsExportRoutes } from './reviews.export.routes.js';
import { reviewNominationResolvers } from './reviews.nominations.resolvers.js';
import { reviewProgressResolvers, reviewProgressSchema } from './reviews.progress.graphql.js';
import { registerReviewReminders } from './reviews.reminders.js';
import { registerNominationNotices } from './reviews.nominations.notices.js';
import { reviewReleaseResolvers, reviewReleaseSchema } from './reviews.release.graphql.js';
import { reviewSetupResolvers, reviewSetupSchema } from './reviews.setup.graphql.js';
import { reviewReminderSettingsResolvers, reviewReminderSettingsSdl } from './reviews.reminders.graphql.js';
import { reviewRequestResolvers } from './reviews.requests.resolvers.js';
import { reviewResultsResolvers, reviewResultsSchema } from './reviews.results.graphql.js';
import { reviewTemplateResolvers } from './reviews.templates.resolvers.js';
import { reviewTemplatesSchema } from './reviews.templates.schema.js';
import { reviewCompetenciesResolvers, reviewCompetenciesSchema } from './reviews.competencies.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { reviewsRules } from './reviews.rules.js';

/**
 * 360 and sprint reviews: templates, then cycles with their peer nominations, requests and answers,
 * results (GraphQL and CSV), team progress, reminders and automation rules (team sprints: server/features/sprints).
 * All of it closes when an admin switches the REVIEWS area off (feature-areas.guard.ts).
 */
export async function reviewsFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, reviewsRules);
  app.graphql.extendSchema(reviewTemplatesSchema);
  app.graphql.extendSchema(reviewCyclesSchema);
  app.graphql.extendSchema(reviewResultsSchema);
  app.graphql.extendSchema(reviewProgressSchema);
  app.graphql.extendSchema(reviewAutomationSchema);
  app.graphql.extendSchema(reviewReminderSettingsSdl);
  app.graphql.extendSchema(reviewSetupSchema);
  app.graphql.extendSchema(reviewReleaseSchema);
  app.graphql.extendSchema(reviewCompetenciesSchema);
  for (const resolvers of [
    reviewTemplateResolvers,
    reviewCycleResolvers,
    reviewNominationResolvers,
    reviewRequestResolvers,
    reviewResultsResolvers,
    reviewProgressResolvers,
    reviewAutomationResolvers,
    reviewReminderSettingsResolvers,
    reviewSetupResolvers,
    reviewReleaseResolvers,
    reviewCompetenciesResolvers,
  ]) {
    app.graphql.defineResolvers(withFeatureArea('REVIEWS', resolvers) as never);
  }
  await app.register(reviewResultsExportRoutes);
  registerReviewReminders(app);
  registerNominationNotices(app);
  registerReviewAutomation(app);
}
