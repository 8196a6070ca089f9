/**
 * Wording for review results shared by the server (GraphQL `message`, CSV export) and the
 * client, so a withheld figure reads the same everywhere (docs/decisions/0017, 0018).
 */

export type WithheldReasonCode = 'FEWER_THAN_THRESHOLD' | 'QUESTION_FEWER_THAN_THRESHOLD';

export interface WithheldFacts {
  reason: WithheldReasonCode;
  have: number;
  need: number;
  own_answer_excluded: boolean;
}

/** "Withheld: 2 reviews, not counting your own; at least 3 are needed to keep reviewers anonymous". */
export function withheldText(w: WithheldFacts): string {
  const scope = w.reason === 'FEWER_THAN_THRESHOLD' ? 'reviews' : 'answers to this question';
  const own = w.own_answer_excluded ? ', not counting your own' : '';
  return `Withheld: ${w.have} ${scope}${own}; at least ${w.need} are needed to keep reviewers anonymous`;
}

/** Why results cannot be read yet, for the one who asks. */
export const RESULTS_NOT_CLOSED = 'Results are shown once the cycle is closed, so no figure changes while answers still arrive.';
export const RESULTS_NOT_RELEASED = 'Your results have not been released yet.';
export const RESULTS_FORBIDDEN = 'Only the person reviewed (after release), their manager and admins can see these results.';
