import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../../components/ui/states.js';
import { MyGoalsPage } from '../../../../features/goals/my-goals-page.js';
import { myGoalsQueryOptions } from '../../../../features/goals/goals.api.js';

/** My goals: open ones first; done and dropped ones behind a filter. */
export const Route = createFileRoute('/_app/goals/my-goals/')({
  // Prefetched, never failing the page: the list says so itself, with Try again.
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(myGoalsQueryOptions(false)),
  pendingComponent: () => <PendingView label="Loading your goals…" />,
  component: MyGoalsPage,
});
