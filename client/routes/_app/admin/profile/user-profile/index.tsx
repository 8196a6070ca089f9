import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/profile/user-profile/')({
  component: UserprofilesPage,
});

function UserprofilesPage() {
  return (
    <FeaturePlaceholder title="User profiles" area="Profiles">
      Here admins will find and open anyone&apos;s profile.
    </FeaturePlaceholder>
  );
}
