import type { FastifyInstance } from 'fastify';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { withFeatureArea } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { integrationsRules } from './integrations.rules.js';
import { integrationsSchema } from './integrations.schema.js';
import { integrationsConnectionsPart } from './integrations.connections.js';
import { integrationsSyncPart } from './integrations.sync.js';
import { integrationsWebhooksPart } from './integrations.webhooks.js';
import { integrationsPeoplePart } from './integrations.people.js';
import { integrationsCodeProcessPart } from './integrations.code-process.js';
import { integrationsSamplePart } from './integrations.sample.js';
import { integrationsRetroActionsPart } from './integrations.retro-actions.js';

/**
 * Integrations (docs/decisions/0051): connections and credentials (connections), the sync engine on
 * the scheduler (sync), webhooks (webhooks), people matching (people), the code process
 * (code-process), the sample data set (sample), retro action items sent to trackers
 * (retro-actions). Provider adapters live in github/, bitbucket/, jira/, azure/, slack/; the fake
 * services that speak their APIs (tests, the sample data set, the bench) in fakes/.
 * All of it closes when an admin switches INTEGRATIONS off.
 */
export async function integrationsFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, integrationsRules);
  app.graphql.extendSchema(integrationsSchema);
  const parts: FeaturePart[] = [
    integrationsConnectionsPart,
    integrationsSyncPart,
    integrationsWebhooksPart,
    integrationsPeoplePart,
    integrationsCodeProcessPart,
    integrationsSamplePart,
    integrationsRetroActionsPart,
  ];
  for (const part of parts) app.graphql.defineResolvers(withFeatureArea('INTEGRATIONS', part.resolvers) as never);
  for (const part of parts) await part.register?.(app);
}
