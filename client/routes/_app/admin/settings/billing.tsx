import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { billingSearchSchema, type BillingSearch } from '../../../../features/billing/billing.search.js';
import { billingQueryOptions } from '../../../../features/billing/api.js';
import { BillingPage } from '../../../../features/billing/billing-page.js';
import { installSignUpQueryOptions } from '../../../../features/org-settings/install-api.js';

export const Route = createFileRoute('/_app/admin/settings/billing')({
  validateSearch: (search: Record<string, unknown>): BillingSearch => billingSearchSchema.parse(search),
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(billingQueryOptions), context.queryClient.ensureQueryData(installSignUpQueryOptions)]),
  component: BillingRoute,
});

function BillingRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: install } = useSuspenseQuery(installSignUpQueryOptions);
  return <BillingPage search={search} isOperator={install.is_operator_organization} onSearch={(next) => void navigate({ search: next, replace: true })} />;
}
