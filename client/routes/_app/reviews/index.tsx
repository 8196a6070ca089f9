import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../components/ui/states.js';
import { cycleFormQueries } from '../../../features/review-cycles/review-cycle-form.js';
import { reviewCycleQueryOptions, reviewCyclesQueryOptions } from '../../../features/review-cycles/review-cycles.api.js';
import { ReviewCyclesPage } from '../../../features/review-cycles/review-cycles-page.js';
import { reviewCyclesSearchSchema } from '../../../features/review-cycles/review-cycles.search.js';
import { reviewResultsQueryOptions } from '../../../features/review-results/review-results.api.js';
import { meQueryOptions } from '../../../features/users/api.js';

/** Review cycles: the list, a new cycle (?view=new, admins and managers) one cycle (?id=…) or one reviewee's results (?id=…&results=<participant>). */
export const Route = createFileRoute('/_app/reviews/')({
  validateSearch: reviewCyclesSearchSchema,
  loaderDeps: ({ search }) => ({ view: search.view, id: search.id, results: search.results }),
  // Only the new-cycle form depends on who asks: the list, a cycle or results are asked for beside
  // the person, not after (one round trip on a first load instead of two).
  loader: async ({ context: { queryClient }, deps }) => {
    const me = queryClient.ensureQueryData(meQueryOptions);
    const page = async () => {
      if (deps.view === 'new' && (await me).permission_level !== 'MEMBER')
        await Promise.all([
          queryClient.ensureQueryData(cycleFormQueries[0]),
          queryClient.ensureQueryData(cycleFormQueries[1]),
          queryClient.ensureQueryData(cycleFormQueries[2]),
        ]);
      else if (deps.id && deps.results)
        await Promise.all([
          queryClient.ensureQueryData(reviewCycleQueryOptions(deps.id)),
          queryClient.ensureQueryData(reviewResultsQueryOptions(deps.results)),
        ]);
      else if (deps.id) await queryClient.ensureQueryData(reviewCycleQueryOptions(deps.id));
      else await queryClient.ensureQueryData(reviewCyclesQueryOptions);
    };
    await Promise.all([me, page()]);
  },
  pendingComponent: () => <PendingView label="Loading review cycles…" />,
  component: ReviewCyclesRoute,
});

function ReviewCyclesRoute() {
  return <ReviewCyclesPage search={Route.useSearch()} />;
}
