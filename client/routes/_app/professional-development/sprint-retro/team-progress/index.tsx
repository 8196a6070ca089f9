import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../../../components/ui/states.js';
import { RetroProgressPage } from '../../../../../features/retros/retro-progress-page.js';
import { retroTeamProgressQueryOptions } from '../../../../../features/retros/retro-progress.api.js';

/** Retro progress per team the viewer may see: retros held, participation, action-item completion. */
export const Route = createFileRoute('/_app/professional-development/sprint-retro/team-progress/')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(retroTeamProgressQueryOptions),
  pendingComponent: () => <PendingView label="Loading retro progress…" />,
  component: RetroProgressPage,
});
