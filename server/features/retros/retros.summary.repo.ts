import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { retroComments, retroGroups, retroReflections } from './retros.tables.js';

/** What an ended retro's summary and its export read (retros.summary.ts, retros.summary.export.ts). */

/** The topics (groups) with their votes, most votes first, then in board order. */
export function topicsByVotes(db: Db, retroId: string): Array<{ title: string; votes: number }> {
  return db
    .select({ title: retroGroups.title, votes: retroGroups.votes })
    .from(retroGroups)
    .where(eq(retroGroups.retro_id, retroId))
    .orderBy(desc(retroGroups.votes), asc(retroGroups.sort_order), asc(retroGroups.id))
    .all();
}

/** The board's rows: groups by votes then board order, reflections and comments in board order. */
export function boardRows(db: Db, retroId: string) {
  const groups = db
    .select()
    .from(retroGroups)
    .where(eq(retroGroups.retro_id, retroId))
    .orderBy(desc(retroGroups.votes), asc(retroGroups.sort_order), asc(retroGroups.created_at), asc(retroGroups.id))
    .all();
  const reflections = db
    .select()
    .from(retroReflections)
    .where(eq(retroReflections.retro_id, retroId))
    .orderBy(asc(retroReflections.sort_order), asc(retroReflections.created_at), asc(retroReflections.id))
    .all();
  const comments = db.select().from(retroComments).where(eq(retroComments.retro_id, retroId)).orderBy(asc(retroComments.position), asc(retroComments.id)).all();
  return { groups, reflections, comments };
}
