import type { MercuriusContext } from 'mercurius';
import { badInput, conflict, notFound } from '../../../shared/app-error.js';
import { agendaItemTextSchema } from '../../../shared/notes.js';
import { NOTE_LIMITS } from '../../../shared/notes.limits.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import type { FeaturePart } from '../feature-part.js';
import { notify } from '../notifications/notifications.deliver.js';
import { noteAccess, seenBy, type NoteAccess } from './notes.access.js';
import { bothOf, changeNote } from './notes.live.js';
import {
  countAgendaItems,
  deleteAgendaItemRow,
  findAgendaItem,
  insertAgendaItem,
  saveAgendaItemText,
  setAgendaItemDone,
  touchNote,
  type NoteRow,
} from './notes.repo.js';

type Ctx = MercuriusContext;

/** The talking point and its note, as the viewer may reach them (NOT_FOUND otherwise, like the note). */
function itemAccess(ctx: Ctx, viewer: Viewer, itemId: string): NoteAccess & { itemId: string } {
  const item = typeof itemId === 'string' && itemId ? findAgendaItem(ctx.services.db, viewer.organizationId, itemId) : undefined;
  if (!item) throw notFound('Talking point');
  try {
    return { ...noteAccess(ctx.services.db, viewer, item.note_id), itemId: item.id };
  } catch {
    throw notFound('Talking point');
  }
}

/**
 * A talking point added to a shared 1:1 note tells the other side (kind one_on_ones), privately and
 * in words that name neither the point, the note nor who added it: emails reach the admins' outbox,
 * who read no notes (docs/decisions/0055). A private note (not shared) tells no one.
 */
function notifyTalkingPoint(ctx: Ctx, note: NoteRow, byUserId: string): void {
  if (!note.about_user_id || !note.shared_at) return;
  const other = byUserId === note.author_id ? note.about_user_id : note.author_id;
  void notify(ctx.services, {
    organizationId: note.organization_id,
    userIds: [other],
    kind: 'one_on_ones',
    private: true,
    title: 'A talking point was added to your 1:1 notes',
    link: `/notes/my-notes/${note.id}`,
  });
}

/**
 * The agenda of a 1:1 note: the author and, once shared, the person it is about add, edit, tick off
 * and remove talking points; both hear every change. Adding at once is safe (each point is a row);
 * editing the text of one point needs the version it started from, so two edits at once never
 * overwrite each other silently (docs/decisions/0056).
 */
const notesAgendaResolvers = {
  Mutation: {
    addNoteAgendaItem: (_: unknown, args: { note_id: string; text: string }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const { note } = noteAccess(ctx.services.db, viewer, args.note_id);
      const text = parseInput(agendaItemTextSchema, args.text);
      const { db } = ctx.services;
      const saved = changeNote(ctx.services, note.id, bothOf(note), () => {
        if (countAgendaItems(db, note.id) >= NOTE_LIMITS.agendaItemsMax) {
          throw badInput(`A note holds at most ${NOTE_LIMITS.agendaItemsMax} talking points: remove done ones first.`, {
            fields: { text: 'Too many talking points.' },
          });
        }
        insertAgendaItem(db, note, text, viewer.userId);
        touchNote(db, note.id);
        return seenBy(db, viewer, note.id);
      });
      notifyTalkingPoint(ctx, saved, viewer.userId);
      return saved;
    },
    updateNoteAgendaItem: (_: unknown, args: { id: string; text?: string | null; done?: boolean | null; base_version?: number | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const { note, itemId } = itemAccess(ctx, viewer, args.id);
      const text = args.text === undefined || args.text === null ? undefined : parseInput(agendaItemTextSchema, args.text);
      const done = args.done === undefined || args.done === null ? undefined : !!args.done;
      const base = args.base_version;
      if (text !== undefined && (typeof base !== 'number' || !Number.isInteger(base))) {
        throw badInput('base_version: the version of the talking point the new text is based on is needed.', {
          fields: { base_version: 'Needed with a new text.' },
        });
      }
      const { db } = ctx.services;
      return changeNote(ctx.services, note.id, bothOf(note), () => {
        if (text !== undefined && !saveAgendaItemText(db, itemId, text, base!)) {
          throw conflict('This talking point was changed meanwhile by someone else. Your text is kept: compare it with theirs and save again.');
        }
        if (done !== undefined) setAgendaItemDone(db, itemId, done, viewer.userId);
        touchNote(db, note.id);
        return seenBy(db, viewer, note.id);
      });
    },
    deleteNoteAgendaItem: (_: unknown, args: { id: string }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const { note, itemId } = itemAccess(ctx, viewer, args.id);
      return changeNote(ctx.services, note.id, bothOf(note), () => {
        deleteAgendaItemRow(ctx.services.db, itemId);
        touchNote(ctx.services.db, note.id);
        return seenBy(ctx.services.db, viewer, note.id);
      });
    },
  },
};

export const notesAgendaPart: FeaturePart = { resolvers: notesAgendaResolvers };
