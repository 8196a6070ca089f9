import { queryOptions } from '@tanstack/react-query';
import type { Perspective, QuestionKind } from '../../../shared/review-template.schemas.js';
import { downloadWithToken } from '../../lib/download.js';
import { gql, graphql } from '../../lib/graphql.js';

export type Withheld = {
  reason: 'FEWER_THAN_THRESHOLD' | 'QUESTION_FEWER_THAN_THRESHOLD';
  have: number;
  need: number;
  own_answer_excluded: boolean;
  message: string;
};
export type Rating = { count: number; average: number | null; distribution: number[] };
export type Combined = Rating & { includes: Perspective[]; excluded: { perspective: Perspective; reason: Withheld['reason'] }[] };
type Person = { id: string; full_name: string };
export type Cell = {
  perspective: Perspective;
  signed: boolean;
  withheld: Withheld | null;
  respondents: number | null;
  rating: Rating | null;
  choices: { option: string; count: number }[] | null;
  comments: { text: string; reviewer: Person | null }[];
  answers: { reviewer: Person | null; rating: number | null; text: string | null; choices: string[] }[];
};
export type PooledCell = { perspective: Perspective; signed: boolean; withheld: Withheld | null; rating: Rating | null; excluded_questions: number };
export type Question = {
  id: string;
  kind: QuestionKind;
  prompt: string;
  options: string[];
  competency: string | null;
  private: boolean;
  cells: Cell[];
  others: Combined | null;
  self_others_gap: number | null;
};
export type Section = { id: string; title: string; questions: Question[]; cells: PooledCell[]; others: Combined | null; self_others_gap: number | null };
export type ReviewResults = {
  participant_id: string;
  cycle_id: string;
  cycle_name: string;
  reviewee: Person | null;
  threshold: number;
  viewer_role: 'REVIEWEE' | 'MANAGER' | 'ADMIN';
  perspectives: { perspective: Perspective; signed: boolean; respondents: number | null; asked: number | null; withheld: Withheld | null }[];
  sections: Section[];
  overall: { cells: PooledCell[]; others: Combined | null; self_others_gap: number | null };
  csv_path: string;
};

const W = 'withheld { reason have need own_answer_excluded message }';
const R = 'count average distribution';
const C = `others { ${R} includes excluded { perspective reason } } self_others_gap`;
const POOLED = `cells { perspective signed ${W} rating { ${R} } excluded_questions } ${C}`;
const QUESTION = `id kind prompt options competency private ${C}
  cells { perspective signed ${W} respondents rating { ${R} } choices { option count } comments { text reviewer { id full_name } } answers { reviewer { id full_name } rating text choices } }`;
const RESULTS = `participant_id cycle_id cycle_name reviewee { id full_name } threshold viewer_role csv_path
  perspectives { perspective signed respondents asked ${W} }
  sections { id title ${POOLED} questions { ${QUESTION} } }
  overall { ${POOLED} }`;

export const REVIEW_RESULTS = graphql(`query ReviewResults($participantId: ID!) { reviewResults(participantId: $participantId) { ${RESULTS} } }`);

export const reviewResultsQueryOptions = (participantId: string) =>
  queryOptions({
    queryKey: ['reviewResults', participantId],
    queryFn: async () => (await gql(REVIEW_RESULTS, { participantId })).reviewResults,
  });

/** One reviewee's results as CSV, fetched with the access token; a refusal says the server's reason. */
export const downloadResultsCsv = (path: string, fallbackName: string): Promise<void> => downloadWithToken(path, fallbackName);
