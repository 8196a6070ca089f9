import { createFileRoute } from '@tanstack/react-router';
import { ErrorView, PendingView } from '../../../../components/ui/states.js';
import { codeProcessQueryOptions } from '../../../../features/integrations/api.js';
import { CodeProcessPage } from '../../../../features/integrations/code-process-page.js';
import '../../../../features/org-settings/org-settings.css';

export const Route = createFileRoute('/_app/admin/integrations/code-process')({
  loader: ({ context }) => context.queryClient.ensureQueryData(codeProcessQueryOptions),
  pendingComponent: () => <PendingView label="Loading the code process…" />,
  errorComponent: ErrorView,
  component: CodeProcessPage,
});
