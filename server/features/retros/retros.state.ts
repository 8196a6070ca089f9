import { asc, eq } from 'drizzle-orm';
import { totalChanges, type Db } from '../../db/connection.js';
import { hasEarlierRetro } from './retros.phases.js';
import { teamSizes } from './retros.repo.js';
import { retroComments, retroGroups, retroHealthAnswers, retroParticipants, retroReflections, retros, retroVotes } from './retros.tables.js';

export type RetroReflectionRow = typeof retroReflections.$inferSelect;
export type RetroGroupRow = typeof retroGroups.$inferSelect;
export type RetroVoteRow = typeof retroVotes.$inferSelect;
export type RetroHealthAnswerRow = typeof retroHealthAnswers.$inferSelect;
export type RetroParticipantRow = typeof retroParticipants.$inferSelect;
export type RetroCommentRow = typeof retroComments.$inferSelect;

/**
 * The rows of a retro's live state at one version, the same for every viewer: per-viewer fields
 * (mine, my_votes, my_score) are computed from them with the viewer's token. Frozen: never change them.
 */
export type RetroState = {
  version: number;
  reflections: readonly RetroReflectionRow[];
  groups: readonly RetroGroupRow[];
  votes: readonly RetroVoteRow[];
  health: readonly RetroHealthAnswerRow[];
  participants: readonly RetroParticipantRow[];
  /** Comments of the topics, each topic's in the order they were written (docs/decisions/0059). */
  comments: readonly RetroCommentRow[];
  /** The team held a retro before this one (the REVIEW_ACTIONS phase applies). */
  earlier: boolean;
  /** Active people of the team now. */
  teamSize: number;
};

const CACHE_MAX = 64;
type Cached = { state: RetroState; changes: number };
const caches = new WeakMap<Db, Map<string, Cached>>();

/**
 * Rows changed on this connection since it opened (SQLite's total_changes()): any write anywhere
 * moves it, so a cached state is used only while nothing at all was written since it was read, even
 * by code that wrote board rows without going through changeRetro (tests, seeds).
 */

function read(db: Db, retroId: string): RetroState | null {
  // better-sqlite3 is synchronous: these reads see one state, no change can come in between.
  return db.transaction(() => {
    const row = db.select().from(retros).where(eq(retros.id, retroId)).get();
    if (!row) return null;
    return Object.freeze({
      version: row.version,
      earlier: hasEarlierRetro(db, row),
      teamSize: teamSizes(db, row.organization_id, [row.team_id]).get(row.team_id) ?? 0,
      reflections: db.select().from(retroReflections).where(eq(retroReflections.retro_id, retroId)).orderBy(asc(retroReflections.sort_order), asc(retroReflections.created_at), asc(retroReflections.id)).all(),
      groups: db.select().from(retroGroups).where(eq(retroGroups.retro_id, retroId)).orderBy(asc(retroGroups.sort_order), asc(retroGroups.created_at), asc(retroGroups.id)).all(),
      votes: db.select().from(retroVotes).where(eq(retroVotes.retro_id, retroId)).all(),
      health: db.select().from(retroHealthAnswers).where(eq(retroHealthAnswers.retro_id, retroId)).all(),
      participants: db.select().from(retroParticipants).where(eq(retroParticipants.retro_id, retroId)).orderBy(asc(retroParticipants.joined_at), asc(retroParticipants.user_id)).all(),
      comments: db.select().from(retroComments).where(eq(retroComments.retro_id, retroId)).orderBy(asc(retroComments.group_id), asc(retroComments.position), asc(retroComments.id)).all(),
    });
  });
}

/**
 * The live state rows of a retro at `version` (the version of the Retro row being resolved),
 * shared by every subscriber and field of that version: 50 participants resolving the same event
 * read the tables once. When the database has moved on, the newer state is returned; the caller's
 * next event carries it anyway.
 */
export function loadRetroState(db: Db, retroId: string, version: number): RetroState {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const changes = totalChanges(db);
  const hit = cache.get(retroId);
  // Nothing written since it was read: it is the state now (the version asked for, or newer).
  if (hit && hit.changes === changes && hit.state.version >= version) return hit.state;
  const state = read(db, retroId) ?? { version, reflections: [], groups: [], votes: [], health: [], participants: [], comments: [], earlier: false, teamSize: 0 };
  // Only the latest state of each retro is kept (a write anywhere makes older ones useless), for the most recently read retros.
  cache.delete(retroId);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(retroId, { state, changes });
  return state;
}
