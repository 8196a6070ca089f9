import type { ProviderAdapter } from '../integrations.provider.js';

const notYet = (): never => { throw new Error('Bitbucket is not built yet.'); };

/** Stub of the contract: the Bitbucket adapter, filled in by its owner. */
export const bitbucketAdapter: ProviderAdapter = {
  provider: 'BITBUCKET',
  test: async () => notYet(),
  listScopes: async () => notYet(),
  sync: async () => notYet(),
};
