import type { AssistantAnswer, AssistantPassage, AssistantSourceGroup } from '../../../shared/assistant.js';
import { pick, rank, type Scored } from './assistant.rank.js';
import type { Retrieved } from './assistant.retrieve.js';
import type { ResolvedScope } from './assistant.scope.js';
import { Analyses, passageTone, summarize, type Shown } from './assistant.summarize.js';
import { contentStems } from './assistant.words.js';

/**
 * The sources-only answer (docs/decisions/0066): the best passages grouped by where they live, each
 * with its link, and the extractive summaries. Nothing in it is generated. With fewer than
 * MIN_PASSAGES readable passages behind the question it says so instead, and shows nothing.
 */
export const MIN_PASSAGES = 2;
/** A passage longer than this is cut at sentence ends around its best sentence. */
const PASSAGE_MAX = 700;

export type Built = { answer: AssistantAnswer; shown: Shown[] };

/** The passage as written, or the sentences around the best one when long, cut with "…" (the sentences themselves untouched). */
export function excerpt(p: Pick<Scored, 'key' | 'text'>, terms: ReadonlySet<string>, analyses: Analyses): string {
  if (p.text.length <= PASSAGE_MAX) return p.text;
  const sentences = analyses.of(p).sentences;
  const spans: Array<{ start: number; end: number; hits: number }> = [];
  let from = 0;
  for (const s of sentences) {
    const start = p.text.indexOf(s, from);
    if (start < 0) continue;
    from = start + s.length;
    spans.push({ start, end: from, hits: contentStems(s).filter((t) => terms.has(t)).length });
  }
  if (!spans.length) return `${p.text.slice(0, PASSAGE_MAX).trimEnd()}…`;
  let best = 0;
  spans.forEach((s, i) => {
    if (s.hits > spans[best]!.hits) best = i;
  });
  let lo = best;
  let hi = best;
  while (true) {
    const grewDown = lo > 0 && spans[hi]!.end - spans[lo - 1]!.start <= PASSAGE_MAX;
    if (grewDown) lo -= 1;
    const grewUp = hi < spans.length - 1 && spans[hi + 1]!.end - spans[lo]!.start <= PASSAGE_MAX;
    if (grewUp) hi += 1;
    if (!grewDown && !grewUp) break;
  }
  let body = p.text.slice(spans[lo]!.start, spans[hi]!.end);
  if (body.length > PASSAGE_MAX) body = `${body.slice(0, PASSAGE_MAX).trimEnd()}…`;
  return `${lo > 0 ? '… ' : ''}${body}${hi < spans.length - 1 ? ' …' : ''}`;
}

const notEnough = (question: string, scope: ResolvedScope, considered: number, message: string): Built => ({
  answer: { status: 'NOT_ENOUGH', message, question, scope_text: scope.text, considered, groups: [], summary: null },
  shown: [],
});

export function buildAnswer(question: string, scope: ResolvedScope, retrieved: Retrieved, now: number): Built {
  if (scope.empty)
    return notEnough(question, scope, 0, 'Not enough to go on: ask about a topic, a person, a team, or a source such as feedback, retros or goals.');
  if (!scope.sources.length)
    return notEnough(question, scope, 0, 'The assistant may read none of the sources this question needs: an admin chooses them under AI assistant, Settings.');
  const ranked = rank(retrieved.passages, scope.terms, now);
  const relevant = scope.terms.length ? ranked.filter((p) => p.score > 0) : ranked;
  if (relevant.length < MIN_PASSAGES) {
    const found = relevant.length === 0 ? 'nothing you may read matches it' : 'only one passage you may read matches it';
    return notEnough(
      question,
      scope,
      relevant.length,
      `Not enough behind this question: ${found}. Nothing is summarized from less than ${MIN_PASSAGES} passages; try other words, a longer period or more sources.`,
    );
  }
  const analyses = new Analyses();
  const terms = new Set(scope.terms.flatMap((t) => contentStems(t)));
  const shown: Shown[] = [];
  const groups: AssistantSourceGroup[] = [];
  const byKey = new Map<string, AssistantSourceGroup>();
  const picked = pick(relevant);
  // Numbered in the order shown: by source (best source first), then within it best first.
  const order = [...new Set(picked.map((p) => p.group.key))];
  for (const key of order) {
    for (const p of picked.filter((x) => x.group.key === key)) {
      const n = shown.length + 1;
      shown.push({ ...p, n });
      let group = byKey.get(key);
      if (!group) {
        group = { key, source: p.group.source, title: p.group.title, link: p.group.link, passages: [] };
        byKey.set(key, group);
        groups.push(group);
      }
      const passage: AssistantPassage = {
        n,
        kind: p.kind,
        text: excerpt(p, terms, analyses),
        at: p.at,
        author: p.author,
        label: p.label,
        tone: passageTone(p, analyses),
      };
      group.passages.push(passage);
    }
  }
  return {
    answer: {
      status: 'ANSWERED',
      message: null,
      question,
      scope_text: scope.text,
      considered: relevant.length,
      groups,
      summary: summarize(relevant, shown, scope.terms, analyses),
    },
    shown,
  };
}
