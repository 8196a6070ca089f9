import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/settings/account')({
  component: AccountPage,
});

function AccountPage() {
  return (
    <FeaturePlaceholder title="Account" area="Account settings">
      Here admins will change the organization&apos;s name and picture and can close the account.
    </FeaturePlaceholder>
  );
}
