import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoalKind, GoalOwnerKind, GoalStatus, GoalVisibility, KeyResultKind } from '../../../shared/goals.js';
import { gql, GraphqlError } from '../../lib/graphql.js';
import {
  GOAL_DETAIL_FIELDS, GOAL_SUMMARY_FIELDS, GOAL_TREE_NODE_FIELDS, type GoalDetail, type GoalSummary, type GoalTreeNode, type TeamRef,
} from './goal.types.js';

/** My goals, one goal, the form's choices (teams, alignable goals) and the goal mutations. */

const MY_GOALS = `query MyGoals($filter: GoalListFilter) { myGoals(filter: $filter) { ${GOAL_SUMMARY_FIELDS} } }`;
const GOAL = `query Goal($id: ID!) { goal(id: $id) { ${GOAL_DETAIL_FIELDS} } }`;
const MY_GOAL_TEAMS = 'query MyGoalTeams { myGoalTeams { id name manager { id } team_lead { id } } }';
const ALIGNABLE = `query AlignableGoals($search: String, $exclude_id: ID) { alignableGoals(search: $search, exclude_id: $exclude_id) { ${GOAL_TREE_NODE_FIELDS} } }`;
const CREATE = `mutation CreateGoal($input: GoalInput!) { createGoal(input: $input) { ${GOAL_SUMMARY_FIELDS} } }`;
const UPDATE = `mutation UpdateGoal($id: ID!, $input: GoalUpdateInput!) { updateGoal(id: $id, input: $input) { ${GOAL_SUMMARY_FIELDS} } }`;
const DELETE = 'mutation DeleteGoal($id: ID!) { deleteGoal(id: $id) }';
const CHECK_IN = `mutation CheckInGoal($input: CheckInInput!) { checkInGoal(input: $input) { ${GOAL_SUMMARY_FIELDS} } }`;

export const myGoalsQueryOptions = (includeClosed: boolean) => queryOptions({
  queryKey: ['goals', 'mine', { includeClosed }],
  queryFn: async () => (await gql<{ myGoals: GoalSummary[] }>(MY_GOALS, { filter: { include_closed: includeClosed } })).myGoals,
});

export const goalQueryOptions = (id: string) => queryOptions({
  queryKey: ['goals', 'one', id],
  /** null: no such goal, or one the viewer may not read (the server answers NOT_FOUND for both). */
  queryFn: async (): Promise<GoalDetail | null> => {
    try {
      return (await gql<{ goal: GoalDetail }>(GOAL, { id })).goal;
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
  queryFn: async () => (await gql<{ myGoalTeams: GoalTeam[] }>(MY_GOAL_TEAMS)).myGoalTeams,
});

export const alignableGoalsQueryOptions = (search: string, excludeId: string | null) => queryOptions({
  queryKey: ['goals', 'alignable', { search, excludeId }],
  queryFn: async () => (await gql<{ alignableGoals: GoalTreeNode[] }>(ALIGNABLE, { search: search || null, exclude_id: excludeId })).alignableGoals,
});

export type KeyResultVariables = {
  id?: string | null; title: string; kind: KeyResultKind; start_value: number; target_value: number; current_value?: number | null; currency?: string | null; weight: number;
};
export type GoalVariables = {
  title: string; description: string; owner_kind: GoalOwnerKind; owner_user_id?: string | null; owner_team_id?: string | null; kind?: GoalKind;
  competency_id?: string | null; parent_id: string | null; start_date: string | null; due_date: string | null; visibility: GoalVisibility; status?: GoalStatus;
  key_results: KeyResultVariables[];
};
export type GoalUpdateVariables = Omit<GoalVariables, 'owner_kind' | 'owner_user_id' | 'owner_team_id' | 'kind'>;
export type CheckInVariables = { goal_id: string; values: Array<{ key_result_id: string; value: number }>; comment: string; confidence: number | null; status: GoalStatus | null };

function useGoalsMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['goals'] }) });
}

export const useCreateGoal = () => useGoalsMutation(async (input: GoalVariables) => (await gql<{ createGoal: GoalSummary }>(CREATE, { input })).createGoal);
export const useUpdateGoal = () => useGoalsMutation(async ({ id, input }: { id: string; input: GoalUpdateVariables }) => (await gql<{ updateGoal: GoalSummary }>(UPDATE, { id, input })).updateGoal);
export const useDeleteGoal = () => useGoalsMutation(async (id: string) => (await gql<{ deleteGoal: boolean }>(DELETE, { id })).deleteGoal);
export const useCheckInGoal = () => useGoalsMutation(async (input: CheckInVariables) => (await gql<{ checkInGoal: GoalSummary }>(CHECK_IN, { input })).checkInGoal);
