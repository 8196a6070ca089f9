import { Link, createFileRoute } from '@tanstack/react-router';
import '../../../../features/org-settings/org-settings.css';
import { scheduledJobsQueryOptions } from '../../../../features/jobs/api.js';
import { JobsTable } from '../../../../features/jobs/jobs-table.js';
import { isBuiltPath } from '../../../../../shared/feature-areas.js';

export const Route = createFileRoute('/_app/admin/settings/')({
  // The jobs section is secondary: started here, it never holds up (or fails) the overview.
  loader: ({ context }) => void context.queryClient.prefetchQuery(scheduledJobsQueryOptions(null)),
  component: SettingsOverviewPage,
});

const SECTIONS = [
  { to: '/admin/settings/account', title: 'Account', text: 'The organization’s name and picture; closing the account.' },
  {
    to: '/admin/settings/configurations',
    title: 'Configurations',
    text: 'Allowed and blocked email domains, onboarding, public sign-up, and the email outbox with invitation links.',
  },
  { to: '/admin/settings/users', title: 'Users', text: 'People in the organization: invite, edit, import from a CSV file, remove.' },
  { to: '/admin/settings/teams', title: 'Teams', text: 'Teams with their manager, team lead and members.' },
  { to: '/admin/settings/pages', title: 'Pages', text: 'Which feature areas the organization uses.' },
  { to: '/admin/settings/billing', title: 'Billing', text: 'The plan, the seats (active people plus pending invitations) over a year, and invoices.' },
  { to: '/admin/settings/audit', title: 'Audit log', text: 'Sign-ins, access changes, exports and other security events; how long they are kept.' },
] as const;

/** The admin settings overview: one link per settings page this version has built, with what it holds. */
function SettingsOverviewPage() {
  return (
    <section className="page settings-page">
      <h1>Settings</h1>
      <p className="muted">Settings for the whole organization. Only admins see them.</p>
      <ul className="settings-links" aria-label="Settings pages">
        {SECTIONS.filter((section) => isBuiltPath(section.to)).map((section) => (
          <li key={section.to}>
            <Link to={section.to}>
              <strong>{section.title}</strong>
              <span>{section.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <JobsTable />
    </section>
  );
}
