import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../../components/ui/states.js';
import { pickablePeopleQueryOptions, teamsQueryOptions } from '../../../../features/teams/api.js';
import { TeamsPage } from '../../../../features/teams/teams-page.js';

export const Route = createFileRoute('/_app/admin/settings/teams')({
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(teamsQueryOptions), context.queryClient.ensureQueryData(pickablePeopleQueryOptions)]),
  pendingComponent: () => <PendingView label="Loading teams…" />,
  component: TeamsPage,
});
