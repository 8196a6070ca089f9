import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';
import { parseIdParams } from '../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/profile/team/$id')({
  params: { parse: parseIdParams },
  component: TeamPage,
});

function TeamPage() {
  return (
    <FeaturePlaceholder title="Team" area="The team page">
      Here you will see this team: its manager, team lead and members, with links to their profiles.
    </FeaturePlaceholder>
  );
}
