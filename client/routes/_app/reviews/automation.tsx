import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../components/ui/states.js';
import { automationRulesQueryOptions, reminderSettingsQueryOptions, sprintsQueryOptions } from '../../../features/review-automation/review-automation.api.js';
import { AutomationNotAllowed, automatedTeams } from '../../../features/automation/automation-access.js';
import { ReviewAutomationPage } from '../../../features/review-automation/review-automation-page.js';
import { reviewTemplatesQueryOptions } from '../../../features/review-templates/review-templates.api.js';
import { pickablePeopleQueryOptions, teamsQueryOptions } from '../../../features/teams/api.js';
import { meQueryOptions, viewerAlong } from '../../../features/users/api.js';

/** Review automation: admins and managers (members are told why not, nothing is fetched for them). */
export const Route = createFileRoute('/_app/reviews/automation')({
  loader: async ({ context: { queryClient } }) => {
    // The people list is for admins (they pick people); a manager's page never reads it.
    const { me, load } = await viewerAlong(
      queryClient,
      automationRulesQueryOptions,
      sprintsQueryOptions,
      reminderSettingsQueryOptions,
      teamsQueryOptions,
      reviewTemplatesQueryOptions(false),
      pickablePeopleQueryOptions,
    );
    if (me.permission_level !== 'MEMBER') await load();
  },
  pendingComponent: () => <PendingView label="Loading review automation…" />,
  component: ReviewAutomationRoute,
});

function ReviewAutomationRoute() {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  if (me.permission_level === 'MEMBER') {
    return (
      <AutomationNotAllowed
        why="Only managers and admins can automate reviews. The reviews you are asked to write are under Pending reviews."
        link={<Link to="/reviews/pending">Go to pending reviews</Link>}
      />
    );
  }
  return me.permission_level === 'ADMIN' ? <AdminAutomation me={me} /> : <AutomationData me={me} people={[]} />;
}

type Me = { id: string; permission_level: string };

function AdminAutomation({ me }: { me: Me }) {
  const { data: people } = useSuspenseQuery(pickablePeopleQueryOptions);
  return <AutomationData me={me} people={people.filter((p) => p.status !== 'DEACTIVATED').map((p) => ({ id: p.id, name: p.full_name }))} />;
}

function AutomationData({ me, people }: { me: Me; people: Array<{ id: string; name: string }> }) {
  const { data: teams } = useSuspenseQuery(teamsQueryOptions);
  const { data: templates } = useSuspenseQuery(reviewTemplatesQueryOptions(false));
  // People are picked by admins.
  const mine = automatedTeams(teams, me);
  return (
    <ReviewAutomationPage
      teams={mine.map((t) => ({ id: t.id, name: t.name }))}
      people={people}
      templates={templates.filter((t) => !t.archived_at).map((t) => ({ id: t.id, name: t.name, review_type: t.review_type }))}
    />
  );
}
