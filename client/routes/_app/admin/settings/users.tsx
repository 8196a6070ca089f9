import { createFileRoute } from '@tanstack/react-router';
import { AdminUsersPage } from '../../../../features/admin-users/admin-users-page.js';
import { adminUsersLoaderDeps, loadAdminUsers } from '../../../../features/admin-users/admin-users.route.js';
import { parseAdminUsersSearch } from '../../../../features/admin-users/admin-users.search.js';
import { useAdminUsersSearchNavigation } from '../../../../features/admin-users/admin-users.search-navigation.js';

export const Route = createFileRoute('/_app/admin/settings/users')({
  validateSearch: parseAdminUsersSearch,
  loaderDeps: adminUsersLoaderDeps,
  loader: ({ context, deps }) => loadAdminUsers(context.queryClient, deps),
  component: UsersPage,
});

function UsersPage() {
  const { search, onSearchChange } = useAdminUsersSearchNavigation(Route);
  return (
    <AdminUsersPage
      title="Users"
      intro="Everyone in your organization: search, filter, edit, deactivate or remove people."
      variant="users"
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
