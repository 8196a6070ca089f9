import type { FakeOptions, FakeService } from './fake-service.js';

/** Stub of the contract: the fake GitHub, filled in by its owner. */
export async function startFakeGitHub(_options: FakeOptions = {}): Promise<FakeService> {
  throw new Error('The fake GitHub is not built yet.');
}
