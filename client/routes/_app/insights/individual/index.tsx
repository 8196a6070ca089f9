import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/insights/individual/')({
  component: IndividualinsightsPage,
});

function IndividualinsightsPage() {
  return (
    <FeaturePlaceholder title="Individual insights" area="Insights">
      Here you will see your review scores over cycles, feedback given and received, goal progress and retro participation; with integrations connected, also pull-request and issue cycle times.
    </FeaturePlaceholder>
  );
}
