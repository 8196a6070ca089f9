import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../../components/feature-placeholder.js';
import { parseIdParams } from '../../../../../lib/route-params.js';

export const Route = createFileRoute('/_app/admin/profile/team/$id')({
  params: { parse: parseIdParams },
  component: TeamprofilePage,
});

function TeamprofilePage() {
  return (
    <FeaturePlaceholder title="Team profile" area="Team profiles">
      Here admins will see this team with its manager, team lead and members.
    </FeaturePlaceholder>
  );
}
