import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../../../components/ui/states.js';
import { orgChartQueryOptions } from '../../../../features/profile/api.js';
import { OrgChart } from '../../../../features/profile/org-chart.js';

export const Route = createFileRoute('/_app/profile/user-profile/organization-chart')({
  loader: ({ context }) => context.queryClient.ensureQueryData(orgChartQueryOptions),
  component: OrganizationChartPage,
});

function OrganizationChartPage() {
  const { data: people } = useSuspenseQuery(orgChartQueryOptions);
  return (
    <section className="page">
      <h1>Organization chart</h1>
      <p className="muted">Who reports to whom. People without a manager are at the top.</p>
      {people.length === 0 ? (
        <EmptyState title="Nobody here yet">
          <p>People appear once an admin adds them.</p>
        </EmptyState>
      ) : (
        <OrgChart people={people} area="user" />
      )}
    </section>
  );
}
