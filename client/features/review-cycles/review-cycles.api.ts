import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewCycleInput, ReviewCycleStatus, NominationStatus, ReviewRequestStatus } from '../../../shared/review-cycle.schemas.js';
import type { Perspective, QuestionKind } from '../../../shared/review-template.schemas.js';
import { gql } from '../../lib/graphql.js';

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

export const reviewCyclesQueryOptions = queryOptions({
  queryKey: ['reviewCycles', 'list'],
  queryFn: async () => (await gql<{ reviewCycles: CycleSummary[] }>(`query ReviewCycles { reviewCycles { ${SUMMARY} } }`)).reviewCycles,
});

export const reviewCycleQueryOptions = (id: string) => queryOptions({
  queryKey: ['reviewCycles', 'one', id],
  queryFn: async () => (await gql<{ reviewCycle: Cycle }>(`query ReviewCycle($id: ID!) { reviewCycle(id: $id) { ${FULL} } }`, { id })).reviewCycle,
});

export const peerSuggestionsQueryOptions = (participantId: string) => queryOptions({
  queryKey: ['reviewCycles', 'peerSuggestions', participantId],
  queryFn: async () => (await gql<{ peerSuggestions: Person[] }>(`query PeerSuggestions($participantId: ID!) { peerSuggestions(participantId: $participantId) { ${P} } }`, { participantId })).peerSuggestions,
});

export const myReviewRequestsQueryOptions = (includeDone: boolean) => queryOptions({
  queryKey: ['reviewRequests', 'mine', { includeDone }],
  queryFn: async () => (await gql<{ myReviewRequests: RequestListItem[] }>(`query MyReviewRequests($includeDone: Boolean) { myReviewRequests(includeDone: $includeDone) { ${REQUEST_ITEM} } }`, { includeDone })).myReviewRequests,
});

export const myNominationTasksQueryOptions = queryOptions({
  queryKey: ['reviewCycles', 'nominationTasks'],
  queryFn: async () => (await gql<{ myNominationTasks: NominationTask[] }>(`query MyNominationTasks { myNominationTasks { participant_id cycle_id cycle_name nomination_end min_peers max_peers chosen } }`)).myNominationTasks,
});

export const reviewRequestQueryOptions = (id: string) => queryOptions({
  queryKey: ['reviewRequests', 'one', id],
  queryFn: async () => (await gql<{ reviewRequest: ReviewRequest }>(`query ReviewRequest($id: ID!) { reviewRequest(id: $id) { ${REQUEST} } }`, { id })).reviewRequest,
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

export const useCreateReviewCycle = () => useInvalidating(async (input: ReviewCycleInput) =>
  (await gql<{ createReviewCycle: Cycle }>(`mutation CreateReviewCycle($input: ReviewCycleInput!) { createReviewCycle(input: $input) { ${FULL} } }`, { input })).createReviewCycle, CYCLES);

type CycleAction = 'launchReviewCycle' | 'closeReviewCycle';
export const useCycleAction = (action: CycleAction) => useInvalidating(async (id: string) =>
  (await gql<Record<CycleAction, Cycle>>(`mutation ${action === 'launchReviewCycle' ? 'LaunchReviewCycle' : 'CloseReviewCycle'}($id: ID!) { ${action}(id: $id) { ${FULL} } }`, { id }))[action], [...CYCLES, ...REQUESTS]);

type ParticipantAction = 'nominatePeers' | 'approveNominations' | 'changeNominations' | 'releaseResults' | 'withdrawResults' | 'acknowledgeResults';
const OP_NAMES: Record<ParticipantAction, string> = {
  nominatePeers: 'NominatePeers', approveNominations: 'ApproveNominations', changeNominations: 'ChangeNominations', releaseResults: 'ReleaseResults',
  withdrawResults: 'WithdrawResults', acknowledgeResults: 'AcknowledgeResults',
};
export const useParticipantAction = (action: ParticipantAction) => useInvalidating(async ({ participantId, reviewerIds }: { participantId: string; reviewerIds?: string[] }) => {
  const withPeers = action === 'nominatePeers' || action === 'changeNominations';
  const doc = `mutation ${OP_NAMES[action]}($participantId: ID!${withPeers ? ', $reviewerIds: [ID!]!' : ''}) { ${action}(participantId: $participantId${withPeers ? ', reviewerIds: $reviewerIds' : ''}) { ${PARTICIPANT} } }`;
  return (await gql<Record<ParticipantAction, Participant>>(doc, withPeers ? { participantId, reviewerIds } : { participantId }))[action];
}, CYCLES);

export const useReopenReviewRequest = () => useInvalidating(async (id: string) =>
  (await gql<{ reopenReviewRequest: RequestListItem }>(`mutation ReopenReviewRequest($id: ID!) { reopenReviewRequest(id: $id) { ${REQUEST_ITEM} } }`, { id })).reopenReviewRequest, [...CYCLES, ...REQUESTS]);

export const useDeclineReviewRequest = () => useInvalidating(async ({ id, reason }: { id: string; reason: string }) =>
  (await gql<{ declineReviewRequest: RequestListItem }>(`mutation DeclineReviewRequest($id: ID!, $reason: String!) { declineReviewRequest(id: $id, reason: $reason) { ${REQUEST_ITEM} } }`, { id, reason })).declineReviewRequest, REQUESTS);

/** Saves answers as a draft; returns when they were saved (no cache refresh: the page holds what was typed). */
export async function saveReviewDraft(requestId: string, answers: Answer[]): Promise<void> {
  await gql(`mutation SaveReviewDraft($requestId: ID!, $answers: [ReviewAnswerInput!]!) { saveReviewDraft(requestId: $requestId, answers: $answers) { id } }`, { requestId, answers });
}

export const useSubmitReviewRequest = () => useInvalidating(async ({ id, answers }: { id: string; answers: Answer[] }) =>
  (await gql<{ submitReviewRequest: ReviewRequest }>(`mutation SubmitReviewRequest($id: ID!, $answers: [ReviewAnswerInput!]) { submitReviewRequest(id: $id, answers: $answers) { ${REQUEST} } }`, { id, answers })).submitReviewRequest, REQUESTS);

export type ReminderResult = { queued: number; already_reminded: number };
/** "Remind to nominate" for one person (participantId) or everyone short (cycleId). */
export const useRemindToNominate = () => useInvalidating(async (target: { participantId: string } | { cycleId: string }) => {
  if ('participantId' in target) {
    return (await gql<{ remindToNominate: ReminderResult }>('mutation RemindToNominate($id: ID!) { remindToNominate(participantId: $id) { queued already_reminded } }', { id: target.participantId })).remindToNominate;
  }
  return (await gql<{ remindAllToNominate: ReminderResult }>('mutation RemindAllToNominate($id: ID!) { remindAllToNominate(cycleId: $id) { queued already_reminded } }', { id: target.cycleId })).remindAllToNominate;
}, []);

export const useReleaseAllResults = () => useInvalidating(async (cycleId: string) =>
  (await gql<{ releaseAllResults: { released: number } }>('mutation ReleaseAllResults($id: ID!) { releaseAllResults(cycleId: $id) { released cycle { id status } } }', { id: cycleId })).releaseAllResults, CYCLES);
