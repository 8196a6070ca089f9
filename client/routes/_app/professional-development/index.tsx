import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../components/ui/states.js';
import { DevelopmentPlanPage } from '../../../features/growth/development-plan-page.js';
import { developmentSearchSchema } from '../../../features/growth/development-search.js';
import { developmentPlanQueryOptions } from '../../../features/growth/development.api.js';
import { meQueryOptions } from '../../../features/users/api.js';

/** A development plan: mine, or `?user=<id>` a report's (managers, admins, their mentor). */
export const Route = createFileRoute('/_app/professional-development/')({
  validateSearch: developmentSearchSchema,
  loaderDeps: ({ search }) => ({ user: search.user }),
  // Prefetched, never failing the route: a refused or broken plan says so on the page.
  // The viewer's id comes with the session (no round trip for the viewer first).
  loader: ({ context: { queryClient, session }, deps }) => queryClient.prefetchQuery(developmentPlanQueryOptions(deps.user ?? session.user.id)),
  pendingComponent: () => <PendingView label="Loading the development plan…" />,
  component: DevelopmentPlanRoute,
});

function DevelopmentPlanRoute() {
  const { user } = Route.useSearch();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const userId = user ?? me.id;
  return <DevelopmentPlanPage key={userId} userId={userId} own={userId === me.id} />;
}
