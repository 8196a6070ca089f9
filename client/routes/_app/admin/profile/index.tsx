import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { orgChartQueryOptions } from '../../../../features/profile/api.js';
import { OrgChart } from '../../../../features/profile/org-chart.js';

export const Route = createFileRoute('/_app/admin/profile/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(orgChartQueryOptions),
  component: ProfilesPage,
});

/** Admins find anyone's profile: the organization chart, linking to the admin profile pages. */
function ProfilesPage() {
  const { data: people } = useSuspenseQuery(orgChartQueryOptions);
  return (
    <section className="page">
      <div className="row-between">
        <h1>Profiles</h1>
        <div className="profile-actions">
          <Link to="/admin/profile/user-profile" className="button button-secondary">
            My profile
          </Link>
          <Link to="/admin/profile/team" className="button button-secondary">
            Teams
          </Link>
        </div>
      </div>
      <OrgChart people={people} area="admin" />
    </section>
  );
}
