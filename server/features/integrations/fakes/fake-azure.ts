import type { FakeOptions, FakeService } from './fake-service.js';

/** Stub of the contract: the fake Azure, filled in by its owner. */
export async function startFakeAzure(_options: FakeOptions = {}): Promise<FakeService> {
  throw new Error('The fake Azure is not built yet.');
}
