import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewCycleInput } from '../../../shared/review-cycle.schemas.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

const P = 'id full_name';
const SUMMARY = `id name type status template_name nomination_end review_end results_release participant_count request_count submitted_count can_manage created_by { ${P} }`;
export const PARTICIPANT = `id cycle_id reviewee { ${P} } manager { ${P} } results_released_at results_opened_at acknowledged_at can_manage
  nominations { id reviewer { ${P} } nominated_by { ${P} } status }
  requests { id reviewer { ${P} } perspective status due_at submitted_at decline_reason }`;
const READINESS = `readiness { short { participant_id reviewee { ${P} } approved proposed missing needs asked_at } at_risk { participant_id reviewee { ${P} } perspective have need message } }`;
export const FULL = `${SUMMARY} perspectives min_peers max_peers anonymity_threshold launched_at closed_at participants { ${PARTICIPANT} } ${READINESS}`;
const REQUEST_ITEM = `id cycle_id cycle_name cycle_type cycle_status reviewee { ${P} } perspective status due_at submitted_at decline_reason`;
const REQUEST = `${REQUEST_ITEM} anonymity_threshold questions { id section_position section_title section_description position kind prompt self_prompt help_text options competency competency_id show_goals required private }
  competency_expectations { question_id competency_name level_name text }
  answers { question_id rating text choices updated_at }`;

export const REVIEW_CYCLES = graphql(`query ReviewCycles { reviewCycles { ${SUMMARY} } }`);

export type CycleSummary = ResultOf<typeof REVIEW_CYCLES>['reviewCycles'][number];
export type Cycle = ResultOf<typeof REVIEW_CYCLE>['reviewCycle'];
export type Participant = Cycle['participants'][number];
export type Nomination = Participant['nominations'][number];
export type RequestSummary = Participant['requests'][number];
/** Drafts only, for whoever runs the cycle (docs/decisions/0031). */
export type Readiness = NonNullable<Cycle['readiness']>;
export type PeerShortfall = Readiness['short'][number];
export type AnonymityRisk = Readiness['at_risk'][number];
export type Person = ResultOf<typeof PEER_SUGGESTIONS>['peerSuggestions'][number];
export type NominationTask = ResultOf<typeof MY_NOMINATION_TASKS>['myNominationTasks'][number];
export type RequestListItem = ResultOf<typeof MY_REVIEW_REQUESTS>['myReviewRequests'][number];
/** A request with its questions, the answers so far, and what the reviewee's level expects of the competencies rated (reviews.competencies.ts). */
export type ReviewRequest = ResultOf<typeof REVIEW_REQUEST>['reviewRequest'];
export type CycleQuestion = ReviewRequest['questions'][number];
export type Answer = Omit<ReviewRequest['answers'][number], 'updated_at'>;

export const reviewCyclesQueryOptions = queryOptions({
  queryKey: ['reviewCycles', 'list'],
  queryFn: async () => (await gql(REVIEW_CYCLES)).reviewCycles,
});

export const REVIEW_CYCLE = graphql(`query ReviewCycle($id: ID!) { reviewCycle(id: $id) { ${FULL} } }`);

export const reviewCycleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['reviewCycles', 'one', id],
    queryFn: async () => (await gql(REVIEW_CYCLE, { id })).reviewCycle,
  });

export const PEER_SUGGESTIONS = graphql(`query PeerSuggestions($participantId: ID!) { peerSuggestions(participantId: $participantId) { ${P} } }`);

export const peerSuggestionsQueryOptions = (participantId: string) =>
  queryOptions({
    queryKey: ['reviewCycles', 'peerSuggestions', participantId],
    queryFn: async () => (await gql(PEER_SUGGESTIONS, { participantId })).peerSuggestions,
  });

export const MY_REVIEW_REQUESTS = graphql(`query MyReviewRequests($includeDone: Boolean) { myReviewRequests(includeDone: $includeDone) { ${REQUEST_ITEM} } }`);

export const myReviewRequestsQueryOptions = (includeDone: boolean) =>
  queryOptions({
    queryKey: ['reviewRequests', 'mine', { includeDone }],
    queryFn: async () => (await gql(MY_REVIEW_REQUESTS, { includeDone })).myReviewRequests,
  });

export const MY_NOMINATION_TASKS = graphql(
  `query MyNominationTasks { myNominationTasks { participant_id cycle_id cycle_name nomination_end min_peers max_peers chosen } }`,
);

export const myNominationTasksQueryOptions = queryOptions({
  queryKey: ['reviewCycles', 'nominationTasks'],
  queryFn: async () => (await gql(MY_NOMINATION_TASKS)).myNominationTasks,
});

export const REVIEW_REQUEST = graphql(`query ReviewRequest($id: ID!) { reviewRequest(id: $id) { ${REQUEST} } }`);

export const reviewRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['reviewRequests', 'one', id],
    queryFn: async () => (await gql(REVIEW_REQUEST, { id })).reviewRequest,
  });

/** A mutation that refreshes these key families when it succeeds. */
export function useInvalidating<V, R>(run: (variables: V) => Promise<R>, keys: string[][]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
export const CYCLES = [['reviewCycles']];
export const REQUESTS = [['reviewRequests']];

export const CREATE_REVIEW_CYCLE = graphql(`mutation CreateReviewCycle($input: ReviewCycleInput!) { createReviewCycle(input: $input) { ${FULL} } }`);

export const useCreateReviewCycle = () =>
  useInvalidating(async (input: ReviewCycleInput) => (await gql(CREATE_REVIEW_CYCLE, { input })).createReviewCycle, CYCLES);

export const REOPEN_REVIEW_REQUEST = graphql(`mutation ReopenReviewRequest($id: ID!) { reopenReviewRequest(id: $id) { ${REQUEST_ITEM} } }`);

export const useReopenReviewRequest = () =>
  useInvalidating(async (id: string) => (await gql(REOPEN_REVIEW_REQUEST, { id })).reopenReviewRequest, [...CYCLES, ...REQUESTS]);

export const DECLINE_REVIEW_REQUEST = graphql(
  `mutation DeclineReviewRequest($id: ID!, $reason: String!) { declineReviewRequest(id: $id, reason: $reason) { ${REQUEST_ITEM} } }`,
);

export const useDeclineReviewRequest = () =>
  useInvalidating(async ({ id, reason }: { id: string; reason: string }) => (await gql(DECLINE_REVIEW_REQUEST, { id, reason })).declineReviewRequest, REQUESTS);

export const SAVE_REVIEW_DRAFT = graphql(
  `mutation SaveReviewDraft($requestId: ID!, $answers: [ReviewAnswerInput!]!) { saveReviewDraft(requestId: $requestId, answers: $answers) { id } }`,
);

/** Saves answers as a draft; returns when they were saved (no cache refresh: the page holds what was typed). */
export async function saveReviewDraft(requestId: string, answers: Answer[]): Promise<void> {
  await gql(SAVE_REVIEW_DRAFT, { requestId, answers });
}

export const SUBMIT_REVIEW_REQUEST = graphql(
  `mutation SubmitReviewRequest($id: ID!, $answers: [ReviewAnswerInput!]) { submitReviewRequest(id: $id, answers: $answers) { ${REQUEST} } }`,
);

export const useSubmitReviewRequest = () =>
  useInvalidating(
    async ({ id, answers }: { id: string; answers: Answer[] }) => (await gql(SUBMIT_REVIEW_REQUEST, { id, answers })).submitReviewRequest,
    REQUESTS,
  );

export type ReminderResult = { queued: number; already_reminded: number };
export const REMIND_TO_NOMINATE = graphql('mutation RemindToNominate($id: ID!) { remindToNominate(participantId: $id) { queued already_reminded } }');
export const REMIND_ALL_TO_NOMINATE = graphql('mutation RemindAllToNominate($id: ID!) { remindAllToNominate(cycleId: $id) { queued already_reminded } }');

/** "Remind to nominate" for one person (participantId) or everyone short (cycleId). */
export const useRemindToNominate = () =>
  useInvalidating(async (target: { participantId: string } | { cycleId: string }) => {
    if ('participantId' in target) {
      return (await gql(REMIND_TO_NOMINATE, { id: target.participantId })).remindToNominate;
    }
    return (await gql(REMIND_ALL_TO_NOMINATE, { id: target.cycleId })).remindAllToNominate;
  }, []);

export const RELEASE_ALL_RESULTS = graphql('mutation ReleaseAllResults($id: ID!) { releaseAllResults(cycleId: $id) { released cycle { id status } } }');

export const useReleaseAllResults = () =>
  useInvalidating(async (cycleId: string) => (await gql(RELEASE_ALL_RESULTS, { id: cycleId })).releaseAllResults, CYCLES);
