import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorView, NotFoundView, PendingView } from './components/ui/states.js';
import type { SessionManager } from './lib/session.js';
import { routeTree } from './routeTree.gen.js';

export function createAppRouter(context: { queryClient: QueryClient; auth: SessionManager }, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Route data lives in the query cache; the router never caches loader results itself.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: () => <PendingView />,
    defaultErrorComponent: ErrorView,
    defaultNotFoundComponent: NotFoundView,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
