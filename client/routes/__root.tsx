import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AlertHost } from '../components/ui/alert-host.js';
import type { SessionManager } from '../lib/session.js';

export type RouterContext = { queryClient: QueryClient; auth: SessionManager };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <AlertHost />
    </>
  );
}
