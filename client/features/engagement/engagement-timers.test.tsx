// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { EngagementTimers, routeTemplateOf, type EngagementEvent } from './engagement-timers.js';
import { useEngagementTimers } from './use-engagement-timers.js';
import { testQueryClient } from '../../test/render-route.js';

const MINUTE = 60_000;
window.scrollTo = () => undefined;

beforeEach(() => {
  // Only timers are faked; the clock still moves so the router's own work runs.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('fires at 1, 10 and 30 minutes on one route', () => {
  const sent: EngagementEvent[] = [];
  const timers = new EngagementTimers((e) => sent.push(e));
  timers.enter('/home/dashboard');
  vi.advanceTimersByTime(MINUTE - 1);
  expect(sent).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(sent).toEqual([{ path: '/home/dashboard', minutes: 1 }]);
  vi.advanceTimersByTime(9 * MINUTE);
  expect(sent.map((e) => e.minutes)).toEqual([1, 10]);
  vi.advanceTimersByTime(20 * MINUTE);
  expect(sent.map((e) => e.minutes)).toEqual([1, 10, 30]);
  vi.advanceTimersByTime(120 * MINUTE);
  expect(sent).toHaveLength(3);
});

it('a new route restarts the timers', () => {
  const sent: EngagementEvent[] = [];
  const timers = new EngagementTimers((e) => sent.push(e));
  timers.enter('/a');
  vi.advanceTimersByTime(9 * MINUTE);
  timers.enter('/b');
  vi.advanceTimersByTime(9 * MINUTE);
  expect(sent).toEqual([
    { path: '/a', minutes: 1 },
    { path: '/b', minutes: 1 },
  ]);
  timers.stop();
  vi.advanceTimersByTime(60 * MINUTE);
  expect(sent).toHaveLength(2);
});

it('normalizes to the route template', () => {
  expect(routeTemplateOf('/profile/user-profile/$id', '/profile/user-profile/42')).toBe('/profile/user-profile/$id');
  expect(routeTemplateOf('/reviews/', '/reviews')).toBe('/reviews');
  expect(routeTemplateOf('/', '/')).toBe('/');
  expect(routeTemplateOf(undefined, '/x')).toBe('/x');
});

function Shell() {
  useEngagementTimers(onEvent);
  return <Outlet />;
}
let onEvent: (e: EngagementEvent) => void = () => undefined;

function renderRouter(path: string) {
  const root = createRootRoute({ component: Shell });
  const home = createRoute({ getParentRoute: () => root, path: '/home/dashboard', component: () => <h1>Home</h1> });
  const profile = createRoute({ getParentRoute: () => root, path: '/profile/user-profile/$id', component: () => <h1>Profile</h1> });
  const router = createRouter({ routeTree: root.addChildren([home, profile]), history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

it('in the app: sends the route template of the page, and each navigation resets the timers', async () => {
  const sent: EngagementEvent[] = [];
  onEvent = (e) => sent.push(e);
  const router = renderRouter('/profile/user-profile/7f3a');
  await screen.findByRole('heading', { name: 'Profile' });
  act(() => void vi.advanceTimersByTime(MINUTE));
  expect(sent).toEqual([{ path: '/profile/user-profile/$id', minutes: 1 }]);

  act(() => void vi.advanceTimersByTime(8 * MINUTE));
  await act(() => router.navigate({ to: '/home/dashboard' }));
  await screen.findByRole('heading', { name: 'Home' });
  act(() => void vi.advanceTimersByTime(5 * MINUTE));
  // The profile's 10-minute timer was cancelled by the route change; home got its own 1-minute event.
  expect(sent).toEqual([
    { path: '/profile/user-profile/$id', minutes: 1 },
    { path: '/home/dashboard', minutes: 1 },
  ]);

  await act(() => router.navigate({ to: '/profile/user-profile/$id', params: { id: 'other' } }));
  await screen.findByRole('heading', { name: 'Profile' });
  act(() => void vi.advanceTimersByTime(30 * MINUTE));
  expect(sent.slice(2)).toEqual([1, 10, 30].map((minutes) => ({ path: '/profile/user-profile/$id', minutes })));
});
