import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../../../components/ui/states.js';
import { slackWebhookQueryOptions } from '../../../../features/notifications/api.js';
import { SlackSettings } from '../../../../features/notifications/slack-settings.js';
import '../../../../features/org-settings/org-settings.css';

export const Route = createFileRoute('/_app/admin/integrations/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(slackWebhookQueryOptions),
  component: IntegrationsPage,
});

function IntegrationsPage() {
  return (
    <section className="page settings-page">
      <h1>Integrations</h1>
      <p className="muted">Connect the services your organization already uses. Each one is optional: Teamlens works without them.</p>
      <SlackSettings />
      <EmptyState title="Code host and issue tracker: not available yet">
        <p>Connecting GitHub, Bitbucket, Jira and Azure Boards with a token, and following their syncs, comes in a later version of Teamlens.</p>
        <p className="muted">Nothing is synced from them today, and no sample data is made up.</p>
      </EmptyState>
    </section>
  );
}
