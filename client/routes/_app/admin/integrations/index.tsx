import { createFileRoute } from '@tanstack/react-router';
import { ErrorView, PendingView } from '../../../../components/ui/states.js';
import { integrationsQueryOptions } from '../../../../features/integrations/api.js';
import { IntegrationsPage } from '../../../../features/integrations/integrations-page.js';
import { slackWebhookQueryOptions } from '../../../../features/notifications/api.js';
import '../../../../features/org-settings/org-settings.css';

export const Route = createFileRoute('/_app/admin/integrations/')({
  // The connections load beside the Slack webhook; if they fail, the page still shows Slack and says so.
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(slackWebhookQueryOptions), context.queryClient.prefetchQuery(integrationsQueryOptions)]),
  pendingComponent: () => <PendingView label="Loading integrations…" />,
  errorComponent: ErrorView,
  component: IntegrationsPage,
});
