import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../../components/feature-placeholder.js';
import { parseIdParams } from '../../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/admin/profile/user-profile/$id')({
  params: { parse: parseIdParams },
  component: UserprofilePage,
});

function UserprofilePage() {
  return (
    <FeaturePlaceholder title="User profile" area="Profiles">
      Here admins will see and edit this person&apos;s profile, including integration ids.
    </FeaturePlaceholder>
  );
}
