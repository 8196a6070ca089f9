import { queryOptions } from '@tanstack/react-query';
import { downloadWithToken } from '../../lib/download.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

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

export type ReviewResults = ResultOf<typeof REVIEW_RESULTS>['reviewResults'];
export type Section = ReviewResults['sections'][number];
export type Question = Section['questions'][number];
export type Cell = Question['cells'][number];
export type PooledCell = Section['cells'][number];
export type Withheld = NonNullable<Cell['withheld']>;
export type Rating = NonNullable<Cell['rating']>;
export type Combined = NonNullable<Question['others']>;

export const reviewResultsQueryOptions = (participantId: string) =>
  queryOptions({
    queryKey: ['reviewResults', participantId],
    queryFn: async () => (await gql(REVIEW_RESULTS, { participantId })).reviewResults,
  });

/** One reviewee's results as CSV, fetched with the access token; a refusal says the server's reason. */
export const downloadResultsCsv = (path: string, fallbackName: string): Promise<void> => downloadWithToken(path, fallbackName);
