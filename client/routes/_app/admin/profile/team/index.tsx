import { createFileRoute } from '@tanstack/react-router';
import { teamListQueryOptions } from '../../../../../features/profile/api.js';
import { TeamListPage } from '../../../../../features/profile/team-pages.js';

export const Route = createFileRoute('/_app/admin/profile/team/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(teamListQueryOptions),
  component: TeamListPage,
});
