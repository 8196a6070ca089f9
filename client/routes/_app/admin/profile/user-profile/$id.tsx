import { createFileRoute } from '@tanstack/react-router';
import { personQueryOptions } from '../../../../../features/profile/api.js';
import { PersonProfilePage } from '../../../../../features/profile/profile-pages.js';
import { parseIdParams } from '../../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/admin/profile/user-profile/$id')({
  params: { parse: parseIdParams },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(personQueryOptions(params.id)),
  component: AdminProfilePage,
});

function AdminProfilePage() {
  const { id } = Route.useParams();
  return <PersonProfilePage id={id} area="admin" />;
}
