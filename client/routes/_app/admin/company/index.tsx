import { createFileRoute } from '@tanstack/react-router';
import { CompanyOverviewPage } from '../../../../features/structure/company-overview-page.js';
import { structureQueryOptions } from '../../../../features/structure/api.js';
import { organizationQueryOptions } from '../../../../features/users/api.js';

export const Route = createFileRoute('/_app/admin/company/')({
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(organizationQueryOptions), context.queryClient.ensureQueryData(structureQueryOptions)]),
  component: CompanyOverviewPage,
});
