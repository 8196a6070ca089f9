import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/company/company-structure')({
  component: CompanystructurePage,
});

function CompanystructurePage() {
  return (
    <FeaturePlaceholder title="Company structure" area="Company structure">
      Here admins will manage business units, departments and sub-departments.
    </FeaturePlaceholder>
  );
}
