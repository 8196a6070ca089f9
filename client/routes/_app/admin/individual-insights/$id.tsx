import { createFileRoute } from '@tanstack/react-router';
import { parseIdParams } from '../../../../lib/route-params.js';
import { loadIndividualInsights } from '../../../../features/insights/api.js';
import { insightsSearchSchema } from '../../../../features/insights/insights-search.js';
import { IndividualInsightsPage } from '../../../../features/insights/individual-insights-page.js';

/** A person's insights (they, their manager chain and admins may open them). */
export const Route = createFileRoute('/_app/admin/individual-insights/$id')({
  params: { parse: parseIdParams },
  validateSearch: insightsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => loadIndividualInsights(context.queryClient, params.id, deps),
  component: IndividualInsightsRoute,
});

function IndividualInsightsRoute() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  return <IndividualInsightsPage userId={id} search={search} area="admin" />;
}
