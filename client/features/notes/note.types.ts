/**
 * Notes as the screens read them (server/features/notes/notes.schema.ts): one field list for the
 * query, the subscription and every mutation, so the cache holds one shape. A note is always as the
 * viewer sees it (docs/decisions/0056): `body` and `version` are their own private part's.
 */
export type Person = { id: string; full_name: string };
export type NoteAgendaItem = { id: string; text: string; done: boolean; done_at: string | null; done_by: Person | null; created_by: Person | null; created_at: string; version: number };
export type Note = {
  id: string; author: Person; title: string; body: string; tags: string[]; pinned: boolean; about: Person | null; shared: boolean; shared_at: string | null;
  mine: boolean; next_one_on_one: string | null; agenda: NoteAgendaItem[]; version: number; created_at: string; updated_at: string;
};
export type NoteListItem = { note: Note; title_match: string | null; snippet: string | null };
export type NotePage = { items: NoteListItem[]; total: number; next_cursor: string | null };
export type NotesOverview = { pinned: Note[]; recent: Note[]; next_one_on_ones: Array<{ note: Note; with: Person; date: string }> };

const PERSON = 'id full_name';
export const NOTE_FIELDS = `id author { ${PERSON} } title body tags pinned about { ${PERSON} } shared shared_at mine next_one_on_one agenda { id text done done_at done_by { ${PERSON} } created_by { ${PERSON} } created_at version } version created_at updated_at`;
export const NOTE_PAGE_FIELDS = `items { note { ${NOTE_FIELDS} } title_match snippet } total next_cursor`;
