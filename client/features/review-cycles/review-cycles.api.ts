import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewCycleInput, ReviewCycleStatus, NominationStatus, ReviewRequestStatus } from '../../../shared/review-cycle.schemas.js';
import type { Perspective, QuestionKind } from '../../../shared/review-template.schemas.js';
import { gql, gqlField, graphql } from '../../lib/graphql.js';

export type Person = { id: string; full_name: string };
export type Nomination = { id: string; reviewer: Person | null; nominated_by: Person | null; status: NominationStatus };
export type RequestSummary = { id: string; reviewer: Person | null; perspective: Perspective; status: ReviewRequestStatus; due_at: string; submitted_at: string | null; decline_reason: string | null };
export type Participant = {
  id: string; cycle_id: string; reviewee: Person | null; manager: Person | null; results_released_at: string | null; results_opened_at: string | null; acknowledged_at: string | null;
  nominations: Nomination[]; requests: RequestSummary[]; can_manage: boolean;
};
export type CycleSummary = {
  id: string; name: string; type: string; status: ReviewCycleStatus; template_name: string | null; nomination_end: string | null; review_end: string;
  results_release: string | null; participant_count: number; request_count: number; submitted_count: number; can_manage: boolean; created_by: Person | null;
};
export type PeerShortfall = { participant_id: string; reviewee: Person | null; approved: number; proposed: number; missing: number; needs: 'NOMINATE' | 'APPROVE'; asked_at: string | null };
export type AnonymityRisk = { participant_id: string; reviewee: Person | null; perspective: Perspective; have: number; need: number; message: string };
/** Drafts only, for whoever runs the cycle (docs/decisions/0031). */
export type Readiness = { short: PeerShortfall[]; at_risk: AnonymityRisk[] };
export type Cycle = CycleSummary & {
  perspectives: Perspective[]; min_peers: number; max_peers: number; anonymity_threshold: number; launched_at: string | null; closed_at: string | null; participants: Participant[];
  readiness: Readiness | null;
};
export type NominationTask = { participant_id: string; cycle_id: string; cycle_name: string; nomination_end: string | null; min_peers: number; max_peers: number; chosen: number };
export type CycleQuestion = {
  id: string; section_position: number; section_title: string; section_description: string | null; position: number; kind: QuestionKind;
  prompt: string; self_prompt: string | null; help_text: string | null; options: string[]; competency: string | null; required: boolean; private: boolean;
  competency_id?: string | null; show_goals?: boolean;
};
export type Answer = { question_id: string; rating: number | null; text: string | null; choices: string[] | null };
export type ReviewRequest = {
  id: string; cycle_id: string; cycle_name: string; cycle_type: string; cycle_status: ReviewCycleStatus; reviewee: Person | null; perspective: Perspective;
  status: ReviewRequestStatus; due_at: string; submitted_at: string | null; decline_reason: string | null; questions: CycleQuestion[]; answers: (Answer & { updated_at: string })[];
  anonymity_threshold: number;
  /** What the reviewee's level expects of the competencies the questions rate (reviews.competencies.ts). */
  competency_expectations?: Array<{ question_id: string; competency_name: string; level_name: string | null; text: string }>;
};
export type RequestListItem = Omit<ReviewRequest, 'questions' | 'answers' | 'anonymity_threshold'>;

const P = 'id full_name';
const SUMMARY = `id name type status template_name nomination_end review_end results_release participant_count request_count submitted_count can_manage created_by { ${P} }`;
const PARTICIPANT = `id cycle_id reviewee { ${P} } manager { ${P} } results_released_at results_opened_at acknowledged_at can_manage
  nominations { id reviewer { ${P} } nominated_by { ${P} } status }
  requests { id reviewer { ${P} } perspective status due_at submitted_at decline_reason }`;
const READINESS = `readiness { short { participant_id reviewee { ${P} } approved proposed missing needs asked_at } at_risk { participant_id reviewee { ${P} } perspective have need message } }`;
const FULL = `${SUMMARY} perspectives min_peers max_peers anonymity_threshold launched_at closed_at participants { ${PARTICIPANT} } ${READINESS}`;
const REQUEST_ITEM = `id cycle_id cycle_name cycle_type cycle_status reviewee { ${P} } perspective status due_at submitted_at decline_reason`;
const REQUEST = `${REQUEST_ITEM} anonymity_threshold questions { id section_position section_title section_description position kind prompt self_prompt help_text options competency competency_id show_goals required private }
  competency_expectations { question_id competency_name level_name text }
  answers { question_id rating text choices updated_at }`;

export const REVIEW_CYCLES = graphql(`query ReviewCycles { reviewCycles { ${SUMMARY} } }`);

export const reviewCyclesQueryOptions = queryOptions({
  queryKey: ['reviewCycles', 'list'],
  queryFn: async () => (await gql(REVIEW_CYCLES)).reviewCycles,
});

export const REVIEW_CYCLE = graphql(`query ReviewCycle($id: ID!) { reviewCycle(id: $id) { ${FULL} } }`);

export const reviewCycleQueryOptions = (id: string) => queryOptions({
  queryKey: ['reviewCycles', 'one', id],
  queryFn: async () => (await gql(REVIEW_CYCLE, { id })).reviewCycle,
});

export const PEER_SUGGESTIONS = graphql(`query PeerSuggestions($participantId: ID!) { peerSuggestions(participantId: $participantId) { ${P} } }`);

export const peerSuggestionsQueryOptions = (participantId: string) => queryOptions({
  queryKey: ['reviewCycles', 'peerSuggestions', participantId],
  queryFn: async () => (await gql(PEER_SUGGESTIONS, { participantId })).peerSuggestions,
});

export const MY_REVIEW_REQUESTS = graphql(`query MyReviewRequests($includeDone: Boolean) { myReviewRequests(includeDone: $includeDone) { ${REQUEST_ITEM} } }`);

export const myReviewRequestsQueryOptions = (includeDone: boolean) => queryOptions({
  queryKey: ['reviewRequests', 'mine', { includeDone }],
  queryFn: async () => (await gql(MY_REVIEW_REQUESTS, { includeDone })).myReviewRequests,
});

export const MY_NOMINATION_TASKS = graphql(`query MyNominationTasks { myNominationTasks { participant_id cycle_id cycle_name nomination_end min_peers max_peers chosen } }`);

export const myNominationTasksQueryOptions = queryOptions({
  queryKey: ['reviewCycles', 'nominationTasks'],
  queryFn: async () => (await gql(MY_NOMINATION_TASKS)).myNominationTasks,
});

export const REVIEW_REQUEST = graphql(`query ReviewRequest($id: ID!) { reviewRequest(id: $id) { ${REQUEST} } }`);

export const reviewRequestQueryOptions = (id: string) => queryOptions({
  queryKey: ['reviewRequests', 'one', id],
  queryFn: async () => (await gql(REVIEW_REQUEST, { id })).reviewRequest,
});

function useInvalidating<V, R>(run: (variables: V) => Promise<R>, keys: string[][]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
const CYCLES = [['reviewCycles']];
const REQUESTS = [['reviewRequests']];

export const CREATE_REVIEW_CYCLE = graphql(`mutation CreateReviewCycle($input: ReviewCycleInput!) { createReviewCycle(input: $input) { ${FULL} } }`);

export const useCreateReviewCycle = () => useInvalidating(async (input: ReviewCycleInput) =>
  (await gql(CREATE_REVIEW_CYCLE, { input })).createReviewCycle, CYCLES);

export const CYCLE_ACTIONS = {
  launchReviewCycle: graphql(`mutation LaunchReviewCycle($id: ID!) { launchReviewCycle(id: $id) { ${FULL} } }`),
  closeReviewCycle: graphql(`mutation CloseReviewCycle($id: ID!) { closeReviewCycle(id: $id) { ${FULL} } }`),
};
type CycleAction = keyof typeof CYCLE_ACTIONS;
export const useCycleAction = (action: CycleAction) => useInvalidating(async (id: string) =>
  gqlField(CYCLE_ACTIONS[action], { id }), [...CYCLES, ...REQUESTS]);

export const NOMINATIONS = {
  nominatePeers: graphql(`mutation NominatePeers($participantId: ID!, $reviewerIds: [ID!]!) { nominatePeers(participantId: $participantId, reviewerIds: $reviewerIds) { ${PARTICIPANT} } }`),
  changeNominations: graphql(`mutation ChangeNominations($participantId: ID!, $reviewerIds: [ID!]!) { changeNominations(participantId: $participantId, reviewerIds: $reviewerIds) { ${PARTICIPANT} } }`),
};
export const PARTICIPANT_ACTIONS = {
  approveNominations: graphql(`mutation ApproveNominations($participantId: ID!) { approveNominations(participantId: $participantId) { ${PARTICIPANT} } }`),
  releaseResults: graphql(`mutation ReleaseResults($participantId: ID!) { releaseResults(participantId: $participantId) { ${PARTICIPANT} } }`),
  withdrawResults: graphql(`mutation WithdrawResults($participantId: ID!) { withdrawResults(participantId: $participantId) { ${PARTICIPANT} } }`),
  acknowledgeResults: graphql(`mutation AcknowledgeResults($participantId: ID!) { acknowledgeResults(participantId: $participantId) { ${PARTICIPANT} } }`),
};
type ParticipantAction = keyof typeof NOMINATIONS | keyof typeof PARTICIPANT_ACTIONS;
export const useParticipantAction = (action: ParticipantAction) => useInvalidating(async ({ participantId, reviewerIds }: { participantId: string; reviewerIds?: string[] }) =>
  action === 'nominatePeers' || action === 'changeNominations'
    ? gqlField(NOMINATIONS[action], { participantId, reviewerIds: reviewerIds! })
    : gqlField(PARTICIPANT_ACTIONS[action], { participantId }), CYCLES);

export const REOPEN_REVIEW_REQUEST = graphql(`mutation ReopenReviewRequest($id: ID!) { reopenReviewRequest(id: $id) { ${REQUEST_ITEM} } }`);

export const useReopenReviewRequest = () => useInvalidating(async (id: string) =>
  (await gql(REOPEN_REVIEW_REQUEST, { id })).reopenReviewRequest, [...CYCLES, ...REQUESTS]);

export const DECLINE_REVIEW_REQUEST = graphql(`mutation DeclineReviewRequest($id: ID!, $reason: String!) { declineReviewRequest(id: $id, reason: $reason) { ${REQUEST_ITEM} } }`);

export const useDeclineReviewRequest = () => useInvalidating(async ({ id, reason }: { id: string; reason: string }) =>
  (await gql(DECLINE_REVIEW_REQUEST, { id, reason })).declineReviewRequest, REQUESTS);

export const SAVE_REVIEW_DRAFT = graphql(`mutation SaveReviewDraft($requestId: ID!, $answers: [ReviewAnswerInput!]!) { saveReviewDraft(requestId: $requestId, answers: $answers) { id } }`);

/** Saves answers as a draft; returns when they were saved (no cache refresh: the page holds what was typed). */
export async function saveReviewDraft(requestId: string, answers: Answer[]): Promise<void> {
  await gql(SAVE_REVIEW_DRAFT, { requestId, answers });
}

export const SUBMIT_REVIEW_REQUEST = graphql(`mutation SubmitReviewRequest($id: ID!, $answers: [ReviewAnswerInput!]) { submitReviewRequest(id: $id, answers: $answers) { ${REQUEST} } }`);

export const useSubmitReviewRequest = () => useInvalidating(async ({ id, answers }: { id: string; answers: Answer[] }) =>
  (await gql(SUBMIT_REVIEW_REQUEST, { id, answers })).submitReviewRequest, REQUESTS);

export type ReminderResult = { queued: number; already_reminded: number };
export const REMIND_TO_NOMINATE = graphql('mutation RemindToNominate($id: ID!) { remindToNominate(participantId: $id) { queued already_reminded } }');
export const REMIND_ALL_TO_NOMINATE = graphql('mutation RemindAllToNominate($id: ID!) { remindAllToNominate(cycleId: $id) { queued already_reminded } }');

/** "Remind to nominate" for one person (participantId) or everyone short (cycleId). */
export const useRemindToNominate = () => useInvalidating(async (target: { participantId: string } | { cycleId: string }) => {
  if ('participantId' in target) {
    return (await gql(REMIND_TO_NOMINATE, { id: target.participantId })).remindToNominate;
  }
  return (await gql(REMIND_ALL_TO_NOMINATE, { id: target.cycleId })).remindAllToNominate;
}, []);

export const RELEASE_ALL_RESULTS = graphql('mutation ReleaseAllResults($id: ID!) { releaseAllResults(cycleId: $id) { released cycle { id status } } }');

export const useReleaseAllResults = () => useInvalidating(async (cycleId: string) =>
  (await gql(RELEASE_ALL_RESULTS, { id: cycleId })).releaseAllResults, CYCLES);
