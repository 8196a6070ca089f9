import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AdminUsersPage } from '../../../../features/admin-users/admin-users-page.js';
import { adminUsersLoaderDeps, loadAdminUsers, mergeSearch } from '../../../../features/admin-users/admin-users.route.js';
import { parseAdminUsersSearch, type AdminUsersSearch } from '../../../../features/admin-users/admin-users.search.js';

/** Team members: the users table sorted by team, with people per team; select people and "Change team" to move them. */
export const Route = createFileRoute('/_app/admin/teams/users')({
  validateSearch: parseAdminUsersSearch,
  loaderDeps: adminUsersLoaderDeps,
  loader: ({ context, deps }) => loadAdminUsers(context.queryClient, deps),
  component: TeamMembersPage,
});

function TeamMembersPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<AdminUsersSearch>) => void navigate({ search: (prev) => mergeSearch(prev, patch), replace: true }),
    [navigate],
  );
  return (
    <AdminUsersPage
      title="Team members"
      intro="Who is in which team. Pick a team to see its members; select people and choose “Change team” to move them."
      variant="teams"
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
