import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../../components/ui/states.js';
import { GoalPage } from '../../../../features/goals/goal-page.js';
import { goalQueryOptions } from '../../../../features/goals/goals.api.js';
import { parseIdParams } from '../../../../lib/route-params.js';

/** One goal: key results, aligned goals, check-ins and progress over time. */
export const Route = createFileRoute('/_app/goals/my-goals/$id')({
  params: { parse: parseIdParams },
  loader: ({ context: { queryClient }, params }) => queryClient.prefetchQuery(goalQueryOptions(params.id)),
  pendingComponent: () => <PendingView label="Loading the goal…" />,
  component: GoalRoute,
});

function GoalRoute() {
  const { id } = Route.useParams();
  return <GoalPage key={id} id={id} />;
}
