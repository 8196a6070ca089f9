import { createFileRoute } from '@tanstack/react-router';
import { PendingView } from '../../../../components/ui/states.js';
import { retroHealthChecksQueryOptions, retroTemplatesQueryOptions } from '../../../../features/retros/retro-templates.api.js';
import { RetroTemplatesPage } from '../../../../features/retros/retro-templates-page.js';

/** Retro templates and health check sets: everyone signed in reads, creates and copies them. */
export const Route = createFileRoute('/_app/professional-development/sprint-retro/templates')({
  loader: async ({ context }) => {
    await Promise.all([context.queryClient.ensureQueryData(retroTemplatesQueryOptions), context.queryClient.ensureQueryData(retroHealthChecksQueryOptions)]);
  },
  pendingComponent: () => <PendingView label="Loading retro templates…" />,
  component: RetroTemplatesPage,
});
