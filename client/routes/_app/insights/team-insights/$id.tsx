import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';
import { parseIdParams } from '../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/insights/team-insights/$id')({
  params: { parse: parseIdParams },
  component: TeaminsightsPage,
});

function TeaminsightsPage() {
  return (
    <FeaturePlaceholder title="Team insights" area="Insights">
      Here you will see this team&apos;s trends: review results, feedback, goals, retros and delivery metrics.
    </FeaturePlaceholder>
  );
}
