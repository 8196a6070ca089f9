import { Link, createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/settings/security')({
  component: SecurityPage,
});

function SecurityPage() {
  return (
    <FeaturePlaceholder title="Security" area="Security settings">
      Here you will change your password and sign out on every device. Until then, you can <Link to="/change-password">change your password</Link> on its own page.
    </FeaturePlaceholder>
  );
}
