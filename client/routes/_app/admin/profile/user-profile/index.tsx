import { createFileRoute } from '@tanstack/react-router';
import { myProfileQueryOptions } from '../../../../../features/profile/api.js';
import { OwnProfilePage } from '../../../../../features/profile/profile-pages.js';

export const Route = createFileRoute('/_app/admin/profile/user-profile/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(myProfileQueryOptions),
  component: () => <OwnProfilePage area="admin" />,
});
