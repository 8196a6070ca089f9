import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { parseIdParams } from '../../../../lib/route-params.js';
import { insightsWindow, teamInsightsQueryOptions } from '../../../../features/insights/api.js';
import { insightsSearchSchema } from '../../../../features/insights/insights-search.js';
import { TeamInsightsPage } from '../../../../features/insights/team-insights-page.js';
import { meQueryOptions } from '../../../../features/users/api.js';

/** A team's insights: PR flow, delivery, issues and sprints beside reviews, feedback, goals and retros. */
export const Route = createFileRoute('/_app/admin/team-insights/$id')({
  params: { parse: parseIdParams },
  validateSearch: insightsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => context.queryClient.prefetchQuery(teamInsightsQueryOptions(params.id, insightsWindow(deps))),
  component: TeamInsightsRoute,
});

function TeamInsightsRoute() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const me = useQuery(meQueryOptions);
  return <TeamInsightsPage teamId={id} search={search} area="admin" admin={me.data?.permission_level === 'ADMIN'} />;
}
