import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { AppShell } from '../components/app-shell.js';
import { OnboardingQuestion } from '../features/users/onboarding-question.js';
import { meQueryOptions } from '../features/users/api.js';
import { useOwnUserUpdates } from '../features/users/live.js';
import { featureAreasQueryOptions } from '../features/feature-areas/api.js';
import { billingNoticeQueryOptions } from '../features/billing/api.js';
import { useEngagementTimers } from '../features/engagement/use-engagement-timers.js';
import { loadLocaleDataSoon } from '../lib/locale-data.js';

/** The authenticated area: a visitor without a session goes to sign-in and comes back after. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    loadLocaleDataSoon();
    const session = await context.auth.ensure();
    if (!session) {
      throw redirect({ to: '/login', search: { error: 'SessionRequired', callbackUrl: location.href } });
    }
    return { session };
  },
  loader: ({ context }) => {
    // The shell's billing notice goes in the same batch as the shell's data, without holding it up (docs/decisions/0053, 0068).
    void context.queryClient.prefetchQuery(billingNoticeQueryOptions);
    return Promise.all([context.queryClient.ensureQueryData(meQueryOptions), context.queryClient.ensureQueryData(featureAreasQueryOptions)]);
  },
  component: AppLayout,
});

function AppLayout() {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  useOwnUserUpdates();
  useEngagementTimers();
  const { auth } = Route.useRouteContext();
  const session = useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
  return (
    <AppShell user={{ ...me, imageUrl: session.data?.user.image ?? null }}>
      <Outlet />
      {me.permission_level === 'ADMIN' && <OnboardingQuestion />}
    </AppShell>
  );
}
