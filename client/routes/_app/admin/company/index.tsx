import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/company/')({
  component: CompanyPage,
});

function CompanyPage() {
  return (
    <FeaturePlaceholder title="Company" area="Company settings">
      Here admins will manage the organization&apos;s structure.
    </FeaturePlaceholder>
  );
}
