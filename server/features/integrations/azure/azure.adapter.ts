import type { ProviderAdapter } from '../integrations.provider.js';

const notYet = (): never => { throw new Error('Azure is not built yet.'); };

/** Stub of the contract: the Azure adapter, filled in by its owner. */
export const azureAdapter: ProviderAdapter = {
  provider: 'AZURE_BOARDS',
  test: async () => notYet(),
  listScopes: async () => notYet(),
  sync: async () => notYet(),
};
