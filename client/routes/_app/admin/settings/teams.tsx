import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/settings/teams')({
  component: TeamsPage,
});

function TeamsPage() {
  return (
    <FeaturePlaceholder title="Teams" area="Team settings">
      Here admins will create and edit teams with their manager, team lead and members.
    </FeaturePlaceholder>
  );
}
