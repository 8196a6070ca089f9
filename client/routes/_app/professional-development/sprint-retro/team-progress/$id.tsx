import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../../../components/ui/states.js';
import { parseIdParams } from '../../../../../lib/route-params.js';
import { RetroProgressDetailPage } from '../../../../../features/retros/retro-progress-detail-page.js';
import { retroTeamProgressDetailQueryOptions } from '../../../../../features/retros/retro-progress.api.js';

/** One team's retros: completion per retro and sprint, health trend, recurring themes. */
export const Route = createFileRoute('/_app/professional-development/sprint-retro/team-progress/$id')({
  params: { parse: parseIdParams },
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(retroTeamProgressDetailQueryOptions(params.id)),
  pendingComponent: () => <PendingView label="Loading the team's retro progress…" />,
  component: RetroProgressDetailRoute,
});

function RetroProgressDetailRoute() {
  return <RetroProgressDetailPage teamId={Route.useParams().id} />;
}
