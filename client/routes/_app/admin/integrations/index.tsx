import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/integrations/')({
  component: IntegrationsPage,
});

function IntegrationsPage() {
  return (
    <FeaturePlaceholder title="Integrations" area="Integrations">
      Here admins will connect GitHub, Bitbucket, Jira, Azure Boards and Slack with a token and follow their syncs.
    </FeaturePlaceholder>
  );
}
