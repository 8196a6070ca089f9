import { PASSAGE_KIND_INFO, PASSAGE_KINDS, type AssistantSummary, type PassageKind, type PassageTone } from '../../../shared/assistant.js';
import { analyse, toneOf, type Analysed } from './assistant.nlp.js';
import type { Scored } from './assistant.rank.js';
import { contentStems, stem } from './assistant.words.js';

/**
 * Extractive summaries (docs/decisions/0066): nothing is written, everything is counted or quoted.
 * - central: the sentences of the shown passages closest to what they have in common (TF-IDF
 *   cosine to their centroid, a near-duplicate left out), each quoted with its passage number;
 * - themes: the words most passages share (not the question's own), with the passages per month;
 * - counts per kind, over every readable passage behind the answer;
 * - tone (feedback and retros): wink-nlp's sentiment of each such passage, the most relevant first.
 */
export const TONE_MAX = 30;
const THEMES = 5;
const CENTRAL = 3;

export type Shown = Scored & { n: number };

/** One analysis per passage and question. */
export class Analyses {
  private readonly done = new Map<string, Analysed>();
  of(p: Pick<Scored, 'key' | 'text'>): Analysed {
    let a = this.done.get(p.key);
    if (!a) this.done.set(p.key, (a = analyse(p.text)));
    return a;
  }
}

function counts(relevant: readonly Scored[]): AssistantSummary['counts'] {
  const n = new Map<PassageKind, number>();
  for (const p of relevant) n.set(p.kind, (n.get(p.kind) ?? 0) + 1);
  return PASSAGE_KINDS.filter((k) => n.has(k)).map((k) => ({
    kind: k,
    label: n.get(k) === 1 ? PASSAGE_KIND_INFO[k].one : PASSAGE_KIND_INFO[k].plural,
    count: n.get(k)!,
  }));
}

function themes(relevant: readonly Scored[], exclude: ReadonlySet<string>): AssistantSummary['themes'] {
  const passagesOf = new Map<string, Scored[]>();
  const surface = new Map<string, Map<string, number>>();
  for (const p of relevant.slice(0, 400)) {
    const seen = new Set<string>();
    for (const [i, word] of p.words.entries()) {
      if (word.length < 4 || /\d/.test(word)) continue;
      const s = p.stems[i]!;
      if (exclude.has(s)) continue;
      const forms = surface.get(s) ?? new Map<string, number>();
      forms.set(word, (forms.get(word) ?? 0) + 1);
      surface.set(s, forms);
      if (seen.has(s)) continue;
      seen.add(s);
      passagesOf.set(s, [...(passagesOf.get(s) ?? []), p]);
    }
  }
  return [...passagesOf.entries()]
    .filter(([, ps]) => ps.length >= 2)
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .slice(0, THEMES)
    .map(([s, ps]) => {
      const term = [...surface.get(s)!.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
      const months = new Map<string, number>();
      for (const p of ps) months.set(p.at.slice(0, 7), (months.get(p.at.slice(0, 7)) ?? 0) + 1);
      return { term, count: ps.length, by_month: [...months.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([month, count]) => ({ month, count })) };
    });
}

type Sentence = { text: string; n: number; vector: Map<string, number> };

const cosine = (a: Map<string, number>, b: Map<string, number>) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [k, v] of a) {
    na += v * v;
    dot += v * (b.get(k) ?? 0);
  }
  for (const v of b.values()) nb += v * v;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
};

function central(shown: readonly Shown[], analyses: Analyses): AssistantSummary['central'] {
  const raw: Array<{ text: string; n: number; stems: string[] }> = [];
  for (const p of shown) {
    for (const text of analyses.of(p).sentences) {
      const stems = contentStems(text);
      if (stems.length >= 3 && text.length <= 400) raw.push({ text, n: p.n, stems });
    }
  }
  if (raw.length < 2) return [];
  const df = new Map<string, number>();
  for (const s of raw) for (const t of new Set(s.stems)) df.set(t, (df.get(t) ?? 0) + 1);
  const sentences: Sentence[] = raw.map((s) => {
    const vector = new Map<string, number>();
    for (const t of s.stems) vector.set(t, (vector.get(t) ?? 0) + Math.log(1 + raw.length / df.get(t)!));
    return { text: s.text, n: s.n, vector };
  });
  const centroid = new Map<string, number>();
  for (const s of sentences) for (const [k, v] of s.vector) centroid.set(k, (centroid.get(k) ?? 0) + v);
  const relevance = new Map(sentences.map((s) => [s, cosine(s.vector, centroid)]));
  const chosen: Sentence[] = [];
  while (chosen.length < CENTRAL) {
    let best: Sentence | null = null;
    let bestScore = -Infinity;
    for (const s of sentences) {
      if (chosen.includes(s) || chosen.some((c) => c.text === s.text)) continue;
      // Maximal marginal relevance: close to the centre, not a repeat of a sentence already chosen.
      const score = 0.7 * relevance.get(s)! - 0.3 * Math.max(0, ...chosen.map((c) => cosine(c.vector, s.vector)));
      if (score > bestScore) {
        bestScore = score;
        best = s;
      }
    }
    if (!best) break;
    chosen.push(best);
  }
  return chosen.map((s) => ({ text: s.text, n: s.n }));
}

/** A passage's tone: the one it was written with when known (a retro column), else read from its words; null when tone is not counted. */
export const passageTone = (p: Scored, analyses: Analyses): PassageTone | null =>
  p.tone === false ? null : p.tone === true ? toneOf(analyses.of(p).sentiment) : p.tone;

function tone(relevant: readonly Scored[], analyses: Analyses): AssistantSummary['tone'] {
  const toned = relevant.filter((p) => p.tone).slice(0, TONE_MAX);
  if (!toned.length) return null;
  const out = { positive: 0, negative: 0, neutral: 0 };
  for (const p of toned) out[passageTone(p, analyses)!] += 1;
  return out;
}

export function summarize(relevant: readonly Scored[], shown: readonly Shown[], terms: readonly string[], analyses: Analyses): AssistantSummary {
  return {
    central: central(shown, analyses),
    themes: themes(relevant, new Set(terms.map(stem))),
    counts: counts(relevant),
    tone: tone(relevant, analyses),
  };
}
