import { createFileRoute } from '@tanstack/react-router';
import { ErrorView, PendingView } from '../../../../../components/ui/states.js';
import { RetroMeetingPage } from '../../../../../features/retros/retro-meeting-page.js';
import { retroQueryOptions } from '../../../../../features/retros/retro-meeting.api.js';
import { meQueryOptions } from '../../../../../features/users/api.js';
import { parseIdParams } from '../../../../../lib/route-params.js';

/** One retro: the live meeting while it runs (state kept by the retroChanged subscription), its summary once ended. */
export const Route = createFileRoute('/_app/professional-development/sprint-retro/review/$id')({
  params: { parse: parseIdParams },
  loader: async ({ context, params }) => {
    await Promise.all([context.queryClient.ensureQueryData(retroQueryOptions(params.id)), context.queryClient.ensureQueryData(meQueryOptions)]);
  },
  pendingComponent: () => <PendingView label="Loading the retro…" />,
  errorComponent: ErrorView,
  component: RetroPage,
});

function RetroPage() {
  const { id } = Route.useParams();
  return <RetroMeetingPage key={id} id={id} />;
}
