import { DEFAULT_RATING_LABELS, PERSPECTIVES, type Perspective } from '../../../shared/review-template.schemas.js';
import type { ResultAnswerInput, ResultSectionInput, ResultSubmissionInput, ResultViewerRole, ReviewResultsInput } from './reviews.results.types.js';

/** Test data for the results tests: a small 360 snapshot and helpers to submit answers. */

const labels = [...DEFAULT_RATING_LABELS];
const all = [...PERSPECTIVES];

export const SECTIONS: ResultSectionInput[] = [
  {
    id: 's-collab',
    title: 'Collaboration',
    questions: [
      { id: 'q-shares', kind: 'RATING', prompt: 'Shares knowledge with the team', options: labels, perspectives: all, private: false },
      { id: 'q-keep', kind: 'TEXT', prompt: 'What should they keep doing?', options: [], perspectives: all, private: false },
      { id: 'q-mentor', kind: 'RATING_COMMENT', prompt: 'Mentors others (optional)', options: labels, perspectives: all, private: false },
    ],
  },
  {
    id: 's-growth',
    title: 'Growth',
    questions: [
      {
        id: 'q-focus',
        kind: 'MULTIPLE_CHOICE',
        prompt: 'Where should they grow?',
        options: ['Coaching', 'Planning', 'Hiring'],
        perspectives: all,
        private: false,
      },
      { id: 'q-promo', kind: 'RATING', prompt: 'Ready for promotion', options: labels, perspectives: ['MANAGER', 'PEER'], private: true },
    ],
  },
];

export type AnswerSpec = number | string | { rating?: number | null; text?: string | null; choices?: string[] };

/** One submitted review: `{ 'q-shares': 4, 'q-keep': 'text', 'q-mentor': { rating: 3, text: 'x' } }`. */
export function submission(reviewerId: string, perspective: Perspective, answers: Record<string, AnswerSpec>): ResultSubmissionInput {
  return {
    reviewer_id: reviewerId,
    perspective,
    answers: Object.entries(answers).map(([questionId, spec]): ResultAnswerInput => {
      if (typeof spec === 'number') return { question_id: questionId, rating: spec };
      if (typeof spec === 'string') return { question_id: questionId, text: spec };
      return { question_id: questionId, ...spec };
    }),
  };
}

/** `n` reviewers of one perspective (`peer-1`...), each answering what `answersOf(i)` gives. */
export function group(perspective: Perspective, n: number, answersOf: (i: number) => Record<string, AnswerSpec>): ResultSubmissionInput[] {
  const prefix = perspective === 'PEER' ? 'peer' : perspective === 'DIRECT_REPORT' ? 'report' : perspective.toLowerCase();
  return Array.from({ length: n }, (_, i) => submission(`${prefix}-${i + 1}`, perspective, answersOf(i)));
}

export function input(
  submissions: ResultSubmissionInput[],
  options: { threshold?: number; role?: ResultViewerRole; viewer?: string; sections?: ResultSectionInput[] } = {},
): ReviewResultsInput {
  const role = options.role ?? 'REVIEWEE';
  const viewer = options.viewer ?? (role === 'REVIEWEE' ? 'reviewee' : role === 'MANAGER' ? 'manager-1' : 'admin-1');
  return { sections: options.sections ?? SECTIONS, submissions, threshold: options.threshold ?? 3, viewer: { user_id: viewer, role } };
}

export const selfReview = (answers: Record<string, AnswerSpec>) => submission('reviewee', 'SELF', answers);
export const managerReview = (answers: Record<string, AnswerSpec>) => submission('manager-1', 'MANAGER', answers);
