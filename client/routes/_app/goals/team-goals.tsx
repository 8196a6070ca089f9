import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../components/ui/states.js';
import { TeamGoalsPage } from '../../../features/goals/team-goals-page.js';
import { teamGoalsSearchSchema } from '../../../features/goals/team-goals-search.js';

/** Team goals: a team's goals with its members' aligned goals rolled up, or (?view=tree) the alignment tree. */
export const Route = createFileRoute('/_app/goals/team-goals')({
  validateSearch: teamGoalsSearchSchema,
  pendingComponent: () => <PendingView label="Loading team goals…" />,
  component: TeamGoalsRoute,
});

function TeamGoalsRoute() {
  return <TeamGoalsPage search={Route.useSearch()} />;
}
