import { badInput } from '../../../shared/app-error.js';
import type { ReviewAnswerData } from '../../../shared/review-cycle.schemas.js';
import { CHOICE_KINDS, RATING_KINDS } from '../../../shared/review-template.schemas.js';
import type { ReviewAnswerRow, ReviewCycleQuestionRow } from './reviews.requests.repo.js';

/**
 * Answers checked against the questions the request asks (the snapshot for its perspective):
 * unknown questions and choices outside the options are BAD_USER_INPUT keyed `answers.<i>.<field>`;
 * parts a kind does not use are dropped (a rating question keeps no text).
 */
export function checkAnswers(questions: readonly ReviewCycleQuestionRow[], answers: readonly ReviewAnswerData[]): ReviewAnswerData[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const fields: Record<string, string> = {};
  const out = answers.map((a, i) => {
    const q = byId.get(a.question_id);
    if (!q) {
      fields[`answers.${i}.question_id`] ??= 'This question is not part of this review.';
      return a;
    }
    const rated = RATING_KINDS.includes(q.kind);
    const picked = CHOICE_KINDS.includes(q.kind);
    const choices = picked ? a.choices : null;
    if (choices?.some((c) => !q.options.includes(c))) fields[`answers.${i}.choices`] ??= 'Pick from the listed options.';
    if (q.kind === 'SINGLE_CHOICE' && choices && choices.length > 1) fields[`answers.${i}.choices`] ??= 'Pick one option.';
    return { question_id: q.id, rating: rated ? a.rating : null, text: q.kind === 'TEXT' || q.kind === 'RATING_COMMENT' ? a.text : null, choices };
  });
  const first = Object.entries(fields)[0];
  if (first) throw badInput(`${first[0]}: ${first[1]}`, { fields });
  // The same question twice in one save: the later one wins, like two saves in a row.
  return [...new Map(out.map((a) => [a.question_id, a])).values()];
}

/** Whether a saved answer answers its question (a comment alone does not answer a rating). */
function answers(q: ReviewCycleQuestionRow, a: ReviewAnswerRow | undefined): boolean {
  if (!a) return false;
  if (RATING_KINDS.includes(q.kind)) return a.rating !== null;
  if (CHOICE_KINDS.includes(q.kind)) return !!a.choices?.length;
  return !!a.text?.trim();
}

/** Ids of the required questions the saved answers leave open, in order. */
export function missingRequired(questions: readonly ReviewCycleQuestionRow[], saved: readonly ReviewAnswerRow[]): string[] {
  const byQuestion = new Map(saved.map((a) => [a.question_id, a]));
  return questions.filter((q) => q.required && !answers(q, byQuestion.get(q.id))).map((q) => q.id);
}
