import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';
import { FEEDBACK_REQUEST_FIELDS, PENDING_ASK_FIELDS } from './feedback.types.js';

/**
 * Feedback requests (server/features/feedback/feedback.schema.ts): the ones I sent, the ones waiting
 * for my answer, and their changes. Every change refreshes the `feedbackRequests` key family and the
 * `feedback` family (answers become feedback items the lists show).
 */

export const SENT = graphql(`query SentFeedbackRequests { sentFeedbackRequests { ${FEEDBACK_REQUEST_FIELDS} } }`);
export const PENDING = graphql(`query PendingFeedbackRequests { pendingFeedbackRequests(include_done: true) { ${PENDING_ASK_FIELDS} } }`);

export const sentFeedbackRequestsQueryOptions = queryOptions({
  queryKey: ['feedbackRequests', 'sent'],
  queryFn: async () => (await gql(SENT)).sentFeedbackRequests,
});

export const pendingFeedbackRequestsQueryOptions = queryOptions({
  queryKey: ['feedbackRequests', 'pending'],
  queryFn: async () => (await gql(PENDING)).pendingFeedbackRequests,
});

export const PEOPLE = graphql(`
  query FeedbackRequestPeople {
    findOneUser { id permission_level managed_teams { id } }
    organizationUsers { id full_name email role status manager { id } team { id name } }
  }
`);

/** A person the request dialog offers: live people of the organization, with who manages them. */
export type RequestPerson = ResultOf<typeof PEOPLE>['organizationUsers'][number];
export type RequestPeople = { me: ResultOf<typeof PEOPLE>['findOneUser']; people: RequestPerson[] };

export const feedbackRequestPeopleQueryOptions = queryOptions({
  queryKey: ['users', 'feedback-request-people'],
  queryFn: async () => {
    const data = await gql(PEOPLE);
    return { me: data.findOneUser, people: data.organizationUsers.filter((p) => p.status !== 'DEACTIVATED') } satisfies RequestPeople;
  },
});

/**
 * Who I may ask feedback about besides myself: everyone for an admin; for a manager, their reports
 * (direct reports and the people of the teams they manage or lead), as the server's rule reads it.
 */
export function subjectsFor({ me, people }: RequestPeople): RequestPerson[] {
  const others = people.filter((p) => p.id !== me.id);
  if (me.permission_level === 'ADMIN') return others;
  const teams = new Set(me.managed_teams.map((t) => t.id));
  return others.filter((p) => p.manager?.id === me.id || (p.team && teams.has(p.team.id)));
}

export type RequestFeedbackVariables = {
  subject_id?: string | null;
  responder_ids: string[];
  template_id?: string | null;
  questions?: string[] | null;
  message: string;
  due_on?: string | null;
};

export const REQUEST = graphql(`mutation RequestFeedback($input: RequestFeedbackInput!) { requestFeedback(input: $input) { ${FEEDBACK_REQUEST_FIELDS} } }`);
export const CANCEL = graphql(`mutation CancelFeedbackRequest($id: ID!) { cancelFeedbackRequest(id: $id) { ${FEEDBACK_REQUEST_FIELDS} } }`);
export const SHARE = graphql(`mutation ShareFeedbackRequest($id: ID!) { shareFeedbackRequest(id: $id) { ${FEEDBACK_REQUEST_FIELDS} } }`);
export const ANSWER = graphql(
  `mutation AnswerFeedbackRequest($ask_id: ID!, $answers: [String!]!) { answerFeedbackRequest(ask_id: $ask_id, answers: $answers) { ${PENDING_ASK_FIELDS} } }`,
);
export const DECLINE = graphql(
  `mutation DeclineFeedbackRequest($ask_id: ID!, $reason: String!) { declineFeedbackRequest(ask_id: $ask_id, reason: $reason) { ${PENDING_ASK_FIELDS} } }`,
);

function useRequestChange<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['feedbackRequests'] }), queryClient.invalidateQueries({ queryKey: ['feedback'] })]),
  });
}

export const useRequestFeedback = () => useRequestChange(async (input: RequestFeedbackVariables) => (await gql(REQUEST, { input })).requestFeedback);

export const useCancelFeedbackRequest = () => useRequestChange(async (id: string) => (await gql(CANCEL, { id })).cancelFeedbackRequest);

export const useShareFeedbackRequest = () => useRequestChange(async (id: string) => (await gql(SHARE, { id })).shareFeedbackRequest);

export const useAnswerFeedbackRequest = () =>
  useRequestChange(async ({ askId, answers }: { askId: string; answers: string[] }) => (await gql(ANSWER, { ask_id: askId, answers })).answerFeedbackRequest);

export const useDeclineFeedbackRequest = () =>
  useRequestChange(async ({ askId, reason }: { askId: string; reason: string }) => (await gql(DECLINE, { ask_id: askId, reason })).declineFeedbackRequest);
