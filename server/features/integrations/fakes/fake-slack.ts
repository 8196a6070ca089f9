import type { FakeOptions, FakeService } from './fake-service.js';

/** Stub of the contract: the fake Slack, filled in by its owner. */
export async function startFakeSlack(_options: FakeOptions = {}): Promise<FakeService> {
  throw new Error('The fake Slack is not built yet.');
}
