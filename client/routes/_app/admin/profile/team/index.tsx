import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/profile/team/')({
  component: TeamprofilesPage,
});

function TeamprofilesPage() {
  return (
    <FeaturePlaceholder title="Team profiles" area="Team profiles">
      Here admins will find and open any team&apos;s page.
    </FeaturePlaceholder>
  );
}
