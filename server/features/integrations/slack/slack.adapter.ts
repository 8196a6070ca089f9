import type { ProviderAdapter } from '../integrations.provider.js';

const notYet = (): never => { throw new Error('Slack is not built yet.'); };

/** Stub of the contract: the Slack adapter, filled in by its owner. */
export const slackAdapter: ProviderAdapter = {
  provider: 'SLACK',
  test: async () => notYet(),
  listScopes: async () => notYet(),
  sync: async () => notYet(),
};
