import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { notePrivateNotes } from './notes.tables.js';

/**
 * The SQL of the private part that the person a shared 1:1 note is about writes on it
 * (docs/decisions/0056). Only that person's own row is ever read or written here: the author's
 * private part is the note's body. Plain INSERT and UPDATE only (the search triggers of migration
 * 0018 come in BEFORE/AFTER pairs that an upsert would not keep), in the caller's transaction.
 */

export type PrivatePartRow = typeof notePrivateNotes.$inferSelect;

/**
 * Saves `userId`'s private part of the note when it is still at `baseVersion` (0: they have not
 * written one yet). Undefined when it moved on meanwhile (another tab of theirs saved): nothing saved.
 */
export function savePrivatePart(
  db: Db,
  note: { id: string; organization_id: string },
  userId: string,
  baseVersion: number,
  body: string,
): PrivatePartRow | undefined {
  const at = new Date().toISOString();
  if (baseVersion === 0) {
    const exists = db
      .select({ v: notePrivateNotes.version })
      .from(notePrivateNotes)
      .where(and(eq(notePrivateNotes.note_id, note.id), eq(notePrivateNotes.user_id, userId)))
      .get();
    if (exists) return undefined;
    return db
      .insert(notePrivateNotes)
      .values({ note_id: note.id, user_id: userId, organization_id: note.organization_id, body, version: 1, created_at: at, updated_at: at })
      .returning()
      .get();
  }
  return db
    .update(notePrivateNotes)
    .set({ body, version: sql`${notePrivateNotes.version} + 1`, updated_at: at })
    .where(and(eq(notePrivateNotes.note_id, note.id), eq(notePrivateNotes.user_id, userId), eq(notePrivateNotes.version, baseVersion)))
    .returning()
    .get();
}
