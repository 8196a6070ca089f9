import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';
import { parseIdParams } from '../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/insights/individual/$id')({
  params: { parse: parseIdParams },
  component: IndividualinsightsPage,
});

function IndividualinsightsPage() {
  return (
    <FeaturePlaceholder title="Individual insights" area="Insights">
      Here the person, their manager chain and admins will see this person&apos;s insights.
    </FeaturePlaceholder>
  );
}
