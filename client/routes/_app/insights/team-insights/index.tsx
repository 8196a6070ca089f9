import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/insights/team-insights/')({
  component: TeaminsightsPage,
});

function TeaminsightsPage() {
  return (
    <FeaturePlaceholder title="Team insights" area="Insights">
      Here you will see team-level trends: review results, feedback, goals, retros and delivery metrics.
    </FeaturePlaceholder>
  );
}
