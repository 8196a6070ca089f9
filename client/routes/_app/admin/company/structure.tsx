import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/company/structure')({
  component: StructurechartPage,
});

function StructurechartPage() {
  return (
    <FeaturePlaceholder title="Structure chart" area="Company structure">
      Here admins will see the structure as a chart: business units, departments, sub-departments and their people.
    </FeaturePlaceholder>
  );
}
