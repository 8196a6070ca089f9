import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/teams/my-teams')({
  component: MyteamsPage,
});

function MyteamsPage() {
  return (
    <FeaturePlaceholder title="My teams" area="Team management">
      Here you will manage the teams you manage or lead.
    </FeaturePlaceholder>
  );
}
