import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/profile/')({
  component: ProfilesPage,
});

function ProfilesPage() {
  return (
    <FeaturePlaceholder title="Profiles" area="Profiles">
      Here admins will find and open anyone&apos;s profile.
    </FeaturePlaceholder>
  );
}
