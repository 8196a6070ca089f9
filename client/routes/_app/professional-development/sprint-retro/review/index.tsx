import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PendingView } from '../../../../../components/ui/states.js';
import { retroTeamsQueryOptions, retrosQueryOptions } from '../../../../../features/retros/retros.api.js';
import { RetrosPage } from '../../../../../features/retros/retros-page.js';
import { lazySchema } from '../../../../../lib/lazy-schema.js';

/** ?team=<id> narrows the list to one team. */
const searchSchema = lazySchema(() => z.object({ team: z.string().min(1).max(64).optional().catch(undefined) }));

/** My teams' retros: running, upcoming and past, and "New retro". */
export const Route = createFileRoute('/_app/professional-development/sprint-retro/review/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([queryClient.ensureQueryData(retrosQueryOptions(deps.team ?? null)), queryClient.ensureQueryData(retroTeamsQueryOptions)]),
  pendingComponent: () => <PendingView label="Loading retros…" />,
  component: RetrosRoute,
});

function RetrosRoute() {
  return <RetrosPage teamId={Route.useSearch().team ?? null} />;
}
