import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/settings/pages')({
  component: PagesPage,
});

function PagesPage() {
  return (
    <FeaturePlaceholder title="Pages" area="Page settings">
      Here admins will switch feature areas on or off for the organization.
    </FeaturePlaceholder>
  );
}
