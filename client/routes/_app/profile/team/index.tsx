import { createFileRoute } from '@tanstack/react-router';
import { myProfileQueryOptions, teamListQueryOptions, teamQueryOptions } from '../../../../features/profile/api.js';
import { MyTeamPage } from '../../../../features/profile/team-pages.js';

export const Route = createFileRoute('/_app/profile/team/')({
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(myProfileQueryOptions);
    if (me.team) await context.queryClient.ensureQueryData(teamQueryOptions(me.team.id));
    else await context.queryClient.ensureQueryData(teamListQueryOptions);
  },
  component: MyTeamPage,
});
