import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/team-insights/')({
  component: TeaminsightsPage,
});

function TeaminsightsPage() {
  return (
    <FeaturePlaceholder title="Team insights" area="Insights">
      Here admins will compare teams: reviews, feedback, goals, retros and delivery metrics.
    </FeaturePlaceholder>
  );
}
