import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/tokens.js';
import { insertNote } from './notes.repo.js';
import { noteAgendaItems } from './notes.tables.js';

/**
 * The notes objects of the authorization matrix (docs/decisions/0041, 0048): a private 1:1 note the
 * subject wrote about their manager, not shared (so only the subject may do anything with it), with
 * a talking point. deleteNote, deleteNoteAgendaItem and shareNote take fresh ones.
 */
export function insertMatrixNote(app: FastifyInstance, orgId: string, authorId: string, aboutId: string): string {
  return insertNote(app.services.db, orgId, authorId, {
    title: 'Matrix note',
    body: 'Private matrix body',
    tags: ['matrix'],
    about_user_id: aboutId,
    next_one_on_one: null,
  }).id;
}

export function insertMatrixAgendaItem(app: FastifyInstance, orgId: string, noteId: string, authorId: string): string {
  const id = newId();
  app.services.db.insert(noteAgendaItems).values({ id, organization_id: orgId, note_id: noteId, text: 'Matrix point', created_by: authorId }).run();
  return id;
}

export function seedNotesObjects(app: FastifyInstance, p: { orgId: string; subjectId: string; ownManagerId: string }) {
  const noteId = insertMatrixNote(app, p.orgId, p.subjectId, p.ownManagerId);
  return { noteId, agendaItemId: insertMatrixAgendaItem(app, p.orgId, noteId, p.subjectId) };
}
