import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../components/ui/states.js';
import { reviewCycleQueryOptions, reviewCyclesQueryOptions } from '../../../features/review-cycles/review-cycles.api.js';
import { defaultProgressCycle, progressCycles, TeamProgressPage } from '../../../features/review-results/review-team-progress-page.js';
import { teamProgressQueryOptions, teamProgressSearchSchema } from '../../../features/review-results/review-team-progress.api.js';

/** Completion of a review cycle per team and person, with reminders (managers: their teams; admins: everyone). */
export const Route = createFileRoute('/_app/reviews/team-progress')({
  validateSearch: teamProgressSearchSchema,
  loaderDeps: ({ search }) => ({ cycle: search.cycle }),
  loader: async ({ context: { queryClient }, deps }) => {
    // A cycle named in the address is asked for with the list (one round trip, docs/decisions/0083).
    if (deps.cycle) {
      void queryClient.prefetchQuery(teamProgressQueryOptions(deps.cycle));
      void queryClient.prefetchQuery(reviewCycleQueryOptions(deps.cycle));
    }
    const cycles = await queryClient.ensureQueryData(reviewCyclesQueryOptions);
    const chosen = progressCycles(cycles).find((c) => c.id === deps.cycle) ?? defaultProgressCycle(cycles);
    if (!chosen) return;
    // Per-person reminders need the pending request ids, which the cycle lists: asked with the progress;
    // members are refused progress, and the page never reads the cycle for them.
    void queryClient.prefetchQuery(reviewCycleQueryOptions(chosen.id));
    const answer = await queryClient.ensureQueryData(teamProgressQueryOptions(chosen.id));
    if (answer.kind === 'progress') await queryClient.ensureQueryData(reviewCycleQueryOptions(chosen.id));
  },
  pendingComponent: () => <PendingView label="Loading review progress…" />,
  component: TeamProgressRoute,
});

function TeamProgressRoute() {
  return <TeamProgressPage cycleId={Route.useSearch().cycle} />;
}
