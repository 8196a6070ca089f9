import type { Db } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import { kindToken, token } from './assistant.index.repo.js';
import { statement } from '../../db/sqlite.js';

/**
 * Candidates from the index (docs/decisions/0066): the documents of one kind in the asker's
 * organization, whose audience holds one of the asker's tokens, whose scope tokens match, and (when
 * the question has words) whose text holds one of them; newest first, at most `cap`. The words are
 * never passed as FTS syntax: each is a run of letters and digits, quoted. Nothing here decides what
 * the asker may read: the kind's `load` does, on the rows.
 */
export type CandidateQuery = {
  orgId: string;
  code: number;
  audience: readonly string[] | null;
  /** Tokens every document must hold (s person, t team, n note). */
  scope: readonly string[];
  terms: readonly string[];
  since: string | null;
  until: string | null;
  cap: number;
};

/** A word as an FTS5 string: letters and digits only (what the tokenizer keeps), quoted. */
const quoted = (word: string) => `"${word.replace(/[^\p{L}\p{N}]+/gu, '')}"`;

export function matchExpression(q: Pick<CandidateQuery, 'orgId' | 'code' | 'audience' | 'scope' | 'terms'>): string {
  // Audience tokens belong to one organization (people, teams, its public and admin tokens): with them, the organization's own token is redundant.
  const tags = [...(q.audience?.length ? [] : [token('o', q.orgId)]), kindToken(q.code), ...q.scope];
  const audience = q.audience?.length ? ` AND (${q.audience.join(' OR ')})` : '';
  const words = q.terms.map(quoted).filter((w) => w.length > 2);
  return `tags : (${tags.join(' AND ')}${audience})${words.length ? ` AND body : (${words.join(' OR ')})` : ''}`;
}

const SQL_DATED = `select f.rowid as rid from assistant_fts f cross join assistant_docs d on d.rid = f.rowid
  where assistant_fts match ? and d.at >= ? and d.at < ? order by f.rowid desc limit ?`;
const SQL_ANY = 'select rowid as rid from assistant_fts where assistant_fts match ? order by rowid desc limit ?';

/** The source rowids of the candidates. */
export function candidates(db: Db, q: CandidateQuery): number[] {
  const match = matchExpression(q);
  const rows =
    q.since || q.until
      ? (prepared(db, 'assistant.candidates.dated', () => statement(db, SQL_DATED)).all(match, q.since ?? '', q.until ?? '\uffff', q.cap) as Array<{
          rid: number;
        }>)
      : (prepared(db, 'assistant.candidates.any', () => statement(db, SQL_ANY)).all(match, q.cap) as Array<{ rid: number }>);
  return rows.map((r) => Math.floor(r.rid / 32));
}

/** How many documents the index holds, and its size on disk (the FTS shadow tables and the document rows). */
export function indexSize(db: Db): { docs: number; bytes: number } {
  const docs = statement(db, 'select count(*) from assistant_docs').pluck().get() as number;
  let bytes = 0;
  try {
    bytes = statement(
      db,
      `select coalesce(sum(pgsize), 0) from dbstat where name like 'assistant_fts%' or name in ('assistant_docs', 'assistant_docs_org_kind_at')`,
    )
      .pluck()
      .get() as number;
  } catch {
    // dbstat is compiled in by better-sqlite3; without it the size is unknown.
  }
  return { docs, bytes };
}
