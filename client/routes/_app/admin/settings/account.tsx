import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CloseAccountDialog } from '../../../../features/org-settings/close-account-dialog.js';
import { DemoDataSection } from '../../../../features/org-settings/demo-data-section.js';
import { organizationSettingsQueryOptions } from '../../../../features/org-settings/api.js';
import { demoDataQueryOptions } from '../../../../features/org-settings/demo-data-api.js';
import { OrganizationNameForm } from '../../../../features/org-settings/organization-name-form.js';
import { OrganizationPictureForm } from '../../../../features/org-settings/organization-picture-form.js';

export const Route = createFileRoute('/_app/admin/settings/account')({
  // The demo data check loads with the page (never failing it), so its section does not appear late and push the rest down (docs/decisions/0065).
  loader: ({ context: { queryClient } }) =>
    Promise.all([queryClient.ensureQueryData(organizationSettingsQueryOptions), queryClient.prefetchQuery(demoDataQueryOptions)]),
  component: AccountSettingsPage,
});

/** The organization's name and picture, removing the demo data, and closing the account. */
function AccountSettingsPage() {
  const { data: org } = useSuspenseQuery(organizationSettingsQueryOptions);
  return (
    <section className="page settings-page">
      <h1>Account</h1>
      <p className="muted">How your organization appears to everyone in it.</p>
      <OrganizationNameForm name={org.name} />
      <OrganizationPictureForm name={org.name} picture={org.profile_picture} />
      <DemoDataSection organizationName={org.name} />
      <CloseAccountDialog organizationName={org.name} />
    </section>
  );
}
