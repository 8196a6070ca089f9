import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { hasEarlierRetro, teamSizes } from './retros.repo.js';
import type { RetroState } from './retros.state.js';
import { retroComments, retroGroups, retroHealthAnswers, retroParticipants, retroReflections, retros, retroVotes } from './retros.tables.js';

/** A retro's live state, read in one transaction (retros.state.ts caches it per version); null: no such retro. */
export function readRetroState(db: Db, retroId: string): RetroState | null {
  // better-sqlite3 is synchronous: these reads see one state, no change can come in between.
  return db.transaction(() => {
    const row = db.select().from(retros).where(eq(retros.id, retroId)).get();
    if (!row) return null;
    return Object.freeze({
      version: row.version,
      earlier: hasEarlierRetro(db, row),
      teamSize: teamSizes(db, row.organization_id, [row.team_id]).get(row.team_id) ?? 0,
      reflections: db
        .select()
        .from(retroReflections)
        .where(eq(retroReflections.retro_id, retroId))
        .orderBy(asc(retroReflections.sort_order), asc(retroReflections.created_at), asc(retroReflections.id))
        .all(),
      groups: db
        .select()
        .from(retroGroups)
        .where(eq(retroGroups.retro_id, retroId))
        .orderBy(asc(retroGroups.sort_order), asc(retroGroups.created_at), asc(retroGroups.id))
        .all(),
      votes: db.select().from(retroVotes).where(eq(retroVotes.retro_id, retroId)).all(),
      health: db.select().from(retroHealthAnswers).where(eq(retroHealthAnswers.retro_id, retroId)).all(),
      participants: db
        .select()
        .from(retroParticipants)
        .where(eq(retroParticipants.retro_id, retroId))
        .orderBy(asc(retroParticipants.joined_at), asc(retroParticipants.user_id))
        .all(),
      comments: db
        .select()
        .from(retroComments)
        .where(eq(retroComments.retro_id, retroId))
        .orderBy(asc(retroComments.group_id), asc(retroComments.position), asc(retroComments.id))
        .all(),
    });
  });
}
