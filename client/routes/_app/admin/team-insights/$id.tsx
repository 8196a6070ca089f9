import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';
import { parseIdParams } from '../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/admin/team-insights/$id')({
  params: { parse: parseIdParams },
  component: TeaminsightsPage,
});

function TeaminsightsPage() {
  return (
    <FeaturePlaceholder title="Team insights" area="Insights">
      Here admins will see this team&apos;s insights.
    </FeaturePlaceholder>
  );
}
