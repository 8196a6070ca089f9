import type { ResultOf } from '../../lib/graphql.js';
import type { NOTE, NOTES, NOTES_OVERVIEW } from './notes.api.js';

/**
 * Notes as the screens read them (server/features/notes/notes.schema.ts): one field list for the
 * query, the subscription and every mutation, so the cache holds one shape. A note is always as the
 * viewer sees it (docs/decisions/0056): `body` and `version` are their own private part's. The
 * types are those of the documents (schema.graphql).
 */
export type Note = ResultOf<typeof NOTE>['note'];
export type Person = Note['author'];
export type NoteAgendaItem = Note['agenda'][number];
export type NotePage = ResultOf<typeof NOTES>['notes'];
export type NoteListItem = NotePage['items'][number];
export type NotesOverview = ResultOf<typeof NOTES_OVERVIEW>['notesOverview'];

const PERSON = 'id full_name';
export const NOTE_FIELDS = `id author { ${PERSON} } title body tags pinned about { ${PERSON} } shared shared_at mine next_one_on_one agenda { id text done done_at done_by { ${PERSON} } created_by { ${PERSON} } created_at version } version created_at updated_at`;
export const NOTE_PAGE_FIELDS = `items { note { ${NOTE_FIELDS} } title_match snippet } total next_cursor`;
