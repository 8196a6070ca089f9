import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/individual-insights/')({
  component: IndividualinsightsPage,
});

function IndividualinsightsPage() {
  return (
    <FeaturePlaceholder title="Individual insights" area="Insights">
      Here admins will see insights per person across the organization.
    </FeaturePlaceholder>
  );
}
