import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../../components/ui/states.js';
import { retroAutomationChoicesQueryOptions, retroAutomationRulesQueryOptions } from '../../../../features/retros/retro-automation.api.js';
import { RetroAutomationPage } from '../../../../features/retros/retro-automation-page.js';
import type { AutomationTeam } from '../../../../features/retros/retro-automation-form.js';
import { AutomationNotAllowed, automatedTeams } from '../../../../features/automation/automation-access.js';
import { teamsQueryOptions, type Team } from '../../../../features/teams/api.js';
import { meQueryOptions, viewerAlong } from '../../../../features/users/api.js';

/** The teams a person automates, each with the people who may facilitate its retros. */
function withFacilitators(teams: Team[]): AutomationTeam[] {
  return teams.map((t) => {
    const people = new Map<string, { id: string; full_name: string }>();
    for (const p of [t.manager, t.team_lead, ...t.users]) if (p) people.set(p.id, { id: p.id, full_name: p.full_name });
    return { id: t.id, name: t.name, people: [...people.values()].sort((x, y) => x.full_name.localeCompare(y.full_name)) };
  });
}

/** Retro automation: admins, and the managers and leads of teams (anyone else is told why not; the data asked with the viewer is refused to them, never shown). */
export const Route = createFileRoute('/_app/professional-development/sprint-retro/automation')({
  loader: async ({ context: { queryClient } }) => {
    const { me, load } = await viewerAlong(queryClient, teamsQueryOptions, retroAutomationRulesQueryOptions, retroAutomationChoicesQueryOptions);
    const teams = await queryClient.ensureQueryData(teamsQueryOptions);
    if (me.permission_level !== 'MEMBER' || automatedTeams(teams, me).length) await load();
  },
  pendingComponent: () => <PendingView label="Loading retro automation…" />,
  component: RetroAutomationRoute,
});

function RetroAutomationRoute() {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const { data: teams } = useSuspenseQuery(teamsQueryOptions);
  const mine = withFacilitators(automatedTeams(teams, me));
  if (me.permission_level === 'MEMBER' && !mine.length) {
    return (
      <AutomationNotAllowed
        why="Only a team’s manager or lead, or an admin, can automate its retros. Your team’s retros are under Retros."
        link={<Link to="/professional-development/sprint-retro/review">Go to retros</Link>}
      />
    );
  }
  return <RetroAutomationPage teams={mine} />;
}
