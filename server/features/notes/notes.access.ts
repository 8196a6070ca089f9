import { forbidden, notFound } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { readNote, type NoteRow } from './notes.repo.js';

/**
 * Who reads a note (docs/decisions/0048, 0056), THE one rule, used by every path (note, lists,
 * search, tags, overview, live changes, export): its author, and the person it is about once the
 * author shared it. Nobody else: not their manager, not an admin. A note the viewer may not read is
 * NOT_FOUND, never FORBIDDEN (its existence is not told either). The same rule as SQL, for lists,
 * search, tags, the overview and the export: READABLE_NOTES_SQL (notes.repo.ts). What each of the
 * two reads of a shared note: READABLE_NOTES (the other person's private part is never in it).
 */
export function canReadNote(viewer: Viewer, note: Pick<NoteRow, 'organization_id' | 'author_id' | 'about_user_id' | 'shared_at'>): boolean {
  if (note.organization_id !== viewer.organizationId) return false;
  return note.author_id === viewer.userId || (note.about_user_id === viewer.userId && note.shared_at !== null);
}

export type NoteAccess = { note: NoteRow; isAuthor: boolean };

/** The note as the viewer sees it (readNote), or NOT_FOUND. */
export function noteAccess(db: Db, viewer: Viewer, noteId: string): NoteAccess {
  const note = typeof noteId === 'string' && noteId ? readNote(db, { org: viewer.organizationId, viewer: viewer.userId }, noteId) : undefined;
  if (!note || !canReadNote(viewer, note)) throw notFound('Note');
  return { note, isAuthor: note.author_id === viewer.userId };
}

/** Only the author writes the title, body and tags, chooses the person, pins, shares and deletes. */
export function authorAccess(db: Db, viewer: Viewer, noteId: string, what = 'change this note'): NoteRow {
  const { note, isAuthor } = noteAccess(db, viewer, noteId);
  if (!isAuthor) throw forbidden(`Only the note's author can ${what}.`);
  return note;
}

/** The note as the viewer sees it now (after a write of theirs). */
export function seenBy(db: Db, viewer: Viewer, noteId: string): NoteRow {
  return noteAccess(db, viewer, noteId).note;
}
