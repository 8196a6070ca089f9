import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../components/ui/states.js';
import { DevelopmentTeamProgressPage } from '../../../features/growth/development-team-progress-page.js';
import { teamProgressSearchSchema } from '../../../features/growth/development-search.js';
import { developmentTeamProgressQueryOptions } from '../../../features/growth/development.api.js';

/** Managers and admins: their people's development plans and assessments, per team (`?team=<id>`, `none`: people in no team). */
export const Route = createFileRoute('/_app/professional-development/team-progress')({
  validateSearch: teamProgressSearchSchema,
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(developmentTeamProgressQueryOptions),
  pendingComponent: () => <PendingView label="Loading team progress…" />,
  component: TeamProgressRoute,
});

function TeamProgressRoute() {
  const { team } = Route.useSearch();
  return <DevelopmentTeamProgressPage team={team} />;
}
