import type Database from 'better-sqlite3';
import type { Db } from '../../db/connection.js';
import { filterParams, FILTERS, READABLE_NOTES, NOTE_COLUMNS, noteOf, prepared, type NoteCursor, type NoteListFilter, type NoteListRow, type RawNote } from './notes.repo.js';

/**
 * The SQL of note search (docs/decisions/0048). Every search starts from the notes the viewer reads
 * (READABLE_NOTES_SQL in FILTERS), and ranks, highlights and cuts snippets with FTS5 over those only:
 *
 * - Up to SCRATCH_MAX readable notes (everyone but the heaviest writers): their titles and bodies go
 *   into a per-connection TEMP FTS5 table with the same tokenizer as notes_fts, the query runs there,
 *   and the table is emptied again, all in one synchronous transaction (nothing else runs on the
 *   connection meanwhile). The cost follows the viewer's notes, not the install's: over notes_fts a
 *   search of a common word or a short prefix ("t*") costs what all 50,000 notes cost (bm25 counts
 *   each phrase's documents in the whole index, a prefix merges every matching term's doclist), and
 *   took 0.5 to 3 s. It is private by construction too: bm25's document frequencies come from the
 *   viewer's own notes, so the rank of a result never depends on words in somebody else's notes.
 * - More readable notes than that: notes_fts (migration 0011, kept by triggers), joined with notes
 *   and restricted by the same rule.
 *
 * Both read the notes table itself, which is what the response cache tracks (server/db/table-versions.ts).
 */

export const SCRATCH_MAX = 1000;
const SCRATCH = 'temp.notes_search_scratch';
/** The tokenizer of notes_fts (migration 0011): the same stemming and diacritics folding. */
const TOKENIZE = "tokenize='porter unicode61 remove_diacritics 2'";
const WEIGHTS = '5.0, 1.0';

const scratchReady = new WeakSet<Database.Database>();
function ensureScratch(db: Db): void {
  if (scratchReady.has(db.$client)) return;
  db.$client.exec(`create virtual table if not exists ${SCRATCH} using fts5(title, body, ${TOKENIZE})`);
  scratchReady.add(db.$client);
}

const CURSOR = 'where @cr is null or rank > @cr or (rank = @cr and rid > @ci) order by rank, rid limit @limit';

/** Over the scratch table: the readable notes only. Aux functions run in a materialized step (a window over them is refused). */
const SCRATCH_SQL = `with matched as materialized (
    select rowid as rid, bm25(notes_search_scratch, ${WEIGHTS}) as rank,
      highlight(notes_search_scratch, 0, @ms, @me) as title_match, snippet(notes_search_scratch, 1, @ms, @me, '…', 24) as snippet
    from ${SCRATCH} where notes_search_scratch match @match
  )
  select * from (select *, count(*) over () as total from matched) ${CURSOR}`;

/** Over notes_fts, for viewers with more than SCRATCH_MAX readable notes. */
const INDEX_SQL = `with matched as materialized (
    select n.rid, bm25(notes_fts, ${WEIGHTS}) as rank,
      highlight(notes_fts, 0, @ms, @me) as title_match, snippet(notes_fts, 1, @ms, @me, '…', 24) as snippet
    from ${READABLE_NOTES} join notes_fts on notes_fts.rowid = n.rid
    where notes_fts match @match and ${FILTERS}
  )
  select * from (select *, count(*) over () as total from matched) ${CURSOR}`;

type Ranked = { rid: number; rank: number; title_match: string; snippet: string; total: number };

/**
 * A page of the readable notes matching `match` (an expression of toMatchExpression, never the
 * user's text), best first: bm25 with the title weighing 5 times the body; matches between
 * marks.start and marks.end.
 */
export function searchReadableNotes(db: Db, viewer: { org: string; viewer: string }, filter: NoteListFilter, match: string, after: NoteCursor | null, limit: number, marks: { start: string; end: string }): { rows: NoteListRow[]; total: number } {
  const params = filterParams(viewer, filter);
  const page = { match, ms: marks.start, me: marks.end, cr: after?.r ?? null, ci: after?.i ?? null, limit };
  const candidates = prepared(db, `select n.rid, n.title, n.body from ${READABLE_NOTES} where ${FILTERS} limit ${SCRATCH_MAX + 1}`).all(params) as Array<{ rid: number; title: string; body: string }>;
  if (!candidates.length) return { rows: [], total: 0 };
  let ranked: Ranked[];
  let total: () => number;
  if (candidates.length > SCRATCH_MAX) {
    ranked = prepared(db, INDEX_SQL).all({ ...params, ...page }) as Ranked[];
    total = () => prepared(db, `select count(*) from ${READABLE_NOTES} join notes_fts on notes_fts.rowid = n.rid where notes_fts match @match and ${FILTERS}`).pluck().get({ ...params, match }) as number;
  } else {
    ensureScratch(db);
    let counted = 0;
    ranked = db.$client.transaction(() => {
      const insert = prepared(db, `insert into ${SCRATCH}(rowid, title, body) values (?, ?, ?)`);
      prepared(db, `delete from ${SCRATCH}`).run();
      try {
        for (const c of candidates) insert.run(c.rid, c.title, c.body);
        const rows = prepared(db, SCRATCH_SQL).all(page) as Ranked[];
        if (!rows.length && after) counted = prepared(db, `select count(*) from ${SCRATCH} where notes_search_scratch match @match`).pluck().get({ match }) as number;
        return rows;
      } finally {
        prepared(db, `delete from ${SCRATCH}`).run();
      }
    })();
    total = () => counted;
  }
  if (!ranked.length) return { rows: [], total: after ? total() : 0 };
  const notes = new Map((prepared(db, `select ${NOTE_COLUMNS}, n.rowid as rid from notes n where n.rowid in (select value from json_each(@rids))`)
    .all({ rids: JSON.stringify(ranked.map((r) => r.rid)) }) as Array<RawNote & { rid: number }>).map((r) => [r.rid, noteOf(r)]));
  const rows: NoteListRow[] = [];
  for (const r of ranked) {
    const note = notes.get(r.rid);
    if (note) rows.push({ note, title_match: r.title_match, snippet: r.snippet, cursor: { r: r.rank, i: r.rid } });
  }
  return { rows, total: ranked[0]!.total };
}
