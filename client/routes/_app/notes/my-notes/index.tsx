import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { NOTE_LIMITS } from '../../../../../shared/notes.limits.js';
import { PendingView } from '../../../../components/ui/states.js';
import { noteTagsQueryOptions, notesListQueryOptions, notesOverviewQueryOptions } from '../../../../features/notes/notes.api.js';
import { NotesPage } from '../../../../features/notes/notes-page.js';
import { lazySchema } from '../../../../lib/lazy-schema.js';

/** ?q=<words> searches (ranked), ?tag=<tag> narrows to one tag. */
const searchSchema = lazySchema(() =>
  z.object({
    q: z.string().max(NOTE_LIMITS.searchMax).optional().catch(undefined),
    tag: z.string().min(1).max(NOTE_LIMITS.tagMax).optional().catch(undefined),
  }),
);

/** My notes and the notes shared with me: search, tags, pinned first, the next 1:1s and "New note". */
export const Route = createFileRoute('/_app/notes/my-notes/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ q: search.q, tag: search.tag }),
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(notesListQueryOptions(deps)),
      queryClient.ensureQueryData(noteTagsQueryOptions),
      queryClient.ensureQueryData(notesOverviewQueryOptions),
    ]),
  pendingComponent: () => <PendingView label="Loading your notes…" />,
  component: MyNotesRoute,
});

function MyNotesRoute() {
  const search = Route.useSearch();
  return <NotesPage search={search} />;
}
