import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';
import { parseIdParams } from '../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/profile/user-profile/$id')({
  params: { parse: parseIdParams },
  component: ProfilePage,
});

function ProfilePage() {
  return (
    <FeaturePlaceholder title="Profile" area="Colleague profiles">
      Here you will see this person&apos;s profile: role, team, manager, location, time zone and contact details.
    </FeaturePlaceholder>
  );
}
