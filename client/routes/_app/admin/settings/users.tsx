import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AdminUsersPage } from '../../../../features/admin-users/admin-users-page.js';
import { adminUsersLoaderDeps, loadAdminUsers, mergeSearch } from '../../../../features/admin-users/admin-users.route.js';
import { parseAdminUsersSearch, type AdminUsersSearch } from '../../../../features/admin-users/admin-users.search.js';

export const Route = createFileRoute('/_app/admin/settings/users')({
  validateSearch: parseAdminUsersSearch,
  loaderDeps: adminUsersLoaderDeps,
  loader: ({ context, deps }) => loadAdminUsers(context.queryClient, deps),
  component: UsersPage,
});

function UsersPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<AdminUsersSearch>) => void navigate({ search: (prev) => mergeSearch(prev, patch), replace: true }),
    [navigate],
  );
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
