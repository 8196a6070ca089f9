import { createFileRoute } from '@tanstack/react-router';
import { myTeamsQueryOptions } from '../../../../features/teams/api.js';
import { MyTeamsPage } from '../../../../features/teams/my-teams-page.js';

export const Route = createFileRoute('/_app/admin/teams/my-teams')({
  loader: ({ context }) => context.queryClient.ensureQueryData(myTeamsQueryOptions),
  component: MyTeamsPage,
});
