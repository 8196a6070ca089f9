import type { Db } from '../../db/connection.js';
import {
  filterParams,
  FILTERS,
  NOTE_COLUMNS,
  noteOf,
  prepared,
  READABLE_NOTES,
  READABLE_NOTES_SQL,
  SHARED_WITH_ME,
  type NoteCursor,
  type NoteListFilter,
  type NoteListRow,
  type RawNote,
  type Who,
} from './notes.repo.js';

/**
 * The SQL of note search (docs/decisions/0048, 0056). The index holds one document per reader of a
 * note, made of what that reader sees and nothing else (migration 0018):
 * - notes_fts: the author's, the title and the author's body;
 * - note_shared_fts: while a 1:1 note is shared, the other person's, the title and their own
 *   private part (never the author's body).
 * Each document's `reader` column holds its reader's token, and a search matches that token first,
 * then the user's words in the title and body: a person can only find words they may read, and
 * bm25's document lengths and matches are those of their own documents. FTS5 intersects the
 * doclists, so the cost follows the viewer's matching notes, not the install's; prefix indexes (1
 * to 8 characters) keep the last word's prefix as cheap as a word. The rows are then checked
 * against READABLE_NOTES_SQL as well (FILTERS): the rule stays in one place and the token is a
 * speed-up, never the only guard. The statement reads the tables whose writes change the answer
 * (notes; note_private_notes through SHARED_WITH_ME), which is what the response cache tracks
 * (server/db/table-versions.ts): the FTS tables' own reads are not seen by it.
 */

/** The token a search document's `reader` column holds for a person: 'u' and the hex of their id (SQLite's hex(), upper case). */
export const readerToken = (userId: string) => `u${Buffer.from(userId, 'utf8').toString('hex').toUpperCase()}`;

const WEIGHTS = '5.0, 1.0, 0.0';
const CURSOR = 'where @cr is null or rank > @cr or (rank = @cr and rid > @ci) order by rank, rid limit @limit';

/**
 * The viewer's own notes (`src` 0), then those shared with them (`src` 1), each matched in its own
 * index. `seen` is the viewer's change time: in the shared branch it reads their private part, so
 * that the statement reads note_private_notes whatever the planner leaves out (the response cache
 * follows the tables a statement reads, and a private save changes what this finds).
 */
const MATCHED = `select n.rowid as rid, bm25(notes_fts, ${WEIGHTS}) as rank, 0 as src, n.updated_at as seen
    from notes_fts cross join notes n on n.rowid = notes_fts.rowid
    where notes_fts match @match and n.author_id = @viewer and ${FILTERS}
  union all
  select n.rid, bm25(note_shared_fts, ${WEIGHTS}) as rank, 1 as src, n.updated_at as seen
    from note_shared_fts cross join (${SHARED_WITH_ME}) n on n.rid = note_shared_fts.rowid
    where note_shared_fts match @match and ${FILTERS}`;

/** The page, ranked: bm25 in a materialized step (a window over an auxiliary function is refused). */
const RANK_SQL = `with matched as materialized (${MATCHED})
  select * from (select *, count(*) over () as total from matched) ${CURSOR}`;

/**
 * The marked title and snippet of one row of the page, from the reader's own document (per row: for
 * every match it would cost what the ranking costs again). The rowid as a range: FTS5 (SQLite 3.51)
 * ignores `rowid = ?` next to MATCH and answers the first match instead (notes.search.test.ts holds the case).
 */
const marksSql = (
  table: 'notes_fts' | 'note_shared_fts',
) => `select highlight(${table}, 0, @ms, @me) as title_match, snippet(${table}, 1, @ms, @me, '…', 24) as snippet
  from ${table} where ${table} match @match and rowid >= @rid and rowid <= @rid`;
const MARKS_SQL = [marksSql('notes_fts'), marksSql('note_shared_fts')] as const;

const COUNT_SQL = `select count(*) from (${MATCHED})`;

/** The rows of a page, each as the viewer sees it. */
const PAGE_ROWS_SQL = `select ${NOTE_COLUMNS}, n.rid from ${READABLE_NOTES} where ${READABLE_NOTES_SQL} and n.rid in (select value from json_each(@rids))`;

type Ranked = { rid: number; rank: number; src: 0 | 1; total: number };

/**
 * A page of the readable notes matching `terms` (an expression of toMatchExpression, never the
 * user's text), best first: bm25 with the title weighing 5 times the body; matches between
 * marks.start and marks.end.
 */
export function searchReadableNotes(
  db: Db,
  viewer: Who,
  filter: NoteListFilter,
  terms: string,
  after: NoteCursor | null,
  limit: number,
  marks: { start: string; end: string },
): { rows: NoteListRow[]; total: number } {
  const params = filterParams(viewer, filter);
  const match = `reader : "${readerToken(viewer.viewer)}" AND {title body} : (${terms})`;
  const ranked = prepared(db, RANK_SQL).all({ ...params, match, cr: after?.r ?? null, ci: after?.i ?? null, limit }) as Ranked[];
  if (!ranked.length)
    return {
      rows: [],
      total: after
        ? (prepared(db, COUNT_SQL)
            .pluck()
            .get({ ...params, match }) as number)
        : 0,
    };
  const notes = new Map(
    (prepared(db, PAGE_ROWS_SQL).all({ ...viewer, rids: JSON.stringify(ranked.map((r) => r.rid)) }) as Array<RawNote & { rid: number }>).map((r) => [
      r.rid,
      noteOf(r),
    ]),
  );
  const rows: NoteListRow[] = [];
  for (const r of ranked) {
    const note = notes.get(r.rid);
    if (!note) continue;
    const m = prepared(db, MARKS_SQL[r.src]).get({ match, ms: marks.start, me: marks.end, rid: r.rid }) as { title_match: string; snippet: string } | undefined;
    rows.push({ note, title_match: m?.title_match ?? note.title, snippet: m?.snippet ?? null, cursor: { r: r.rank, i: r.rid } });
  }
  return { rows, total: ranked[0]!.total };
}
