import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../../components/ui/states.js';
import { assistantSettingsQueryOptions } from '../../../../features/assistant/assistant.api.js';
import { AssistantSettingsPage } from '../../../../features/assistant/assistant-settings-page.js';
import { featureAreasQueryOptions } from '../../../../features/feature-areas/api.js';

/** What the assistant may read, its optional model endpoint and how long conversations are kept (docs/decisions/0066). */
export const Route = createFileRoute('/_app/admin/ai-assistant/settings')({
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(assistantSettingsQueryOptions), context.queryClient.ensureQueryData(featureAreasQueryOptions)]),
  pendingComponent: () => <PendingView label="Loading the assistant’s settings…" />,
  component: AssistantSettingsPage,
});
