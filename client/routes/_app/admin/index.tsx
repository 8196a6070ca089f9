import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/')({
  component: AdminareaPage,
});

function AdminareaPage() {
  return (
    <FeaturePlaceholder title="Admin area" area="The admin overview">
      Start from the dashboard or pick a section in the menu.
    </FeaturePlaceholder>
  );
}
