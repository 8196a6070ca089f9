import type { ProviderAdapter } from '../integrations.provider.js';

const notYet = (): never => { throw new Error('GitHub is not built yet.'); };

/** Stub of the contract: the GitHub adapter, filled in by its owner. */
export const githubAdapter: ProviderAdapter = {
  provider: 'GITHUB',
  test: async () => notYet(),
  listScopes: async () => notYet(),
  sync: async () => notYet(),
};
