/**
 * "Suggest groups" and group titles, computed on the server with no external service
 * (docs/decisions/0047): words are lower-cased, English stop words dropped and the rest stemmed;
 * each reflection becomes a TF-IDF vector; reflections are merged bottom-up (average-linkage
 * agglomerative clustering on cosine similarity) while the two closest clusters are at least
 * `threshold` alike. Titles are a cluster's top key words. Pure and deterministic: the same texts
 * give the same groups and titles whatever order they come in.
 */

export const STOP_WORDS: ReadonlySet<string> = new Set(
  `
a about above after again against all also am an and any are aren't as at be because been before being below between both but by
can can't cannot could couldn't did didn't do does doesn't doing don't down during each either enough etc even ever every few for from further
get gets getting got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's however
i i'd i'll i'm i've if in into is isn't it it's its itself just let let's lot lots me more most much must mustn't my myself need needs no nor not
now of off often on once one only or other ought our ours ourselves out over own per quite rather really same shan't she she'd she'll she's should
shouldn't so some still such than that that's the their theirs them themselves then there there's these they they'd they'll they're they've
this those though through thus to too under until up upon us very via was wasn't we we'd we'll we're we've were weren't what what's when when's
where where's whether which while who who's whom why why's will with won't would wouldn't yet you you'd you'll you're you've your yours yourself
yourselves thing things stuff like bit make made many maybe may might sometimes always never
sprint sprints team week weeks time times good great well better new lot really
`
    .trim()
    .split(/\s+/),
);

/** A light English stemmer (suffix stripping, a small Porter step 1 and a few step 2 rules): "deploys", "deployed", "deploying" -> "deploy". */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, '').replace(/['’]/g, '');
  if (w.length <= 3) return w;
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  const strip = (suffix: string, min = 3): boolean => {
    if (!w.endsWith(suffix) || w.length - suffix.length < min) return false;
    w = w.slice(0, -suffix.length);
    // "stopped" -> "stopp" -> "stop"; "running" -> "run"
    if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
    return true;
  };
  for (const suffix of ['ational', 'ization', 'fulness', 'iveness', 'ements', 'ement', 'ments', 'ment', 'ness', 'ingly', 'edly', 'ing', 'ed', 'ly']) {
    if (strip(suffix)) break;
  }
  if (w.endsWith('y') && w.length > 3 && !/[aeiou]y$/.test(w)) w = `${w.slice(0, -1)}i`;
  return w;
}

/** The key words of a text: [stem, the word as written] for each word that is not a stop word. */
export function keyWords(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) {
    const word = m[0].toLowerCase();
    if (STOP_WORDS.has(word) || STOP_WORDS.has(word.replace(/’/g, "'"))) continue;
    if (word.length < 2 || /^\d+$/.test(word)) continue;
    const s = stem(word);
    if (s.length < 2 || STOP_WORDS.has(s)) continue;
    // The written form: acronyms keep their capitals ("CI"), other words are lower case.
    const written = m[0].replace(/['’]s$/i, '');
    out.push([s, written.length <= 5 && written === written.toUpperCase() && /\p{Lu}/u.test(written) ? written : written.toLowerCase()]);
  }
  return out;
}

export type TextItem = { id: string; text: string };
type Vector = Map<string, number>;

/** TF-IDF vectors (L2-normalised) of the items, with the preferred written form of each stem. */
export function tfidf(items: readonly TextItem[]): { vectors: Vector[]; idf: Map<string, number>; surface: Map<string, string> } {
  const words = items.map((i) => keyWords(i.text));
  const df = new Map<string, number>();
  const forms = new Map<string, Map<string, number>>();
  for (const ws of words) {
    for (const s of new Set(ws.map(([st]) => st))) df.set(s, (df.get(s) ?? 0) + 1);
    for (const [s, form] of ws) {
      const f = forms.get(s) ?? new Map<string, number>();
      f.set(form, (f.get(form) ?? 0) + 1);
      forms.set(s, f);
    }
  }
  const n = items.length;
  const idf = new Map<string, number>();
  for (const [s, d] of df) idf.set(s, Math.log((1 + n) / (1 + d)) + 1);
  const vectors = words.map((ws) => {
    const tf = new Map<string, number>();
    for (const [s] of ws) tf.set(s, (tf.get(s) ?? 0) + 1);
    const v: Vector = new Map();
    for (const [s, c] of tf) v.set(s, (1 + Math.log(c)) * idf.get(s)!);
    const norm = Math.sqrt([...v.values()].reduce((a, x) => a + x * x, 0));
    if (norm > 0) for (const [s, x] of v) v.set(s, x / norm);
    return v;
  });
  // The most used written form of a stem; ties: the shortest, then alphabetical.
  const surface = new Map<string, string>();
  for (const [s, f] of forms) {
    const best = [...f].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))[0]![0];
    surface.set(s, best);
  }
  return { vectors, idf, surface };
}

export function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [s, x] of small) dot += x * (large.get(s) ?? 0);
  return dot;
}

/** Default similarity needed to join two clusters (average cosine of their members). */
export const GROUPING_THRESHOLD = 0.15;

/**
 * Clusters of the items' ids (average-linkage agglomerative clustering on TF-IDF cosine):
 * the closest pair of clusters is merged while its similarity is at least `threshold`.
 * Deterministic: items are taken in id order, ties broken by position; clusters come back in
 * the order of their first member by id. Items without key words stay alone.
 */
export function clusterTexts(input: readonly TextItem[], threshold = GROUPING_THRESHOLD): string[][] {
  const items = [...input].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const { vectors } = tfidf(items);
  const n = items.length;
  // sim[i][j] (i < j): average similarity between the clusters in slots i and j. A merged cluster
  // keeps the lower slot, which is always its first member's index (Lance-Williams update).
  const sim: Float64Array[] = Array.from({ length: n }, (_, i) => {
    const row = new Float64Array(n);
    for (let j = i + 1; j < n; j++) row[j] = cosine(vectors[i]!, vectors[j]!);
    return row;
  });
  const members: Array<number[] | null> = items.map((_, i) => [i]);
  // Each row's best partner (the highest similarity, the lowest slot on ties), kept up to date after each merge.
  const bestVal = new Float64Array(n).fill(-1);
  const bestAt = new Int32Array(n).fill(-1);
  const EPS = 1e-12;
  const recompute = (i: number) => {
    bestVal[i] = -1;
    bestAt[i] = -1;
    const row = sim[i]!;
    for (let j = i + 1; j < n; j++)
      if (members[j] && row[j]! > bestVal[i]! + EPS) {
        bestVal[i] = row[j]!;
        bestAt[i] = j;
      }
  };
  for (let i = 0; i < n; i++) recompute(i);
  for (;;) {
    let bi = -1;
    for (let i = 0; i < n; i++) if (members[i] && bestAt[i]! >= 0 && (bi < 0 || bestVal[i]! > bestVal[bi]! + EPS)) bi = i;
    if (bi < 0 || bestVal[bi]! < threshold) break;
    const bj = bestAt[bi]!;
    const a = members[bi]!.length;
    const b = members[bj]!.length;
    for (let k = 0; k < n; k++) {
      if (!members[k] || k === bi || k === bj) continue;
      const ski = k < bi ? sim[k]![bi]! : sim[bi]![k]!;
      const skj = k < bj ? sim[k]![bj]! : sim[bj]![k]!;
      const merged = (a * ski + b * skj) / (a + b);
      if (k < bi) sim[k]![bi] = merged;
      else sim[bi]![k] = merged;
    }
    members[bi] = [...members[bi]!, ...members[bj]!].sort((x, y) => x - y);
    members[bj] = null;
    recompute(bi);
    for (let k = 0; k < bj; k++) {
      if (!members[k] || k === bi) continue;
      if (bestAt[k] === bi || bestAt[k] === bj) recompute(k);
      else if (k < bi) {
        const v = sim[k]![bi]!;
        if (v > bestVal[k]! + EPS || (Math.abs(v - bestVal[k]!) <= EPS && bi < bestAt[k]!)) {
          bestVal[k] = v;
          bestAt[k] = bi;
        }
      }
    }
  }
  return members.filter((m): m is number[] => !!m).map((c) => c.map((i) => items[i]!.id));
}

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase('en') + s.slice(1);

export type TitleModel = { idf: Map<string, number>; surface: Map<string, string> };

/** How distinctive each word is across `corpus` (all the retro's texts), and its written form: compute once, title many groups. */
export function titleModel(corpus: readonly string[]): TitleModel {
  const all = [...new Set(corpus)].sort();
  const { idf, surface } = tfidf(all.map((text, i) => ({ id: String(i), text })));
  return { idf, surface };
}

/**
 * A title for a group from its key words: the `max` stems with the highest summed TF-IDF weight
 * over the group's texts (ties: the word met first, texts taken in alphabetical order), in their written form, "Deploy, pipeline, slow".
 * `corpus` (all the retro's texts, or their titleModel) sets how distinctive a word is; by default the group itself.
 * Texts without any key word give their first words, or "Untitled".
 */
export function groupTitle(texts: readonly string[], corpus: readonly string[] | TitleModel = texts, max = 3, maxLength = 120): string {
  const model = Array.isArray(corpus) ? titleModel([...(corpus as readonly string[]), ...texts]) : (corpus as TitleModel);
  const { idf, surface } = model;
  const weight = new Map<string, number>();
  const firstAt = new Map<string, number>();
  for (const text of [...texts].sort()) {
    const counts = new Map<string, number>();
    for (const [s] of keyWords(text)) {
      counts.set(s, (counts.get(s) ?? 0) + 1);
      if (!firstAt.has(s)) firstAt.set(s, firstAt.size);
    }
    for (const [s, c] of counts) weight.set(s, (weight.get(s) ?? 0) + (1 + Math.log(c)) * (idf.get(s) ?? 1));
  }
  // A word found in more of the group's texts is a better title than a rare one in one text.
  const spread = new Map<string, number>();
  for (const text of texts) for (const s of new Set(keyWords(text).map(([st]) => st))) spread.set(s, (spread.get(s) ?? 0) + 1);
  const top = [...weight]
    .sort((a, b) => spread.get(b[0])! - spread.get(a[0])! || (b[1] - a[1] > 1e-9 ? 1 : a[1] - b[1] > 1e-9 ? -1 : 0) || firstAt.get(a[0])! - firstAt.get(b[0])!)
    .slice(0, max);
  if (!top.length) {
    const first = texts.map((t) => t.trim()).find((t) => t) ?? '';
    const words = first.split(/\s+/).slice(0, 5).join(' ');
    return words ? capitalise(words).slice(0, maxLength) : 'Untitled';
  }
  return capitalise(top.map(([s]) => surface.get(s) ?? s).join(', ')).slice(0, maxLength);
}

/** Suggested groups: clusters with their titles (corpus: every text given). */
export function suggestGroups(items: readonly TextItem[], threshold = GROUPING_THRESHOLD): Array<{ title: string; ids: string[] }> {
  const byId = new Map(items.map((i) => [i.id, i.text]));
  const corpus = titleModel(items.map((i) => i.text));
  return clusterTexts(items, threshold).map((ids) => ({
    ids,
    title: groupTitle(
      ids.map((id) => byId.get(id)!),
      corpus,
    ),
  }));
}
