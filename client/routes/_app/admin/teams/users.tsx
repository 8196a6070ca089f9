import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/teams/users')({
  component: TeammembersPage,
});

function TeammembersPage() {
  return (
    <FeaturePlaceholder title="Team members" area="Team management">
      Here you will move people between teams.
    </FeaturePlaceholder>
  );
}
