import { createFileRoute } from '@tanstack/react-router';
import { ErrorView, PendingView } from '../../../../components/ui/states.js';
import { NoteEditorPage } from '../../../../features/notes/note-editor-page.js';
import { noteQueryOptions } from '../../../../features/notes/notes.api.js';
import { pickablePeopleQueryOptions } from '../../../../features/teams/api.js';
import { meQueryOptions } from '../../../../features/users/api.js';
import { parseIdParams } from '../../../../lib/route-params.js';

/** One note: mine in the editor (autosaved, live preview), or one shared with me; a 1:1 note's agenda kept live by noteChanged. */
export const Route = createFileRoute('/_app/notes/my-notes/$id')({
  params: { parse: parseIdParams },
  loader: async ({ context: { queryClient }, params }) => {
    const [note] = await Promise.all([queryClient.ensureQueryData(noteQueryOptions(params.id)), queryClient.ensureQueryData(meQueryOptions)]);
    // The person picker's list, for the author only (it is read in the background if this fails).
    if (note.mine) await queryClient.ensureQueryData(pickablePeopleQueryOptions).catch(() => undefined);
  },
  pendingComponent: () => <PendingView label="Loading the note…" />,
  errorComponent: ErrorView,
  component: NoteRoute,
});

function NoteRoute() {
  const { id } = Route.useParams();
  return <NoteEditorPage key={id} id={id} />;
}
