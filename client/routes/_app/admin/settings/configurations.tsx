import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/settings/configurations')({
  component: ConfigurationsPage,
});

function ConfigurationsPage() {
  return (
    <FeaturePlaceholder title="Configurations" area="Configurations">
      Here admins will set allowed and blocked email domains and the onboarding steps.
    </FeaturePlaceholder>
  );
}
