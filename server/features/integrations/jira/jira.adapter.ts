import type { ProviderAdapter } from '../integrations.provider.js';

const notYet = (): never => { throw new Error('Jira is not built yet.'); };

/** Stub of the contract: the Jira adapter, filled in by its owner. */
export const jiraAdapter: ProviderAdapter = {
  provider: 'JIRA',
  test: async () => notYet(),
  listScopes: async () => notYet(),
  sync: async () => notYet(),
};
