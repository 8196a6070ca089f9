import type { AssistantAnswer } from '../../../shared/assistant.js';
import type { ChatMessage } from './assistant.model.js';
import type { Context } from './assistant.scope.js';

/**
 * What a model is sent (docs/decisions/0066): the question and the passages of the sources-only
 * answer, numbered as shown, each labelled with what it is and (when the area shows it to the asker)
 * who wrote it. Nothing else: not the other candidates, not who asked, not the organization's name.
 */
const RULES = [
  'You answer questions about an organization’s own records. Use only the numbered sources below.',
  'End every sentence with the numbers of the sources it relies on, like [2] or [1][3]. A sentence without a source number is removed.',
  'If the sources do not answer the question, say so in one short sentence.',
  'Never invent names, numbers, quotes or events. Quote or paraphrase faithfully.',
  'A source marked anonymous or unsigned has no known author: never guess one.',
  'Be brief: at most six sentences, plain text, no headings.',
];
const NO_RATING = 'This is evidence for a review being written: never suggest, mention or imply a rating, score or level. Point to evidence only.';

export function promptFor(answer: AssistantAnswer, context: Context): ChatMessage[] {
  const sources = answer.groups.flatMap((g) =>
    g.passages.map((p) => {
      const who = p.author ? `, by ${p.author}` : '';
      return `[${p.n}] ${p.label}${who}, ${p.at.slice(0, 10)}, in “${g.title}”:\n${p.text}`;
    }),
  );
  const rules = [...RULES, ...(context === 'REVIEW_EVIDENCE' ? [NO_RATING] : [])];
  return [
    { role: 'system', content: rules.map((r, i) => `${i + 1}. ${r}`).join('\n') },
    { role: 'user', content: `Question: ${answer.question}\n\nSources:\n\n${sources.join('\n\n')}` },
  ];
}
