import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/settings/')({
  component: SettingsPage,
});

function SettingsPage() {
  return (
    <FeaturePlaceholder title="Settings" area="Admin settings">
      Pick a section: account, configurations, teams, users, pages or billing.
    </FeaturePlaceholder>
  );
}
