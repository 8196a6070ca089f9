import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../components/ui/states.js';
import { frameworkQueryOptions } from '../../../features/growth/framework.api.js';
import { FrameworkPage } from '../../../features/growth/framework-page.js';
import { meQueryOptions } from '../../../features/users/api.js';

/** The competency framework: everyone reads it; admins keep it and place people (docs/decisions/0050). */
export const Route = createFileRoute('/_app/professional-development/framework')({
  loader: async ({ context }) => {
    await Promise.all([context.queryClient.ensureQueryData(frameworkQueryOptions), context.queryClient.ensureQueryData(meQueryOptions)]);
  },
  pendingComponent: () => <PendingView label="Loading the competency framework…" />,
  component: FrameworkPage,
});
