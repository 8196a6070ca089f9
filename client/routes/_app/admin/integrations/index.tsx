import { createFileRoute } from '@tanstack/react-router';
import { ErrorView, PendingView } from '../../../../components/ui/states.js';
import { integrationsQueryOptions } from '../../../../features/integrations/api.js';
import { IntegrationsPage } from '../../../../features/integrations/integrations-page.js';
import { slackWebhookQueryOptions } from '../../../../features/notifications/api.js';
import '../../../../features/org-settings/org-settings.css';

export const Route = createFileRoute('/_app/admin/integrations/')({
  loader: ({ context }) => Promise.all([
    context.queryClient.ensureQueryData(slackWebhookQueryOptions),
    context.queryClient.ensureQueryData(integrationsQueryOptions),
  ]),
  pendingComponent: () => <PendingView label="Loading integrations…" />,
  errorComponent: ErrorView,
  component: IntegrationsPage,
});
