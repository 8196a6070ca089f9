import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { emailOutboxQueryOptions, organizationSettingsQueryOptions } from '../../../../features/org-settings/api.js';
import { DomainListEditor } from '../../../../features/org-settings/domain-list-editor.js';
import { EmailOutboxList } from '../../../../features/org-settings/email-outbox-list.js';
import { OnboardingSettings } from '../../../../features/org-settings/onboarding-settings.js';
import { installSignUpQueryOptions } from '../../../../features/org-settings/install-api.js';
import { SignUpSetting } from '../../../../features/org-settings/sign-up-setting.js';
import { BackupsSection } from '../../../../features/org-settings/backups-section.js';

export const Route = createFileRoute('/_app/admin/settings/configurations')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(organizationSettingsQueryOptions),
      context.queryClient.ensureQueryData(emailOutboxQueryOptions),
      context.queryClient.ensureQueryData(installSignUpQueryOptions),
    ]),
  component: ConfigurationsPage,
});

/** Email domain rules, onboarding, public sign-up and backups (operator organization), and the email outbox. */
function ConfigurationsPage() {
  const { data: org } = useSuspenseQuery(organizationSettingsQueryOptions);
  return (
    <section className="page settings-page">
      <h1>Configurations</h1>
      <p className="muted">Teamlens refuses addresses at free and disposable mail providers for new people. These lists change that for your organization.</p>
      <DomainListEditor
        field="allowed_email_domains"
        title="Allowed domains"
        noun="an allowed domain"
        description="Addresses at these domains are accepted even when they are free or disposable mail providers, and even when a blocked domain covers them."
        emptyText="No allowed domains: only the built-in lists apply."
        domains={org.allowed_email_domains}
      />
      <DomainListEditor
        field="blocked_email_domains"
        title="Blocked domains"
        noun="a blocked domain"
        description="Addresses at these domains are refused like free mail providers, for example a contractor’s domain."
        emptyText="No blocked domains: only the built-in lists apply."
        domains={org.blocked_email_domains}
      />
      <OnboardingSettings phase={org.onboarding_phase} skipped={org.is_onboarding_phase_skipped} />
      <SignUpSetting />
      <BackupsSection />
      <EmailOutboxList />
    </section>
  );
}
