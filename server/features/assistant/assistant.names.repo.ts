import type { Db } from '../../db/connection.js';
import { tokenize } from './assistant.words.js';
import { statement } from '../../db/sqlite.js';

/**
 * People and teams a question names (docs/decisions/0066): a whole full name ("Ada Lovelace"), or a
 * first name written with a capital that belongs to one person only; a team by its whole name.
 * Everyone in an organization sees its people and teams, so naming them tells nothing; what is found
 * about them is still limited to what the asker may read. Matched in SQL against the question's
 * word sequences (one scan of the organization's people, no copy of them in memory).
 */
export type Named = { people: Array<{ id: string; words: string[] }>; teams: Array<{ id: string; words: string[] }> };

/** Every run of 1 to 4 consecutive words. */
function phrases(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++) for (let n = 1; n <= 4 && i + n <= words.length; n++) out.add(words.slice(i, i + n).join(' '));
  return [...out];
}

const NORMAL = (column: string) => `replace(replace(lower(${column}), '-', ' '), '''', '')`;

export function namedIn(db: Db, orgId: string, question: string): Named {
  const words = tokenize(question);
  if (!words.length) return { people: [], teams: [] };
  const all = JSON.stringify(phrases(words));
  const people = statement(
    db,
    `select id, full_name from users where organization_id = ? and deleted_at is null and ${NORMAL('full_name')} in (select value from json_each(?))`,
  ).all(orgId, JSON.stringify(phrases(words).filter((p) => p.includes(' ')))) as Array<{ id: string; full_name: string }>;
  const found: Named = { people: people.map((p) => ({ id: p.id, words: tokenize(p.full_name) })), teams: [] };
  if (!found.people.length) {
    // A first name alone, written with a capital in the question and unique in the organization.
    const capitalized = [...new Set((question.match(/\b\p{Lu}[\p{L}'’-]+/gu) ?? []).flatMap((w) => tokenize(w)))];
    if (capitalized.length) {
      const first = `lower(substr(full_name, 1, instr(full_name || ' ', ' ') - 1))`;
      const rows = statement(
        db,
        `select ${first} as first, min(id) as id, count(*) as n from users
        where organization_id = ? and deleted_at is null and ${first} in (select value from json_each(?)) group by ${first}`,
      ).all(orgId, JSON.stringify(capitalized)) as Array<{ first: string; id: string; n: number }>;
      for (const r of rows) if (r.n === 1) found.people.push({ id: r.id, words: [r.first] });
    }
  }
  const teams = statement(
    db,
    `select id, name from teams where organization_id = ? and deleted_at is null and ${NORMAL('name')} in (select value from json_each(?))`,
  ).all(orgId, all) as Array<{ id: string; name: string }>;
  found.teams = teams.map((t) => ({ id: t.id, words: tokenize(t.name) }));
  return found;
}
