/**
 * Test kit for this task's client tests: renders the real app router at a path with a
 * real QueryClient, signed in, and answers POST /graphql by operation name.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { auth } from '../../lib/auth.js';
import { createQueryClient } from '../../lib/query-client.js';
import { createAppRouter } from '../../router.js';
import { fakeApi, sessionWith, tokenExpiringAt } from '../../test/fixtures.js';

export type GraphqlCall = { operationName: string; variables: Record<string, unknown> };
type Answer = (variables: Record<string, unknown>) => unknown;

export function meAs(permissionLevel: 'ADMIN' | 'MEMBER') {
  return { id: 'user-1', full_name: 'Ada Lovelace', email: 'ada@example.com', role: null, permission_level: permissionLevel, team: null, manager: null };
}

const DEFAULT_ANSWERS: Record<string, Answer> = {
  WidgetPreferences: () => ({ userWidgetPreferences: { user_id: 'user-1', enabled_widgets: ['MY_GOALS'] } }),
};

/** Stubs fetch: /graphql answers from `answers` (data per operation), other URLs from `rest`. */
export function stubFetch(answers: Record<string, Answer>, rest: (url: string, body: unknown) => Response = () => new Response('{}', { status: 404 })) {
  const calls: GraphqlCall[] = [];
  const restCalls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (!url.endsWith('/graphql')) {
      restCalls.push({ url, body });
      return rest(url, body);
    }
    const { operationName = '', variables = {} } = body as { operationName?: string; variables?: Record<string, unknown> };
    calls.push({ operationName, variables });
    const answer = answers[operationName] ?? DEFAULT_ANSWERS[operationName];
    const data = answer ? answer(variables) : {};
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
  }));
  return { calls, restCalls };
}

export async function signIn(): Promise<void> {
  const { api } = fakeApi(async () => sessionWith(tokenExpiringAt(Math.floor(Date.now() / 1000) + 120)));
  Object.assign(auth, { api });
  await auth.check();
}

export function renderRoute(path: string) {
  // jsdom has no scrolling; the router restores scroll positions.
  window.scrollTo = () => undefined;
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, auth }, createMemoryHistory({ initialEntries: [path] }));
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
