import { useCallback, useRef, type FocusEvent } from 'react';
import type { FeedbackItem } from './feedback.types.js';
import { formatDay } from '../../../shared/format.js';

/**
 * Citing feedback in a review answer (the panel beside a review being written): the quotation of
 * an item and where it goes, the answer field focused last (else the first written answer).
 */

export const giverName = (item: Pick<FeedbackItem, 'giver'>) => item.giver?.full_name ?? 'A former colleague';

/** "> line" per line of the feedback (a request's answers as question and answer), then "— Giver, Oct 13, 2026". */
export function quoteOf(item: Pick<FeedbackItem, 'giver' | 'body' | 'answers' | 'created_at'>): string {
  const answered = (item.answers ?? []).filter((a) => a.answer.trim());
  const text = item.body.trim() || answered.map((a) => `${a.question.trim()}\n${a.answer.trim()}`).join('\n\n');
  const quoted = text
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${line}` : '>'))
    .join('\n');
  return `${quoted}\n— ${giverName(item)}, ${formatDay(item.created_at)}`;
}

/** The answer with the quotation after what is already written (a blank line between). */
export function withQuote(existing: string, quote: string): string {
  const kept = existing.replace(/\s+$/, '');
  return kept ? `${kept}\n\n${quote}` : quote;
}

type Question = { id: string; kind: string };
type Answers = Record<string, { text?: string | null } | undefined>;

/**
 * For a review form: `onFocus` (on the form) remembers the last written-answer field focused;
 * `cite(quote)` puts the quotation there and says where, or why not.
 */
export function useCiteIntoAnswers(questions: Question[], answers: () => Answers, change: (questionId: string, patch: { text: string }) => void, max = 5000) {
  const last = useRef<string | null>(null);
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const match = /^q-(.+)-text$/.exec(event.target.id);
    if (match) last.current = match[1]!;
  }, []);
  const cite = useCallback(
    (quote: string): string => {
      const written = questions.filter((q) => q.kind === 'TEXT' || q.kind === 'RATING_COMMENT');
      const target = written.find((q) => q.id === last.current) ?? written[0];
      if (!target) return 'This review has no written answer to quote in.';
      const next = withQuote(answers()[target.id]?.text ?? '', quote);
      if (next.length > max) return `Not quoted: an answer holds at most ${max} characters.`;
      change(target.id, { text: next });
      last.current = target.id;
      const label = document.querySelector(`label[for="q-${target.id}-text"]`)?.textContent;
      return `Quoted in ${label ? label.charAt(0).toLowerCase() + label.slice(1) : 'your answer'}.`;
    },
    [questions, answers, change, max],
  );
  return { onFocus, cite };
}
