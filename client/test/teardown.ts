/**
 * How every client test ends (client/test/setup.ts runs endTest after the file's own afterEach
 * hooks). Client test files share a worker's modules (vitest.config.ts, isolate: false), so what a
 * test started must be over before the next test begins, in this file or the next (docs/decisions/0074).
 * Kept apart from render-route.tsx: the set-up imports this module before a file's vi.mock applies,
 * so nothing here may import the app's screens.
 */
import type { QueryClient } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { closeAlert } from '../lib/alerts.js';
import { auth } from '../lib/auth.js';
import { dropQueuedQueries } from '../lib/graphql.js';
import { modalStore } from '../lib/modals.js';
import { createQueryClient } from '../lib/query-client.js';
import { fakeApi } from './fixtures.js';
import { refuseAnswersInFlight } from './graphql-stub.js';

/** The query clients of the test that is running. */
const clients = new Set<QueryClient>();

/** The app's QueryClient for a test: every screen a test renders gets one from here. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  clients.add(client);
  return client;
}

/**
 * The test's query clients cancel their queries and let their mutations settle (their answers are
 * in, or refused by refuseAnswersInFlight), then are emptied. Waits up to `ms` for the mutations.
 */
async function settleQueryClients(ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  for (const client of clients) {
    await client.cancelQueries();
    while (client.isMutating() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    client.clear();
  }
  clients.clear();
}

/** Signs the app's session out, as a tab that has not signed in starts. */
export async function signOut(): Promise<void> {
  const { api } = fakeApi(async () => null);
  Object.assign(auth, { api });
  await auth.check();
}

/**
 * Ends a test: the screen is unmounted; the stubbed answers still on their way are refused and the
 * queries waiting for their batch dropped; the test's query clients cancel their queries and their
 * mutations settle; one turn of the event loop lets the last callbacks run (a mutation's success
 * alert); only then are the stubbed globals restored and the app's module-level stores emptied: the
 * one alert, the open modals, the session (signed out).
 */
export async function endTest(): Promise<void> {
  cleanup();
  refuseAnswersInFlight();
  dropQueuedQueries();
  await settleQueryClients();
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
  closeAlert();
  modalStore.set({ navigationModal: false, onboardingQuestion: false });
  await signOut();
}
