import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../components/ui/states.js';
import { FeedbackPage } from '../../../features/feedback/feedback-page.js';
import { boxOfTab, feedbackSearchSchema, filterOfSearch } from '../../../features/feedback/feedback-search.js';
import { myFeedbackQueryOptions, praiseWallQueryOptions } from '../../../features/feedback/feedback.api.js';

/** My feedback: received, given, requested and the praise wall; the tab and the filters live in the address. */
export const Route = createFileRoute('/_app/continuous-feedback/')({
  validateSearch: feedbackSearchSchema,
  loaderDeps: ({ search }) => search,
  // Prefetched, never failing the page: a list that could not load says so in its tab, with Try again.
  loader: ({ context: { queryClient }, deps }) => {
    const box = boxOfTab(deps.tab);
    if (box) return queryClient.prefetchInfiniteQuery(myFeedbackQueryOptions(box, filterOfSearch(deps)));
    if (deps.tab === 'praise') return queryClient.prefetchInfiniteQuery(praiseWallQueryOptions);
    return undefined;
  },
  pendingComponent: () => <PendingView label="Loading your feedback…" />,
  component: FeedbackRoute,
});

function FeedbackRoute() {
  return <FeedbackPage search={Route.useSearch()} />;
}
