/**
 * The notes screens' data (server/features/notes/notes.schema.ts): the list (search, tag), one note
 * kept live by the `noteChanged` subscription, the overview the dashboard card reads, and the
 * mutations. Every answer carrying a whole note goes through `applyNote`, so ['note', id] holds the
 * newest state whatever order the answers arrive in. Documents are static strings (the query-cost
 * test reads them).
 */
import { infiniteQueryOptions, queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { gql, gqlField, graphql, type ResultOf } from '../../lib/graphql.js';
import { useLiveObject, type LiveStatus } from '../../lib/live-object.js';
import { NOTE_FIELDS, type Note, type NoteListItem, type NotePage, type NotesOverview, type Person } from './note.types.js';

/** What a list shows of a note: no agenda (a page holds up to 100 notes). */
const PERSON = 'id full_name';
const NOTE_CARD_FIELDS = `id author { ${PERSON} } title body tags pinned about { ${PERSON} } shared mine next_one_on_one version updated_at`;
export type NoteCard = Pick<
  Note,
  'id' | 'author' | 'title' | 'body' | 'tags' | 'pinned' | 'about' | 'shared' | 'mine' | 'next_one_on_one' | 'version' | 'updated_at'
>;
export type NoteCardItem = Omit<NoteListItem, 'note'> & { note: NoteCard };
export type NoteCardPage = Omit<NotePage, 'items'> & { items: NoteCardItem[] };
export type NotesOverviewCards = { pinned: NoteCard[]; recent: NoteCard[]; next_one_on_ones: Array<{ note: NoteCard; with: Person; date: string }> };
export type { NotesOverview };

export type NotesSearch = { q?: string | undefined; tag?: string | undefined };

export const NOTES = graphql(
  `query Notes($filter: NoteFilter) { notes(filter: $filter) { items { note { ${NOTE_CARD_FIELDS} } title_match snippet } total next_cursor } }`,
);
export const NOTE = graphql(`query Note($id: ID!) { note(id: $id) { ${NOTE_FIELDS} } }`);
export const NOTE_TAGS = graphql('query NoteTags { noteTags { tag count } }');
export type NoteTagCount = ResultOf<typeof NOTE_TAGS>['noteTags'][number];
export const NOTES_OVERVIEW = graphql(
  `query NotesOverview { notesOverview { pinned { ${NOTE_CARD_FIELDS} } recent { ${NOTE_CARD_FIELDS} } next_one_on_ones { note { ${NOTE_CARD_FIELDS} } with { ${PERSON} } date } } }`,
);
export const NOTE_CHANGED = graphql(`subscription NoteChanged($id: ID!) { noteChanged(id: $id) { ${NOTE_FIELDS} } }`);

export const NOTES_PAGE_SIZE = 30;

export const notesListQueryOptions = (search: NotesSearch) =>
  infiniteQueryOptions({
    queryKey: ['notes', 'list', search.q?.trim() ?? '', search.tag ?? ''],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      (
        await gql(NOTES, {
          filter: { query: search.q?.trim() || null, tag: search.tag || null, first: NOTES_PAGE_SIZE, after: pageParam },
        })
      ).notes,
    getNextPageParam: (page) => page.next_cursor,
  });

export const noteTagsQueryOptions = queryOptions({
  queryKey: ['notes', 'tags'],
  queryFn: async () => (await gql(NOTE_TAGS)).noteTags,
});

export const notesOverviewQueryOptions = queryOptions({
  queryKey: ['notes', 'overview'],
  queryFn: async () => (await gql(NOTES_OVERVIEW)).notesOverview,
});

export const noteKey = (id: string) => ['note', id] as const;

/** The newer of two states of one note. The version grows with the viewer's own text saves only, so an equal version is the fresher read (agenda, date, sharing). */
export function newerNote(old: Note | null | undefined, next: Note | null | undefined): Note | null | undefined {
  if (!old || !next) return next;
  return next.version >= old.version ? next : old;
}

export const noteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: noteKey(id),
    queryFn: async () => (await gql(NOTE, { id })).note,
    structuralSharing: (old, next) => newerNote(old as Note | undefined, next as Note | undefined),
  });

export function applyNote(queryClient: QueryClient, note: Note): void {
  queryClient.setQueryData<Note>(noteKey(note.id), (old) => newerNote(old, note) ?? note);
}

/** Lists and the dashboard card read again after a change (not the open note: its answer is applied). */
function refreshLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['notes'] });
}

export type NoteFields = { title: string; body: string; tags: string[]; about_user_id: string | null };

export const M = {
  createNote: graphql(`mutation CreateNote($input: NoteInput!) { createNote(input: $input) { ${NOTE_FIELDS} } }`),
  updateNote: graphql(
    `mutation UpdateNote($id: ID!, $input: NoteInput!, $base_version: Int!) { updateNote(id: $id, input: $input, base_version: $base_version) { ${NOTE_FIELDS} } }`,
  ),
  pinNote: graphql(`mutation PinNote($id: ID!, $pinned: Boolean!) { pinNote(id: $id, pinned: $pinned) { ${NOTE_FIELDS} } }`),
  shareNote: graphql(`mutation ShareNote($id: ID!, $shared: Boolean!) { shareNote(id: $id, shared: $shared) { ${NOTE_FIELDS} } }`),
  setNoteNextOneOnOne: graphql(`mutation SetNoteNextOneOnOne($id: ID!, $date: String) { setNoteNextOneOnOne(id: $id, date: $date) { ${NOTE_FIELDS} } }`),
  addNoteAgendaItem: graphql(
    `mutation AddNoteAgendaItem($note_id: ID!, $text: String!) { addNoteAgendaItem(note_id: $note_id, text: $text) { ${NOTE_FIELDS} } }`,
  ),
  updateNoteAgendaItem: graphql(
    `mutation UpdateNoteAgendaItem($id: ID!, $text: String, $done: Boolean, $base_version: Int) { updateNoteAgendaItem(id: $id, text: $text, done: $done, base_version: $base_version) { ${NOTE_FIELDS} } }`,
  ),
  deleteNoteAgendaItem: graphql(`mutation DeleteNoteAgendaItem($id: ID!) { deleteNoteAgendaItem(id: $id) { ${NOTE_FIELDS} } }`),
};
export const DELETE_NOTE = graphql('mutation DeleteNote($id: ID!) { deleteNote(id: $id) }');

async function run(queryClient: QueryClient, answer: Promise<Note>): Promise<Note> {
  const note = await answer;
  applyNote(queryClient, note);
  void refreshLists(queryClient);
  return note;
}

/** The notes mutations; each applies the note it answers to the cache and refreshes the lists. */
export function notesApi(queryClient: QueryClient) {
  return {
    createNote: (input: Partial<NoteFields> & { next_one_on_one?: string | null }) => run(queryClient, gqlField(M.createNote, { input })),
    /** The author saves any of the fields; the person a shared note is about, `body` only (their own private notes). */
    updateNote: (id: string, input: Partial<NoteFields>, baseVersion: number) =>
      run(queryClient, gqlField(M.updateNote, { id, input, base_version: baseVersion })),
    pinNote: (id: string, pinned: boolean) => run(queryClient, gqlField(M.pinNote, { id, pinned })),
    shareNote: (id: string, shared: boolean) => run(queryClient, gqlField(M.shareNote, { id, shared })),
    setNextOneOnOne: (id: string, date: string | null) => run(queryClient, gqlField(M.setNoteNextOneOnOne, { id, date })),
    addAgendaItem: (noteId: string, text: string) => run(queryClient, gqlField(M.addNoteAgendaItem, { note_id: noteId, text })),
    /** A new text goes with the version it was edited from (`base_version`): a stale one is CONFLICT. */
    updateAgendaItem: (id: string, patch: { done: boolean } | { text: string; base_version: number }) =>
      run(queryClient, gqlField(M.updateNoteAgendaItem, { id, ...patch })),
    deleteAgendaItem: (id: string) => run(queryClient, gqlField(M.deleteNoteAgendaItem, { id })),
    deleteNote: async (id: string) => {
      await gql(DELETE_NOTE, { id });
      queryClient.removeQueries({ queryKey: noteKey(id), exact: true });
      await refreshLists(queryClient);
    },
    /** The note as the server has it now (after a CONFLICT). */
    fetchLatest: async (id: string) => {
      const note = (await gql(NOTE, { id })).note;
      applyNote(queryClient, note);
      return note;
    },
  };
}
export type NotesApi = ReturnType<typeof notesApi>;

export function useNotesApi(): NotesApi {
  const queryClient = useQueryClient();
  const [api] = useState(() => notesApi(queryClient));
  return api;
}

/** 'ended': the server ended it (the note was deleted or is no longer shared with the viewer). */
export type { LiveStatus };

/**
 * Keeps ['note', id] current while the note is open: talking points, the 1:1 date and the author's
 * saves from another browser. When the socket comes back the note is read again.
 */
export function useNoteLive(id: string): { status: LiveStatus; retry: () => void } {
  return useLiveObject({ document: NOTE_CHANGED, field: 'noteChanged', id, queryKey: noteKey(id), apply: applyNote, onComplete: 'ended' });
}
