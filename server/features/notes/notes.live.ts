import type { MercuriusContext } from 'mercurius';
import type { Services } from '../../services.js';
import { requireViewer } from '../../graphql/context.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { retroEvents } from '../retros/retros.meeting.events.js';
import { canReadNote, noteAccess } from './notes.access.js';
import { findNote } from './notes.repo.js';

/**
 * The topic of one note's changes for one of its readers. Events carry nothing: each subscriber
 * reads the note as they may. Per reader, so that a change of one person's private part is heard
 * by that person only (docs/decisions/0056): the other one is not even told that something moved.
 */
export const noteTopic = (noteId: string, userId: string) => `note:${noteId}:changed:${userId}`;

/** Who hears a change: both people of a 1:1 note (a shared part changed), or one (their private part). */
export type Audience = ReadonlyArray<string | null | undefined>;
export const bothOf = (note: { author_id: string; about_user_id: string | null }): Audience => [note.author_id, note.about_user_id];

/**
 * The one way to change a note: `fn` runs in one transaction (nothing half-written; a failing `fn`
 * changes nothing and tells no one), and after the commit the `audience`'s subscriptions to the
 * note are told. The response cache needs nothing more: every write to notes, note_agenda_items or
 * note_private_notes makes the answers that read them stale (docs/decisions/0039).
 */
export function changeNote<T>(services: Services, noteId: string, audience: Audience, fn: () => T): T {
  const result = services.db.transaction(fn, { behavior: 'immediate' });
  for (const userId of new Set(audience)) if (userId) services.pubsub.publish(noteTopic(noteId, userId), true);
  return result;
}

type Ctx = MercuriusContext;

/**
 * noteChanged: the note after each change, for its readers only, each as they see it. Access is
 * checked when subscribing (NOT_FOUND for anyone else, like the note query) and again before every
 * event: once the note is unshared or deleted, or the organization switches notes off, the
 * subscription ends (complete) instead of telling anything. Events are coalesced (retroEvents): the
 * first comes at once, and a subscriber never gets an older state after a newer one.
 */
const notesLiveResolvers = {
  Subscription: {
    noteChanged: {
      subscribe: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const { note } = noteAccess(ctx.services.db, viewer, args.id);
        const { db } = ctx.services;
        return retroEvents(
          ctx.services.pubsub,
          noteTopic(note.id, viewer.userId),
          () => {},
          () => {
            if (!isFeatureAreaOn(db, viewer.organizationId, 'NOTES')) return false;
            const now = findNote(db, viewer.organizationId, note.id);
            return !!now && canReadNote(viewer, now);
          },
        );
      },
      resolve: (_event: unknown, args: { id: string }, ctx: Ctx) => noteAccess(ctx.services.db, requireViewer(ctx), args.id).note,
    },
  },
};

export const notesLivePart: FeaturePart = { resolvers: notesLiveResolvers };
