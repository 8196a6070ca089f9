import type { IntegrationProvider } from '../../../shared/integrations.js';
import type { Db } from '../../db/connection.js';
import type { ProviderAdapter } from './integrations.provider.js';
import { githubAdapter } from './github/github.adapter.js';
import { bitbucketAdapter } from './bitbucket/bitbucket.adapter.js';
import { jiraAdapter } from './jira/jira.adapter.js';
import { azureAdapter } from './azure/azure.adapter.js';
import { slackAdapter } from './slack/slack.adapter.js';
import { countActionIssues } from './integrations.connections.repo.js';
import { createSampleAdapter } from './integrations.sample-adapter.js';

const ADAPTERS: Record<IntegrationProvider, ProviderAdapter> = {
  GITHUB: githubAdapter,
  BITBUCKET: bitbucketAdapter,
  JIRA: jiraAdapter,
  AZURE_BOARDS: azureAdapter,
  SLACK: slackAdapter,
};

/** The adapter of a provider (the one place that knows them all). */
export function adapterFor(provider: IntegrationProvider): ProviderAdapter {
  return ADAPTERS[provider];
}

/**
 * The adapter that answers a stored connection: a sample connection's is the sample data set itself,
 * in this process (integrations.sample-adapter.ts, docs/decisions/0064); any other, its provider's.
 */
export function adapterOf(db: Db, connection: { provider: IntegrationProvider; sample?: boolean; is_sample?: boolean }): ProviderAdapter {
  const sample = connection.sample ?? connection.is_sample ?? false;
  if (sample && (connection.provider === 'GITHUB' || connection.provider === 'JIRA')) {
    return createSampleAdapter(connection.provider, (connectionId, scope) => countActionIssues(db, connectionId, scope));
  }
  return ADAPTERS[connection.provider];
}
