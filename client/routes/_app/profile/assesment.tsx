import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ErrorView, PendingView } from '../../../components/ui/states.js';
import { AssessmentPage } from '../../../features/growth/assessment-page.js';
import { assessmentOverviewQueryOptions } from '../../../features/growth/assessment.api.js';
import { assessmentSearchSchema } from '../../../features/growth/assessment-search.js';
import { meQueryOptions } from '../../../features/users/api.js';

/** A person's self and manager assessments against their level, side by side (?user=<id>; default: me). */
export const Route = createFileRoute('/_app/profile/assesment')({
  validateSearch: assessmentSearchSchema,
  loaderDeps: ({ search }) => ({ user: search.user }),
  // The viewer's id comes with the session (no round trip for the viewer first).
  loader: ({ context: { queryClient, session }, deps }) => queryClient.ensureQueryData(assessmentOverviewQueryOptions(deps.user ?? session.user.id)),
  pendingComponent: () => <PendingView label="Loading the assessment…" />,
  // Someone else's assessment the viewer may not read: the server's words ("Only the person, their managers and admins…").
  errorComponent: ErrorView,
  component: AssessmentRoute,
});

function AssessmentRoute() {
  const { user } = Route.useSearch();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  return <AssessmentPage key={user ?? me.id} userId={user ?? me.id} />;
}
