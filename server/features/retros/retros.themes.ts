/**
 * Recurring themes of a team's retros: terms (a word or two neighbouring words) that come back in
 * the group titles and reflections of at least two different retros. English stop words are left
 * out and words are reduced to a simple stem, so "deploy", "deploys" and "deployed" are one term,
 * shown in the form people wrote most. Ranked by the number of retros, then mentions.
 */

export type ThemeText = { retro_id: string; text: string };
export type RetroTheme = { term: string; retros: number; mentions: number };

export const THEMES_MIN_RETROS = 2;
export const THEMES_TOP = 10;

// A common English stop word list (articles, pronouns, auxiliaries, prepositions, conjunctions, fillers).
const STOP_WORDS = new Set(
  `
a about above after again against all also am an and any are aren't as at be because been before being below between both but by
can can't cannot could couldn't did didn't do does doesn't doing don't down during each even ever every few for from further get gets got
had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's however i i'd i'll i'm i've
if in into is isn't it it's its itself just let's like lot lots made make makes many may me might more most much must mustn't my myself need
needs no nor not now of off often on once one only or other ought our ours ourselves out over own per quite rather really same shan't she
she'd she'll she's should shouldn't so some still such than that that's the their theirs them themselves then there there's these they
they'd they'll they're they've thing things this those though through to too under until up upon us very via was wasn't way we we'd we'll
we're we've well were weren't what what's when when's where where's whether which while who who's whom why why's will with won't would
wouldn't yet you you'd you'll you're you've your yours yourself yourselves etc ok okay bit still always never sometimes also again
`
    .trim()
    .split(/\s+/),
);

const VOWEL = /[aeiouy]/;

/** A light suffix stripper (no dictionary): plural s/es/ies, -ing, -ed, a final e, a doubled last consonant. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing') && VOWEL.test(w.slice(0, -3))) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed') && VOWEL.test(w.slice(0, -2))) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  return w;
}

type Token = { surface: string; key: string } | null;

/** Words of a text, lower case; stop words, numbers and single letters become null (they break phrases). */
function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const raw of text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[^\p{L}\p{N}']+/u)) {
    const surface = raw.replace(/^'+|'+$/g, '').replace(/'s$/, '');
    if (!surface) continue;
    if (surface.length < 2 || STOP_WORDS.has(surface) || /^\p{N}+$/u.test(surface)) out.push(null);
    else out.push({ surface, key: stem(surface) });
  }
  return out;
}

type Tally = { retros: Set<string>; mentions: number; forms: Map<string, number>; words: number; parts: string[] };

/** The recurring themes of these texts (group titles and reflections of ended retros), best first. */
export function recurringThemes(texts: readonly ThemeText[], top = THEMES_TOP): RetroTheme[] {
  const tallies = new Map<string, Tally>();
  const seen = new Set<string>(); // one text counted once per retro (a one-reflection group repeats its reflection)
  for (const { retro_id, text } of texts) {
    const normal = text.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!normal || seen.has(`${retro_id}\u0000${normal}`)) continue;
    seen.add(`${retro_id}\u0000${normal}`);
    const words = tokens(normal);
    const inText = new Map<string, { surface: string; words: number; parts: string[] }>();
    words.forEach((t, i) => {
      if (!t) return;
      inText.set(t.key, { surface: t.surface, words: 1, parts: [] });
      const next = words[i + 1];
      if (next && next.key !== t.key) inText.set(`${t.key} ${next.key}`, { surface: `${t.surface} ${next.surface}`, words: 2, parts: [t.key, next.key] });
    });
    for (const [key, term] of inText) {
      let tally = tallies.get(key);
      if (!tally) tallies.set(key, (tally = { retros: new Set(), mentions: 0, forms: new Map(), words: term.words, parts: term.parts }));
      tally.retros.add(retro_id);
      tally.mentions += 1;
      tally.forms.set(term.surface, (tally.forms.get(term.surface) ?? 0) + 1);
    }
  }
  const recurring = [...tallies].filter(([, t]) => t.retros.size >= THEMES_MIN_RETROS);
  // A word that only ever comes with its phrase adds nothing: "release notes" is shown, not also "release" and "notes".
  const covered = new Set<string>();
  for (const [, t] of recurring) {
    if (t.words !== 2) continue;
    for (const part of t.parts) {
      const word = tallies.get(part);
      if (word && word.retros.size === t.retros.size && word.mentions === t.mentions) covered.add(part);
    }
  }
  return recurring
    .filter(([key]) => !covered.has(key))
    .map(([, t]) => ({ term: formOf(t.forms), retros: t.retros.size, mentions: t.mentions, words: t.words }))
    .sort((a, b) => b.retros - a.retros || b.mentions - a.mentions || b.words - a.words || a.term.localeCompare(b.term))
    .slice(0, top)
    .map(({ term, retros, mentions }) => ({ term, retros, mentions }));
}

/** The form written most often; ties: the shorter, then alphabetical. */
function formOf(forms: Map<string, number>): string {
  let best = '';
  let bestCount = -1;
  for (const [form, n] of forms) {
    if (n > bestCount || (n === bestCount && (form.length < best.length || (form.length === best.length && form < best)))) {
      best = form;
      bestCount = n;
    }
  }
  return best;
}
