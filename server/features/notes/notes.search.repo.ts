import type { Db } from '../../db/connection.js';
import { filterParams, FILTERS, NOTE_COLUMNS, noteOf, prepared, type NoteCursor, type NoteListFilter, type NoteListRow, type RawNote } from './notes.repo.js';

/**
 * The SQL of note search (docs/decisions/0048). One FTS5 query over notes_fts (migration 0011,
 * external content over notes, kept by triggers) that can only find what the viewer reads: each
 * note's `readers` column (generated in notes: a token for its author, and for the person it is
 * about once shared) must hold the viewer's token, and the user's words are matched in the title
 * and body only. FTS5 intersects the two doclists, so the cost follows the viewer's matching notes,
 * not the install's; prefix indexes (1 to 8 characters) keep the last word's prefix as cheap as a word.
 * The rows are then checked against READABLE_NOTES_SQL as well (FILTERS): the rule stays in one
 * place and the token is a speed-up, never the only guard. Reading notes (joined) is what the
 * response cache tracks (server/db/table-versions.ts).
 */

/** The token notes' generated `readers` column holds for a person: 'u' and the hex of their id (SQLite's hex(), upper case). */
export const readerToken = (userId: string) => `u${Buffer.from(userId, 'utf8').toString('hex').toUpperCase()}`;

const WEIGHTS = '5.0, 1.0, 0.0';
const CURSOR = 'where @cr is null or rank > @cr or (rank = @cr and rid > @ci) order by rank, rid limit @limit';

/** The page, ranked: bm25 in a materialized step (a window over an auxiliary function is refused). */
const RANK_SQL = `with matched as materialized (
    select n.rowid as rid, bm25(notes_fts, ${WEIGHTS}) as rank
    from notes_fts cross join notes n on n.rowid = notes_fts.rowid
    where notes_fts match @match and ${FILTERS}
  )
  select * from (select *, count(*) over () as total from matched) ${CURSOR}`;

/**
 * The marked title and snippet of one row of the page (per row: for every match it would cost what
 * the ranking costs again). The rowid as a range: FTS5 (SQLite 3.51) ignores `rowid = ?` next to
 * MATCH and answers the first match instead (notes.search.test.ts holds the case).
 */
const MARKS_SQL = `select highlight(notes_fts, 0, @ms, @me) as title_match, snippet(notes_fts, 1, @ms, @me, '…', 24) as snippet
  from notes_fts where notes_fts match @match and rowid >= @rid and rowid <= @rid`;

const COUNT_SQL = `select count(*) from notes_fts cross join notes n on n.rowid = notes_fts.rowid where notes_fts match @match and ${FILTERS}`;

type Ranked = { rid: number; rank: number; total: number };

/**
 * A page of the readable notes matching `terms` (an expression of toMatchExpression, never the
 * user's text), best first: bm25 with the title weighing 5 times the body; matches between
 * marks.start and marks.end.
 */
export function searchReadableNotes(db: Db, viewer: { org: string; viewer: string }, filter: NoteListFilter, terms: string, after: NoteCursor | null, limit: number, marks: { start: string; end: string }): { rows: NoteListRow[]; total: number } {
  const params = filterParams(viewer, filter);
  const match = `readers : "${readerToken(viewer.viewer)}" AND {title body} : (${terms})`;
  const ranked = prepared(db, RANK_SQL).all({ ...params, match, cr: after?.r ?? null, ci: after?.i ?? null, limit }) as Ranked[];
  if (!ranked.length) return { rows: [], total: after ? prepared(db, COUNT_SQL).pluck().get({ ...params, match }) as number : 0 };
  const notes = new Map((prepared(db, `select ${NOTE_COLUMNS}, n.rowid as rid from notes n where n.rowid in (select value from json_each(@rids))`)
    .all({ rids: JSON.stringify(ranked.map((r) => r.rid)) }) as Array<RawNote & { rid: number }>).map((r) => [r.rid, noteOf(r)]));
  const rows: NoteListRow[] = [];
  for (const r of ranked) {
    const note = notes.get(r.rid);
    if (!note) continue;
    const m = prepared(db, MARKS_SQL).get({ match, ms: marks.start, me: marks.end, rid: r.rid }) as { title_match: string; snippet: string } | undefined;
    rows.push({ note, title_match: m?.title_match ?? note.title, snippet: m?.snippet ?? null, cursor: { r: r.rank, i: r.rid } });
  }
  return { rows, total: ranked[0]!.total };
}
