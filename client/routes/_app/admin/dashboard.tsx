import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { adminDashboardQueryOptions } from '../../../features/admin-dashboard/api.js';
import { EngagementSection, HeadcountTiles, PendingInvitations, RecentSignIns } from '../../../features/admin-dashboard/dashboard-sections.js';
import { PublicInbox } from '../../../features/admin-dashboard/public-inbox.js';
import { ActiveReviewCycles } from '../../../features/admin-dashboard/active-cycles.js';
import { EmailSetupBanner } from '../../../features/admin-dashboard/email-setup-banner.js';
import { emailDeliveryQueryOptions } from '../../../features/org-settings/install-api.js';
import { reviewCyclesQueryOptions } from '../../../features/review-cycles/review-cycles.api.js';

export const Route = createFileRoute('/_app/admin/dashboard')({
  // The email banner at the top and the review cycles card load with the page (in parallel, never
  // failing it), so neither appears late and pushes the page down (docs/decisions/0065).
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(adminDashboardQueryOptions),
      queryClient.prefetchQuery(emailDeliveryQueryOptions),
      queryClient.prefetchQuery(reviewCyclesQueryOptions),
    ]),
  component: AdminDashboardPage,
});

function AdminDashboardPage() {
  const { data } = useSuspenseQuery(adminDashboardQueryOptions);
  const d = data.adminDashboard;
  return (
    <section className="page dash-page">
      <div className="row-between">
        <h1>Admin dashboard</h1>
        <Link to="/admin/settings/users" className="button button-secondary button-small">
          Manage users
        </Link>
      </div>
      <EmailSetupBanner />
      <HeadcountTiles headcount={d.headcount} />
      <div className="dash-grid">
        <PendingInvitations pending={d.pending_invitations} />
        <RecentSignIns people={d.recent_sign_ins} />
      </div>
      <ActiveReviewCycles />
      <EngagementSection days={d.engagement_by_day} pages={d.top_pages} />
      {data.readsPublicForms && <PublicInbox />}
    </section>
  );
}
