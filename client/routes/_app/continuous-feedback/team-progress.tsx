import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { NotAllowedView, PendingView } from '../../../components/ui/states.js';
import { FeedbackProgressPage } from '../../../features/feedback/feedback-progress-page.js';
import { feedbackProgressSearchSchema, feedbackTeamProgressQueryOptions, progressRange } from '../../../features/feedback/feedback-progress.api.js';
import { meQueryOptions, viewerAlong } from '../../../features/users/api.js';

/** Feedback given, received and asked per team and person: managers (their teams) and admins (everyone); members are told why not. */
export const Route = createFileRoute('/_app/continuous-feedback/team-progress')({
  validateSearch: feedbackProgressSearchSchema,
  loaderDeps: ({ search }) => ({ period: search.period, from: search.from, to: search.to }),
  loader: async ({ context: { queryClient }, deps }) => {
    const { me, load } = await viewerAlong(queryClient, feedbackTeamProgressQueryOptions(progressRange(deps)));
    if (me.permission_level !== 'MEMBER') await load();
  },
  pendingComponent: () => <PendingView label="Loading feedback progress…" />,
  component: FeedbackProgressRoute,
});

function FeedbackProgressRoute() {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const search = Route.useSearch();
  if (me.permission_level === 'MEMBER') {
    return (
      <NotAllowedView to="/continuous-feedback" linkText="Go to my feedback">
        Only managers and admins see feedback progress. Your own feedback is under My feedback.
      </NotAllowedView>
    );
  }
  return <FeedbackProgressPage search={search} />;
}
