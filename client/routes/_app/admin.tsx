import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, createFileRoute } from '@tanstack/react-router';
import { NotAllowedView } from '../../components/ui/states.js';
import { meQueryOptions } from '../../features/users/api.js';

/** The admin area (paths under /admin): admins only; everyone else sees why not. */
export const Route = createFileRoute('/_app/admin')({
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions),
  component: AdminLayout,
});

function AdminLayout() {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  if (me.permission_level !== 'ADMIN') return <NotAllowedView />;
  return <Outlet />;
}
