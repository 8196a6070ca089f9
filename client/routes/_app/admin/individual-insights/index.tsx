import { createFileRoute } from '@tanstack/react-router';
import { loadIndividualInsights } from '../../../../features/insights/api.js';
import { insightsSearchSchema } from '../../../../features/insights/insights-search.js';
import { IndividualInsightsPage } from '../../../../features/insights/individual-insights-page.js';

/** My own insights: what waits on me and on others, my recent work, who I work with. */
export const Route = createFileRoute('/_app/admin/individual-insights/')({
  validateSearch: insightsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadIndividualInsights(context.queryClient, null, deps),
  component: IndividualInsightsRoute,
});

function IndividualInsightsRoute() {
  const search = Route.useSearch();
  return <IndividualInsightsPage userId={null} search={search} area="admin" />;
}
