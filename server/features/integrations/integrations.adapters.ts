import type { IntegrationProvider } from '../../../shared/integrations.js';
import type { ProviderAdapter } from './integrations.provider.js';
import { githubAdapter } from './github/github.adapter.js';
import { bitbucketAdapter } from './bitbucket/bitbucket.adapter.js';
import { jiraAdapter } from './jira/jira.adapter.js';
import { azureAdapter } from './azure/azure.adapter.js';
import { slackAdapter } from './slack/slack.adapter.js';

const ADAPTERS: Record<IntegrationProvider, ProviderAdapter> = {
  GITHUB: githubAdapter, BITBUCKET: bitbucketAdapter, JIRA: jiraAdapter, AZURE_BOARDS: azureAdapter, SLACK: slackAdapter,
};

/** The adapter of a provider (the one place that knows them all). */
export function adapterFor(provider: IntegrationProvider): ProviderAdapter {
  return ADAPTERS[provider];
}
