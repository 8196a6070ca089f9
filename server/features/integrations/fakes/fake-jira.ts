import type { FakeOptions, FakeService } from './fake-service.js';

/** Stub of the contract: the fake Jira, filled in by its owner. */
export async function startFakeJira(_options: FakeOptions = {}): Promise<FakeService> {
  throw new Error('The fake Jira is not built yet.');
}
