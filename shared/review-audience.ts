import { PERSPECTIVE_LABELS, type Perspective } from './review-template.schemas.js';

/**
 * "Who sees your answers", told at the top of the answer page from the cycle's actual settings
 * (docs/decisions/0031): the request's perspective, the anonymity threshold and whether some of
 * its questions are private. It states what the results rules enforce (docs/decisions/0017):
 * self and manager answers are signed; peer and direct-report answers are shown only combined,
 * from `threshold` answers on, with comments unsigned; private questions never reach the reviewee.
 */
export type AudienceInput = { perspective: Perspective; threshold: number; revieweeName: string; privateQuestions: number };
export type Audience = { signed: boolean; summary: string; points: string[] };

const ANONYMOUS_GROUP: Partial<Record<Perspective, string>> = { PEER: 'peers', DIRECT_REPORT: 'direct reports' };

export function answerAudience({ perspective, threshold, revieweeName, privateQuestions }: AudienceInput): Audience {
  const name = revieweeName;
  const privateNote =
    privateQuestions > 0
      ? [
          `${privateQuestions === 1 ? 'One question is' : `${privateQuestions} questions are`} marked private: ${name === 'you' ? 'you will not see those answers' : `${name} never sees ${privateQuestions === 1 ? 'its answers' : 'their answers'}`}; only ${perspective === 'MANAGER' ? 'admins' : `${name === 'you' ? 'your' : `${name}’s`} manager and admins`} do.`,
        ]
      : [];
  if (perspective === 'SELF') {
    return {
      signed: true,
      summary: 'Your manager and admins read your self review with your name, next to the other reviews, once the cycle is closed.',
      points: ['You see your own answers again in your results, once your manager releases them.', ...privateNote],
    };
  }
  if (perspective === 'MANAGER') {
    return {
      signed: true,
      summary: `${name} reads your answers with your name once you or an admin releases the results; admins can read them too.`,
      points: ['Your ratings and comments are shown as you write them, signed.', ...privateNote],
    };
  }
  const group = ANONYMOUS_GROUP[perspective] ?? PERSPECTIVE_LABELS[perspective].toLowerCase();
  return {
    signed: false,
    summary: `${name}, ${name}’s manager and admins see ${group}’ answers only combined, and only when at least ${threshold} ${group} answered a question.`,
    points: [
      `With fewer than ${threshold} answers, a figure is withheld from everyone, managers and admins included.`,
      'Ratings and choices are shown as averages and counts, never one person’s answer.',
      'Comments are shown word for word without your name: leave out details that would identify you.',
      ...privateNote,
    ],
  };
}
