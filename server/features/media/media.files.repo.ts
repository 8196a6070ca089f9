import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { media } from './media.tables.js';

const CHUNK = 500;

/** Which of these media ids have a row (any organization). */
export function findExistingMediaIds(db: Db, ids: readonly string[]): Set<string> {
  const out = new Set<string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    for (const r of db
      .select({ id: media.id })
      .from(media)
      .where(inArray(media.id, unique.slice(i, i + CHUNK)))
      .all())
      out.add(r.id);
  }
  return out;
}
