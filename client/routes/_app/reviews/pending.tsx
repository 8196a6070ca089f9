import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../components/ui/states.js';
import { myReviewRequestsQueryOptions, reviewRequestQueryOptions } from '../../../features/review-cycles/review-cycles.api.js';
import { PendingReviewsPage } from '../../../features/review-cycles/review-pending-page.js';
import { pendingReviewsSearchSchema } from '../../../features/review-cycles/review-cycles.search.js';

/** My review requests (?done=true with finished ones), or the answer page of one (?request=…). */
export const Route = createFileRoute('/_app/reviews/pending')({
  validateSearch: pendingReviewsSearchSchema,
  loaderDeps: ({ search }) => ({ request: search.request, done: !!search.done }),
  // The answer page drops its request from the cache when it closes, so opening it always reads the latest saved draft.
  loader: ({ context: { queryClient }, deps }) =>
    deps.request ? queryClient.ensureQueryData(reviewRequestQueryOptions(deps.request)) : queryClient.ensureQueryData(myReviewRequestsQueryOptions(deps.done)),
  pendingComponent: () => <PendingView label="Loading your reviews…" />,
  component: PendingReviewsRoute,
});

function PendingReviewsRoute() {
  return <PendingReviewsPage search={Route.useSearch()} />;
}
