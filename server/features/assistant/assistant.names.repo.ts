import type { Db } from '../../db/connection.js';
import { tokenize } from './assistant.words.js';

/**
 * People and teams a question names (docs/decisions/0066): a whole full name ("Ada Lovelace"), or a
 * first name that belongs to one active person only; a team by its whole name. Everyone in an
 * organization sees its people and teams, so naming them tells nothing; what is found about them is
 * still limited to what the asker may read.
 */
export type Named = { people: Array<{ id: string; words: string[] }>; teams: Array<{ id: string; words: string[] }> };

const phrase = (words: readonly string[]) => ` ${words.join(' ')} `;

export function namedIn(db: Db, orgId: string, question: string): Named {
  const words = tokenize(question);
  if (!words.length) return { people: [], teams: [] };
  const text = phrase(words);
  const people = db.$client.prepare(`select id, full_name from users where organization_id = ? and status in ('ACTIVE', 'INVITED', 'DEACTIVATED') and deleted_at is null`)
    .all(orgId) as Array<{ id: string; full_name: string }>;
  const found: Named = { people: [], teams: [] };
  const firstNames = new Map<string, string[]>();
  for (const p of people) {
    const name = tokenize(p.full_name);
    if (!name.length) continue;
    if (name.length > 1 && text.includes(phrase(name))) found.people.push({ id: p.id, words: name });
    const first = name[0]!;
    firstNames.set(first, [...(firstNames.get(first) ?? []), p.id]);
  }
  if (!found.people.length) {
    // A first name alone, written with a capital in the question and unique in the organization.
    const capitalized = new Set((question.match(/\b\p{Lu}[\p{L}'’-]+/gu) ?? []).flatMap((w) => tokenize(w)));
    for (const w of capitalized) {
      const ids = firstNames.get(w);
      if (ids?.length === 1) found.people.push({ id: ids[0]!, words: [w] });
    }
  }
  const teams = db.$client.prepare('select id, name from teams where organization_id = ? and deleted_at is null').all(orgId) as Array<{ id: string; name: string }>;
  for (const t of teams) {
    const name = tokenize(t.name);
    if (name.length && text.includes(phrase(name))) found.teams.push({ id: t.id, words: name });
  }
  return found;
}
