import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../components/ui/states.js';
import { pendingFeedbackRequestsQueryOptions } from '../../../features/feedback/feedback-requests.api.js';
import { PendingPage } from '../../../features/feedback/pending-page.js';

/** The feedback requests waiting for my answer, and the ones I answered or declined. */
export const Route = createFileRoute('/_app/continuous-feedback/pending')({
  loader: ({ context }) => context.queryClient.ensureQueryData(pendingFeedbackRequestsQueryOptions),
  pendingComponent: () => <PendingView label="Loading feedback requests…" />,
  component: PendingPage,
});
