import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { tallyVotes } from './retros.board.repo.js';
import { retroComments, retroGroups, retroHealthAnswers, retroReflections, retros, retroVotes } from './retros.tables.js';

/**
 * The end of a retro erases every link from its content to a person (docs/decisions/0047), in
 * the same transaction as the move to SUMMARY:
 * - votes are tallied into retro_groups.votes, then the vote rows (voter tokens) are deleted;
 * - reflections lose their author token, their times become the end time, and they are written
 *   again in id order (random UUIDs), so neither a time nor the table's row order (rowid) tells
 *   in which order they were written;
 * - comments (docs/decisions/0059) the same: no token, the end time, written again in id order;
 *   only their position within their topic (the order of the conversation) stays;
 * - health answers lose their token and are written again ordered by statement and score;
 * - groups' times become the end time; the retro's HMAC key is erased (nothing can recompute a token).
 * Signed retros keep author_id: signed reflections are signed.
 * The connection overwrites deleted content with zeros (secure_delete), and after the end the
 * WAL is checkpointed and truncated, so old row versions do not linger in the file either.
 */
export function eraseAuthorLinks(db: Db, retroId: string, at: string): void {
  tallyVotes(db, retroId);
  db.delete(retroVotes).where(eq(retroVotes.retro_id, retroId)).run();

  const reflections = db.select().from(retroReflections).where(eq(retroReflections.retro_id, retroId)).orderBy(asc(retroReflections.id)).all();
  if (reflections.length) {
    db.delete(retroReflections).where(eq(retroReflections.retro_id, retroId)).run();
    for (const x of reflections)
      db.insert(retroReflections)
        .values({ ...x, author_token: null, created_at: at, updated_at: at })
        .run();
  }

  const comments = db.select().from(retroComments).where(eq(retroComments.retro_id, retroId)).orderBy(asc(retroComments.id)).all();
  if (comments.length) {
    db.delete(retroComments).where(eq(retroComments.retro_id, retroId)).run();
    for (const c of comments)
      db.insert(retroComments)
        .values({ ...c, author_token: null, created_at: at, updated_at: at })
        .run();
  }

  const answers = db
    .select()
    .from(retroHealthAnswers)
    .where(eq(retroHealthAnswers.retro_id, retroId))
    .orderBy(asc(retroHealthAnswers.statement_index), asc(retroHealthAnswers.score), asc(retroHealthAnswers.id))
    .all();
  if (answers.length) {
    db.delete(retroHealthAnswers).where(eq(retroHealthAnswers.retro_id, retroId)).run();
    for (const a of answers)
      db.insert(retroHealthAnswers)
        .values({ ...a, voter_token: null })
        .run();
  }

  db.update(retroGroups).set({ created_at: at }).where(eq(retroGroups.retro_id, retroId)).run();
  db.update(retros).set({ author_key: null }).where(eq(retros.id, retroId)).run();
}
