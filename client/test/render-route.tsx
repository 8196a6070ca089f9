/**
 * Renders the real app router at a path with a real QueryClient, as the app does, for component
 * tests in jsdom. Pair it with stubGraphql (./graphql-stub.ts) so the network answers like the server.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { beforeEach } from 'vitest';
import { auth } from '../lib/auth.js';
import type { SessionManager } from '../lib/session.js';
import { createAppRouter } from '../router.js';
import { fakeApi, sessionWith, tokenExpiringAt } from './fixtures.js';
import { testQueryClient } from './teardown.js';

export { testQueryClient };

/** Gives the app's session (`auth`) a signed-in session whose token expires in `expiresInSeconds`. */
export async function signIn({ expiresInSeconds = 120 } = {}): Promise<void> {
  const { api } = fakeApi(async () => sessionWith(tokenExpiringAt(Math.floor(Date.now() / 1000) + expiresInSeconds)));
  Object.assign(auth, { api });
  await auth.check();
}

/** Renders the app at `path`; the session is the app's `auth` unless another one is given. */
export function renderRoute(path: string, { session = auth }: { session?: SessionManager } = {}) {
  // jsdom has no scrolling (the router restores scroll positions) and no CSS.escape (forms focus the first bad field).
  window.scrollTo = () => undefined;
  (globalThis as { CSS?: { escape?: (v: string) => string } }).CSS ??= { escape: (v: string) => v };
  const queryClient = testQueryClient();
  const router = createAppRouter({ queryClient, auth: session }, createMemoryHistory({ initialEntries: [path] }));
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** Signs in, then renders the app at `path`. */
export async function renderSignedIn(path: string) {
  await signIn();
  return renderRoute(path);
}

/**
 * Each test starts with empty localStorage. (Every client test ends unmounted, its unfinished work
 * settled and its stubbed globals restored: client/test/setup.ts.)
 */
export function cleanUpBetweenTests(): void {
  beforeEach(() => localStorage.clear());
}
