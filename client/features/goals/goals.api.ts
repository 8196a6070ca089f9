import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoalKind, GoalOwnerKind, GoalStatus, GoalVisibility, KeyResultKind } from '../../../shared/goals.js';
import { gql, graphql, GraphqlError } from '../../lib/graphql.js';
import { GOAL_DETAIL_FIELDS, GOAL_SUMMARY_FIELDS, GOAL_TREE_NODE_FIELDS, type GoalDetail, type TeamRef } from './goal.types.js';

/** My goals, one goal, the form's choices (teams, alignable goals) and the goal mutations. */

export const MY_GOALS = graphql(`query MyGoals($filter: GoalListFilter) { myGoals(filter: $filter) { ${GOAL_SUMMARY_FIELDS} } }`);
export const GOAL = graphql(`query Goal($id: ID!) { goal(id: $id) { ${GOAL_DETAIL_FIELDS} } }`);
export const MY_GOAL_TEAMS = graphql('query MyGoalTeams { myGoalTeams { id name manager { id } team_lead { id } } }');
export const ALIGNABLE = graphql(
  `query AlignableGoals($search: String, $exclude_id: ID) { alignableGoals(search: $search, exclude_id: $exclude_id) { ${GOAL_TREE_NODE_FIELDS} } }`,
);
export const CREATE = graphql(`mutation CreateGoal($input: GoalInput!) { createGoal(input: $input) { ${GOAL_SUMMARY_FIELDS} } }`);
export const UPDATE = graphql(`mutation UpdateGoal($id: ID!, $input: GoalUpdateInput!) { updateGoal(id: $id, input: $input) { ${GOAL_SUMMARY_FIELDS} } }`);
export const DELETE = graphql('mutation DeleteGoal($id: ID!) { deleteGoal(id: $id) }');
export const CHECK_IN = graphql(`mutation CheckInGoal($input: CheckInInput!) { checkInGoal(input: $input) { ${GOAL_SUMMARY_FIELDS} } }`);

export const myGoalsQueryOptions = (includeClosed: boolean) =>
  queryOptions({
    queryKey: ['goals', 'mine', { includeClosed }],
    queryFn: async () => (await gql(MY_GOALS, { filter: { include_closed: includeClosed } })).myGoals,
  });

export const goalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['goals', 'one', id],
    /** null: no such goal, or one the viewer may not read (the server answers NOT_FOUND for both). */
    queryFn: async (): Promise<GoalDetail | null> => {
      try {
        return (await gql(GOAL, { id })).goal;
      } catch (err) {
        if (err instanceof GraphqlError && err.code === 'NOT_FOUND') return null;
        throw err;
      }
    },
  });

export type GoalTeam = TeamRef & { manager: { id: string } | null; team_lead: { id: string } | null };

/** The teams whose goals I follow (mine, and those I manage or lead), with who manages and leads them: the form offers those I may set goals for. */
export const myGoalTeamsQueryOptions = queryOptions({
  queryKey: ['goals', 'teams', 'form'],
  queryFn: async () => (await gql(MY_GOAL_TEAMS)).myGoalTeams,
});

export const alignableGoalsQueryOptions = (search: string, excludeId: string | null) =>
  queryOptions({
    queryKey: ['goals', 'alignable', { search, excludeId }],
    queryFn: async () => (await gql(ALIGNABLE, { search: search || null, exclude_id: excludeId })).alignableGoals,
  });

export type KeyResultVariables = {
  id?: string | null;
  title: string;
  kind: KeyResultKind;
  start_value: number;
  target_value: number;
  current_value?: number | null;
  currency?: string | null;
  weight: number;
};
export type GoalVariables = {
  title: string;
  description: string;
  owner_kind: GoalOwnerKind;
  owner_user_id?: string | null;
  owner_team_id?: string | null;
  kind?: GoalKind;
  competency_id?: string | null;
  parent_id: string | null;
  start_date: string | null;
  due_date: string | null;
  visibility: GoalVisibility;
  status?: GoalStatus;
  key_results: KeyResultVariables[];
};
export type GoalUpdateVariables = Omit<GoalVariables, 'owner_kind' | 'owner_user_id' | 'owner_team_id' | 'kind'>;
export type CheckInVariables = {
  goal_id: string;
  values: Array<{ key_result_id: string; value: number }>;
  comment: string;
  confidence: number | null;
  status: GoalStatus | null;
};

function useGoalsMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['goals'] }) });
}

export const useCreateGoal = () => useGoalsMutation(async (input: GoalVariables) => (await gql(CREATE, { input })).createGoal);
export const useUpdateGoal = () =>
  useGoalsMutation(async ({ id, input }: { id: string; input: GoalUpdateVariables }) => (await gql(UPDATE, { id, input })).updateGoal);
export const useDeleteGoal = () => useGoalsMutation(async (id: string) => (await gql(DELETE, { id })).deleteGoal);
export const useCheckInGoal = () => useGoalsMutation(async (input: CheckInVariables) => (await gql(CHECK_IN, { input })).checkInGoal);
