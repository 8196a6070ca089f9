// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

// jsdom has no scrolling; the router restores scroll positions.
window.scrollTo = () => undefined;
import { auth } from './lib/auth.js';
import { createQueryClient } from './lib/query-client.js';
import { SessionManager } from './lib/session.js';
import { createAppRouter } from './router.js';
import { fakeApi, sessionWith, tokenExpiringAt } from './test/fixtures.js';

function renderAt(path: string, session: SessionManager) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, auth: session }, createMemoryHistory({ initialEntries: [path] }));
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Answers POST /graphql like the server would for a signed-in person. */
function stubGraphql(permissionLevel: 'ADMIN' | 'MEMBER') {
  const me = { id: 'user-1', full_name: 'Ken Thompson', email: 'ken@example.com', role: 'Software Engineer', permission_level: permissionLevel, team: null, manager: null };
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith('/graphql')) return new Response('{}', { status: 404 });
    const body = JSON.parse(String(init?.body)) as { operationName?: string };
    const data = body.operationName === 'Me' ? { findOneUser: me } : body.operationName === 'WidgetPreferences' ? { userWidgetPreferences: { user_id: 'user-1', enabled_widgets: ['MY_GOALS'] } } : {};
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
  }));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('an unauthenticated visit to an authenticated route goes to /login with SessionRequired and the callbackUrl', async () => {
  const { api } = fakeApi(async () => null);
  const router = renderAt('/profile/user-profile?tab=work', new SessionManager({ api }));
  expect(await screen.findByRole('heading', { name: 'Sign in to Teamlens' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/login');
  expect(router.state.location.search).toEqual({ error: 'SessionRequired', callbackUrl: '/profile/user-profile?tab=work' });
  expect(screen.getByText('Please sign in to access this page.')).toBeTruthy();
});

it('the admin area also needs a session', async () => {
  const { api } = fakeApi(async () => null);
  const router = renderAt('/admin/settings/users', new SessionManager({ api }));
  await screen.findByRole('heading', { name: 'Sign in to Teamlens' });
  expect(router.state.location.search).toMatchObject({ callbackUrl: '/admin/settings/users' });
});

it('public pages need no session', async () => {
  const { api, calls } = fakeApi(async () => null);
  renderAt('/privacy-policy', new SessionManager({ api }));
  expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeTruthy();
  expect(calls.signOut).toBe(0);
});

it('a signed-in member sees their dashboard, and the admin area says not allowed', async () => {
  stubGraphql('MEMBER');
  // The GraphQL client takes its token from the app's session.
  const { api } = fakeApi(async () => sessionWith(tokenExpiringAt(Math.floor(Date.now() / 1000) + 120)));
  Object.assign(auth, { api });
  const router = renderAt('/home/dashboard', auth);
  expect(await screen.findByRole('heading', { name: 'Welcome, Ken Thompson' })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'My goals' })).toBeTruthy();
  await router.navigate({ to: '/admin/settings/users' });
  expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull();
});

it('an admin gets into the admin area', async () => {
  stubGraphql('ADMIN');
  const { api } = fakeApi(async () => sessionWith(tokenExpiringAt(Math.floor(Date.now() / 1000) + 120)));
  Object.assign(auth, { api });
  await auth.check();
  renderAt('/admin/settings/users', auth);
  expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeTruthy();
  expect(screen.queryByText('Not allowed')).toBeNull();
});
