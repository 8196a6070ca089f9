import { createFileRoute } from '@tanstack/react-router';
import { AdminUsersPage } from '../../../../features/admin-users/admin-users-page.js';
import { adminUsersLoaderDeps, loadAdminUsers } from '../../../../features/admin-users/admin-users.route.js';
import { parseAdminUsersSearch } from '../../../../features/admin-users/admin-users.search.js';
import { useAdminUsersSearchNavigation } from '../../../../features/admin-users/admin-users.search-navigation.js';

/** Team members: the users table sorted by team, with people per team; select people and "Change team" to move them. */
export const Route = createFileRoute('/_app/admin/teams/users')({
  validateSearch: parseAdminUsersSearch,
  loaderDeps: adminUsersLoaderDeps,
  loader: ({ context, deps }) => loadAdminUsers(context.queryClient, deps),
  component: TeamMembersPage,
});

function TeamMembersPage() {
  const { search, onSearchChange } = useAdminUsersSearchNavigation(Route);
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
