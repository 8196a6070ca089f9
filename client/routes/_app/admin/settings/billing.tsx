import { createFileRoute } from '@tanstack/react-router';
import { FeaturePlaceholder } from '../../../../components/feature-placeholder.js';

export const Route = createFileRoute('/_app/admin/settings/billing')({
  component: BillingPage,
});

function BillingPage() {
  return (
    <FeaturePlaceholder title="Billing" area="Billing">
      Here admins will see the plan and seats (active plus invited users) and, when a payments provider is configured, invoices.
    </FeaturePlaceholder>
  );
}
