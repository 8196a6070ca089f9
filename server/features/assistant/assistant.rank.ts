import crypto from 'node:crypto';
import type { LoadedPassage } from './assistant.sources.js';
import { contentWords, stem } from './assistant.words.js';

import { DAY_MS } from '../../../shared/dates.days.js';

/**
 * Ranking (docs/decisions/0066), over the passages the asker may read and nothing else: BM25 with
 * document frequencies counted in that set only (so the order never depends on words of documents
 * the asker cannot read), or, for a question without words, the newest first. Ties are broken by a
 * hash of the text, never by when or in which order things were written: an anonymous author's
 * passages must not come out side by side because they were stored side by side.
 */
/** `words`: the content words as written (lower case); `stems`: each one's stem, in the same order. */
export type Scored = LoadedPassage & { score: number; words: string[]; stems: string[]; key: string };

const K1 = 1.2;
const B = 0.75;

export const passageKey = (p: Pick<LoadedPassage, 'kind' | 'src'>) => `${p.kind}:${p.src}`;
const tieBreak = (p: LoadedPassage) => crypto.createHash('sha256').update(`${p.kind}\u0000${p.text}`).digest('hex');

export function rank(passages: readonly LoadedPassage[], terms: readonly string[], now: number): Scored[] {
  const query = [...new Set(terms.map((t) => stem(t)))];
  const docs = passages.map((p) => {
    const words = contentWords(p.text);
    return { ...p, words, stems: words.map(stem), key: passageKey(p), score: 0 };
  });
  if (query.length) {
    const df = new Map<string, number>(query.map((q) => [q, 0]));
    for (const d of docs) for (const q of new Set(d.stems)) if (df.has(q)) df.set(q, df.get(q)! + 1);
    const avgdl = docs.reduce((n, d) => n + d.stems.length, 0) / Math.max(1, docs.length);
    for (const d of docs) {
      const tf = new Map<string, number>();
      for (const s of d.stems) if (df.has(s)) tf.set(s, (tf.get(s) ?? 0) + 1);
      for (const [q, f] of tf) {
        const n = df.get(q)!;
        const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
        d.score += (idf * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * d.stems.length) / Math.max(1, avgdl)));
      }
    }
  } else {
    // Newest first, gently: a month old weighs half of today.
    for (const d of docs) d.score = 1 / (1 + Math.max(0, now - Date.parse(d.at)) / (30 * DAY_MS));
  }
  const ties = new Map(docs.map((d) => [d.key, tieBreak(d)]));
  return docs.sort((a, b) => b.score - a.score || ties.get(a.key)!.localeCompare(ties.get(b.key)!));
}

/** The passages to show: the best first, at most `perGroup` of one source and `groups` sources, `max` in all. */
export function pick(ranked: readonly Scored[], limits = { max: 24, perGroup: 4, groups: 10 }): Scored[] {
  const perGroup = new Map<string, number>();
  const out: Scored[] = [];
  for (const p of ranked) {
    if (out.length >= limits.max) break;
    const n = perGroup.get(p.group.key) ?? 0;
    if (n >= limits.perGroup || (n === 0 && perGroup.size >= limits.groups)) continue;
    perGroup.set(p.group.key, n + 1);
    out.push(p);
  }
  return out;
}
