import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/profile/user-profile/organization-chart')({
  component: OrganizationchartPage,
});

function OrganizationchartPage() {
  return (
    <FeaturePlaceholder title="Organization chart" area="The organization chart">
      Here you will see who reports to whom as a searchable tree, with teams and the sub-department, department and business unit of each person.
    </FeaturePlaceholder>
  );
}
