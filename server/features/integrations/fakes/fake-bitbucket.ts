import type { FakeOptions, FakeService } from './fake-service.js';

/** Stub of the contract: the fake Bitbucket, filled in by its owner. */
export async function startFakeBitbucket(_options: FakeOptions = {}): Promise<FakeService> {
  throw new Error('The fake Bitbucket is not built yet.');
}
