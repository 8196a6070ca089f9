import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../components/ui/states.js';
import { AutomationNotAllowed, automatedTeams } from '../../../features/automation/automation-access.js';
import { FeedbackAutomationPage } from '../../../features/feedback/feedback-automation-page.js';
import { feedbackAutomationRulesQueryOptions, feedbackAutomationTemplatesQueryOptions } from '../../../features/feedback/feedback-automation.api.js';
import { teamsQueryOptions } from '../../../features/teams/api.js';
import { meQueryOptions, viewerAlong } from '../../../features/users/api.js';

/** Feedback automation: managers (their teams) and admins (any team or the whole organization); members are told why not (the data asked with the viewer is refused to them, never shown). */
export const Route = createFileRoute('/_app/continuous-feedback/automation')({
  loader: async ({ context: { queryClient } }) => {
    const { me, load } = await viewerAlong(queryClient, feedbackAutomationRulesQueryOptions, feedbackAutomationTemplatesQueryOptions, teamsQueryOptions);
    if (me.permission_level !== 'MEMBER') await load();
  },
  pendingComponent: () => <PendingView label="Loading feedback automation…" />,
  component: FeedbackAutomationRoute,
});

function FeedbackAutomationRoute() {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  if (me.permission_level === 'MEMBER') {
    return (
      <AutomationNotAllowed
        why="Only managers and admins can automate feedback requests. You can ask for feedback about yourself at any time under My feedback."
        link={<Link to="/continuous-feedback">Go to my feedback</Link>}
      />
    );
  }
  return <AutomationData me={me} />;
}

function AutomationData({ me }: { me: { id: string; permission_level: string } }) {
  const { data: teams } = useSuspenseQuery(teamsQueryOptions);
  // Admins automate any team or the whole organization.
  const mine = automatedTeams(teams, me);
  return (
    <FeedbackAutomationPage
      teams={mine.map((t) => ({ id: t.id, name: t.name })).sort((a, b) => a.name.localeCompare(b.name))}
      wholeOrganization={me.permission_level === 'ADMIN'}
    />
  );
}
