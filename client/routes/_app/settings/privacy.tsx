import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/settings/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  return (
    <FeaturePlaceholder title="Privacy" area="Privacy settings">
      Here you will choose which notifications you get and can close your account with your password.
    </FeaturePlaceholder>
  );
}
