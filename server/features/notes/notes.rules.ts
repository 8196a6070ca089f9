import type { OperationRules } from '../../graphql/operation-rules.js';

/**
 * Who may call each notes operation (docs/decisions/0041, 0048). "Subject" is the note's author, or
 * for a shared 1:1 note also the person it is about (agenda, next 1:1 date, reading). Nobody else,
 * admins included.
 */
export const notesRules: OperationRules = {
  Query: { notes: 'SELF', note: 'SUBJECT', noteTags: 'SELF', notesOverview: 'SELF' },
  Mutation: {
    createNote: 'SELF',
    updateNote: 'SUBJECT',
    deleteNote: 'SUBJECT',
    pinNote: 'SUBJECT',
    shareNote: 'SUBJECT',
    setNoteNextOneOnOne: 'SUBJECT',
    addNoteAgendaItem: 'SUBJECT',
    updateNoteAgendaItem: 'SUBJECT',
    deleteNoteAgendaItem: 'SUBJECT',
  },
  Subscription: { noteChanged: 'SUBJECT' },
};
