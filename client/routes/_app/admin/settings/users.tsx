import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/settings/users')({
  component: UsersPage,
});

function UsersPage() {
  return (
    <FeaturePlaceholder title="Users" area="User management">
      Here admins will search, filter and edit users, invite people and import them from a CSV file.
    </FeaturePlaceholder>
  );
}
