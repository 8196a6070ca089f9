import { createFileRoute } from '@tanstack/react-router';
import { teamQueryOptions } from '../../../../../features/profile/api.js';
import { TeamByIdPage } from '../../../../../features/profile/team-pages.js';
import { parseIdParams } from '../../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/admin/profile/team/$id')({
  params: { parse: parseIdParams },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(teamQueryOptions(params.id)),
  component: AdminTeamPage,
});

function AdminTeamPage() {
  const { id } = Route.useParams();
  return <TeamByIdPage id={id} area="admin" />;
}
