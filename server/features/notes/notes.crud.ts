import type { MercuriusContext } from 'mercurius';
import { badInput, conflict, forbidden } from '../../../shared/app-error.js';
import { isoDay } from '../../../shared/iso-day.js';
import { noteInputSchema, type NoteInput } from '../../../shared/notes.js';
import type { Db } from '../../db/connection.js';
import { requireViewer } from '../../graphql/context.js';
import { groupBy } from '../../graphql/loaders.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import type { FeaturePart } from '../feature-part.js';
import { notify } from '../notifications/notifications.deliver.js';
import { findUsersByIds } from '../users/users.repo.js';
import { loadAnyUser, loadUser } from '../users/users.loaders.js';
import { authorAccess, noteAccess, seenBy } from './notes.access.js';
import { bothOf, changeNote } from './notes.live.js';
import { savePrivatePart } from './notes.private.repo.js';
import {
  deleteNoteRow,
  insertNote,
  listAgendaOfNotes,
  saveNoteContent,
  setNoteNextDate,
  setNotePinned,
  setNoteShared,
  type AgendaItemRow,
  type NoteRow,
  type NoteValues,
} from './notes.repo.js';

type Ctx = MercuriusContext;

/** Tags as stored: trimmed and lower-cased by the shared schema, each once, in the order written. */
const uniqueTags = (tags: readonly string[]) => [...new Set(tags)];

/** The person a 1:1 note is about: someone else, active, of the viewer's organization. */
function checkAboutPerson(db: Db, viewer: Viewer, id: string): void {
  const field = (message: string) => badInput(`about_user_id: ${message}`, { fields: { about_user_id: message } });
  if (id === viewer.userId) throw field('A 1:1 note is about someone else, not yourself.');
  const person = findUsersByIds(db, viewer.organizationId, [id])[0];
  if (!person) throw field('No such person in this organization.');
  if (person.status === 'DEACTIVATED') throw field('This person is deactivated.');
}

/**
 * Tells the person a note is about that it was shared with them (kind one_on_ones): private, and
 * without the note's title, body or even its author, since no admin reads notes and mail reaches the
 * admins' outbox (docs/decisions/0048, 0055). The link opens the note, which says the rest.
 */
function notifyShared(ctx: Ctx, note: NoteRow): void {
  if (!note.about_user_id || !note.shared_at) return;
  void notify(ctx.services, {
    organizationId: note.organization_id,
    userIds: [note.about_user_id],
    kind: 'one_on_ones',
    private: true,
    title: 'A colleague shared 1:1 notes with you',
    link: `/notes/my-notes/${note.id}`,
  });
}

/** The agenda of a note, through the request's loader (one statement per list). */
export function loadAgenda(ctx: Ctx, noteId: string): Promise<AgendaItemRow[]> {
  return ctx.loaders.get<AgendaItemRow[]>('notes.agenda', (ids) => groupBy(listAgendaOfNotes(ctx.services.db, ids), (a) => a.note_id), []).load(noteId);
}

/**
 * The person a shared 1:1 note is about saves their own private part (docs/decisions/0056): `body`
 * only, with the version they started from (their own, not the author's). Only they hear of it.
 */
function savePrivateNotes(ctx: Ctx, viewer: Viewer, note: NoteRow, raw: Record<string, unknown>, baseVersion: number): NoteRow {
  if (Object.keys(raw).some((key) => key !== 'body' && raw[key] !== undefined)) {
    throw forbidden("Only the note's author can edit the title, tags or person. Your own private notes on this 1:1 are its body.");
  }
  const input = parseInput(noteInputSchema, raw);
  if (input.body === undefined) return note;
  const body = input.body;
  const { db } = ctx.services;
  return changeNote(ctx.services, note.id, [viewer.userId], () => {
    if (!savePrivatePart(db, note, viewer.userId, baseVersion, body)) {
      throw conflict(
        'Your private notes on this 1:1 changed meanwhile (another tab or device saved them). Your text is kept: copy it, reload the note and save again.',
      );
    }
    return seenBy(db, viewer, note.id);
  });
}

/** A note's fields as the viewer sees it: the row is already theirs (READABLE_NOTES), body, tags and version included. */
const noteFields = {
  Note: {
    // A removed author still has a name (a note shared with someone stays theirs to read).
    author: (n: NoteRow, _: unknown, ctx: Ctx) => loadAnyUser(ctx, n.author_id),
    about: (n: NoteRow, _: unknown, ctx: Ctx) => loadUser(ctx, n.about_user_id),
    pinned: (n: NoteRow, _: unknown, ctx: Ctx) => n.pinned && n.author_id === requireViewer(ctx).userId,
    shared: (n: NoteRow) => !!n.about_user_id && n.shared_at !== null,
    mine: (n: NoteRow, _: unknown, ctx: Ctx) => n.author_id === requireViewer(ctx).userId,
    agenda: (n: NoteRow, _: unknown, ctx: Ctx) => loadAgenda(ctx, n.id),
  },
  NoteAgendaItem: {
    done: (a: AgendaItemRow) => a.done_at !== null,
    done_by: (a: AgendaItemRow, _: unknown, ctx: Ctx) => loadUser(ctx, a.done_by),
    created_by: (a: AgendaItemRow, _: unknown, ctx: Ctx) => loadUser(ctx, a.created_by),
  },
};

const notesCrudResolvers = {
  ...noteFields,
  Query: {
    note: (_: unknown, args: { id: string }, ctx: Ctx) => noteAccess(ctx.services.db, requireViewer(ctx), args.id).note,
  },
  Mutation: {
    createNote: (_: unknown, args: { input: NoteInput }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const input = parseInput(noteInputSchema, args.input ?? {});
      const { db } = ctx.services;
      if (input.about_user_id) checkAboutPerson(db, viewer, input.about_user_id);
      const values: NoteValues = {
        title: input.title ?? '',
        body: input.body ?? '',
        tags: uniqueTags(input.tags ?? []),
        about_user_id: input.about_user_id ?? null,
        next_one_on_one: input.next_one_on_one ?? null,
      };
      return db.transaction(() => insertNote(db, viewer.organizationId, viewer.userId, values), { behavior: 'immediate' });
    },
    updateNote: (_: unknown, args: { id: string; input: NoteInput; base_version: number }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const { db } = ctx.services;
      const { note, isAuthor } = noteAccess(db, viewer, args.id);
      if (!isAuthor) return savePrivateNotes(ctx, viewer, note, (args.input ?? {}) as Record<string, unknown>, args.base_version);
      const input = parseInput(noteInputSchema, args.input ?? {});
      const set: Partial<NoteValues> = {};
      if (input.title !== undefined) set.title = input.title;
      if (input.body !== undefined) set.body = input.body;
      if (input.tags !== undefined) set.tags = uniqueTags(input.tags);
      if (input.next_one_on_one !== undefined) set.next_one_on_one = input.next_one_on_one;
      const aboutChanged = input.about_user_id !== undefined && (input.about_user_id ?? null) !== note.about_user_id;
      if (aboutChanged) {
        if (input.about_user_id) checkAboutPerson(db, viewer, input.about_user_id);
        set.about_user_id = input.about_user_id ?? null;
      }
      const change = {
        about: aboutChanged,
        shared: (set.title !== undefined && set.title !== note.title) || (set.next_one_on_one !== undefined && set.next_one_on_one !== note.next_one_on_one),
      };
      // The body and tags are the author's private part: only a change of a shared part or of the person is heard by the other side.
      const audience = change.about || change.shared ? [...bothOf(note), set.about_user_id] : [viewer.userId];
      return changeNote(ctx.services, note.id, audience, () => {
        const saved = saveNoteContent(db, note.id, args.base_version, set, change);
        if (!saved) throw conflict('This note changed meanwhile (another tab or device saved it). Your text is kept: copy it, reload the note and save again.');
        return saved;
      });
    },
    deleteNote: (_: unknown, args: { id: string }, ctx: Ctx) => {
      const note = authorAccess(ctx.services.db, requireViewer(ctx), args.id, 'delete it');
      changeNote(ctx.services, note.id, bothOf(note), () => deleteNoteRow(ctx.services.db, note.id));
      return true;
    },
    pinNote: (_: unknown, args: { id: string; pinned: boolean }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const note = authorAccess(ctx.services.db, viewer, args.id, 'pin it');
      return changeNote(ctx.services, note.id, [viewer.userId], () => {
        setNotePinned(ctx.services.db, note.id, !!args.pinned);
        return seenBy(ctx.services.db, viewer, note.id);
      });
    },
    shareNote: (_: unknown, args: { id: string; shared: boolean }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const { db } = ctx.services;
      const note = authorAccess(db, viewer, args.id, 'share it');
      if (args.shared && !note.about_user_id)
        throw badInput('Only a 1:1 note can be shared: choose the person it is about first.', {
          fields: { about_user_id: 'Choose the person this note is about.' },
        });
      const wasShared = note.shared_at !== null;
      if (args.shared === wasShared) return note;
      if (args.shared) checkAboutPerson(db, viewer, note.about_user_id!);
      const saved = changeNote(ctx.services, note.id, bothOf(note), () => {
        setNoteShared(db, note.id, args.shared ? new Date().toISOString() : null);
        return seenBy(db, viewer, note.id);
      });
      if (args.shared) notifyShared(ctx, saved);
      return saved;
    },
    setNoteNextOneOnOne: (_: unknown, args: { id: string; date?: string | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const { note } = noteAccess(ctx.services.db, viewer, args.id);
      const date = args.date ? parseInput(isoDay, args.date) : null;
      return changeNote(ctx.services, note.id, bothOf(note), () => {
        setNoteNextDate(ctx.services.db, note.id, date);
        return seenBy(ctx.services.db, viewer, note.id);
      });
    },
  },
};

export const notesCrudPart: FeaturePart = { resolvers: notesCrudResolvers };
