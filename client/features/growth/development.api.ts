import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gql, graphql } from '../../lib/graphql.js';
import { GOAL_SUMMARY_FIELDS } from '../goals/goal.types.js';
import { ACTION_FIELDS, PLACEMENT_FIELDS, type DevelopmentPlan } from './growth.types.js';

/** The development plan, its actions and team progress (server/features/growth/growth.schema.ts). */

/** The plan with the competencies of the person's track (for the action form's select). */
export type DevelopmentPlanView = DevelopmentPlan & {
  placement: (DevelopmentPlan['placement'] & { track: { id: string; name: string; competencies: Array<{ id: string; name: string }> } }) | null;
};

const PERSON = 'id full_name';
/** PLACEMENT_FIELDS with the track's competencies (the action form's select). */
const PLAN_PLACEMENT_FIELDS = `user { ${PERSON} } track { id name competencies { id name } } level { id name position } placed_by { ${PERSON} } placed_at`;
const PLAN_FIELDS = `user { ${PERSON} } mentor { ${PERSON} } focus
  placement { ${PLAN_PLACEMENT_FIELDS} }
  growth_goals { ${GOAL_SUMMARY_FIELDS} competency { id name } }
  actions { ${ACTION_FIELDS} } progress { percent band } updated_at can_edit`;

export const PLAN = graphql(`query DevelopmentPlan($user_id: ID!) { developmentPlan(user_id: $user_id) { ${PLAN_FIELDS} } }`);
export const UPDATE_PLAN = graphql(
  `mutation UpdateDevelopmentPlan($user_id: ID!, $input: DevelopmentPlanInput!) { updateDevelopmentPlan(user_id: $user_id, input: $input) { ${PLAN_FIELDS} } }`,
);
export const ADD_ACTION = graphql(
  `mutation AddDevelopmentAction($user_id: ID!, $input: DevelopmentActionInput!) { addDevelopmentAction(user_id: $user_id, input: $input) { ${ACTION_FIELDS} } }`,
);
export const SET_DONE = graphql(
  `mutation SetDevelopmentActionDone($id: ID!, $done: Boolean!) { setDevelopmentActionDone(id: $id, done: $done) { ${ACTION_FIELDS} } }`,
);
export const DELETE_ACTION = graphql('mutation DeleteDevelopmentAction($id: ID!) { deleteDevelopmentAction(id: $id) }');
export const TEAM_PROGRESS = graphql(`query DevelopmentTeamProgress { developmentTeamProgress { team { id name } people {
  user { ${PERSON} } placement { ${PLACEMENT_FIELDS} } self_assessed_at manager_assessed_at plan_progress { percent band } growth_goals actions_open actions_overdue
} } }`);

export const developmentPlanQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['growth', 'plan', userId],
    queryFn: async () => (await gql(PLAN, { user_id: userId })).developmentPlan,
  });

export const developmentTeamProgressQueryOptions = queryOptions({
  queryKey: ['growth', 'team-progress'],
  queryFn: async () => (await gql(TEAM_PROGRESS)).developmentTeamProgress,
});

export type ActionVariables = { title: string; due_date: string | null; competency_id: string | null; goal_id: string | null };

/** Every change refreshes the plan (its progress moves) and team progress. */
function usePlanMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['growth'] }) });
}

export const useUpdateDevelopmentPlan = () =>
  usePlanMutation(
    async (v: { userId: string; mentor_id: string | null; focus: string }) =>
      (await gql(UPDATE_PLAN, { user_id: v.userId, input: { mentor_id: v.mentor_id, focus: v.focus } })).updateDevelopmentPlan,
  );
export const useAddDevelopmentAction = () =>
  usePlanMutation(async (v: { userId: string; input: ActionVariables }) => (await gql(ADD_ACTION, { user_id: v.userId, input: v.input })).addDevelopmentAction);
export const useSetDevelopmentActionDone = () => usePlanMutation(async (v: { id: string; done: boolean }) => (await gql(SET_DONE, v)).setDevelopmentActionDone);
export const useDeleteDevelopmentAction = () => usePlanMutation(async (id: string) => (await gql(DELETE_ACTION, { id })).deleteDevelopmentAction);
