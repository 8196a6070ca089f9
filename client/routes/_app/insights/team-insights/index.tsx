import { createFileRoute } from '@tanstack/react-router';
import { insightsTeamsQueryOptions } from '../../../../features/insights/api.js';
import { TeamInsightsListPage } from '../../../../features/insights/team-insights-page.js';

/** The teams whose insights the viewer may open. */
export const Route = createFileRoute('/_app/insights/team-insights/')({
  loader: ({ context }) => context.queryClient.prefetchQuery(insightsTeamsQueryOptions),
  component: () => <TeamInsightsListPage area="user" />,
});
