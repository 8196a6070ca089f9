import { totalChanges, type Db } from '../../db/connection.js';
import { readRetroState } from './retros.state.repo.js';
import type { retroComments, retroGroups, retroHealthAnswers, retroParticipants, retroReflections, retroVotes } from './retros.tables.js';

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
 * The live state rows of a retro at `version` (the version of the Retro row being resolved),
 * shared by every subscriber and field of that version: 50 participants resolving the same event
 * read the tables once. When the database has moved on, the newer state is returned; the caller's
 * next event carries it anyway. A cached state is used only while the connection's count of changed
 * rows (totalChanges, server/db/connection.ts) has not moved since it was read: any write anywhere
 * moves it, even by code that wrote board rows without going through changeRetro (tests, seeds).
 */
export function loadRetroState(db: Db, retroId: string, version: number): RetroState {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const changes = totalChanges(db);
  const hit = cache.get(retroId);
  // Nothing written since it was read: it is the state now (the version asked for, or newer).
  if (hit && hit.changes === changes && hit.state.version >= version) return hit.state;
  const state = readRetroState(db, retroId) ?? {
    version,
    reflections: [],
    groups: [],
    votes: [],
    health: [],
    participants: [],
    comments: [],
    earlier: false,
    teamSize: 0,
  };
  // Only the latest state of each retro is kept (a write anywhere makes older ones useless), for the most recently read retros.
  cache.delete(retroId);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(retroId, { state, changes });
  return state;
}
