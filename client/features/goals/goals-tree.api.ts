import { queryOptions } from '@tanstack/react-query';
import type { GoalStatus } from '../../../shared/goals.js';
import { gql, graphql } from '../../lib/graphql.js';
import { GOAL_SUMMARY_FIELDS, GOAL_TREE_NODE_FIELDS, type GoalBand, type TeamRef } from './goal.types.js';

/**
 * The alignment tree, team goals and the two dashboard cards (server/features/goals/goals.tree.ts).
 * Every key starts with 'goals', so the goal mutations' invalidation refreshes them too. Kept apart
 * from goals.api.ts: the dashboard's cards import this module, not the goal screens'.
 */

export const TREE = graphql(`query GoalTree($root_id: ID, $depth: Int) { goalTree(root_id: $root_id, depth: $depth) { ${GOAL_TREE_NODE_FIELDS} } }`);
export const TEAM_GOALS = graphql(
  `query TeamGoals($team_id: ID!) { teamGoals(team_id: $team_id) { team { id name } goals { ${GOAL_SUMMARY_FIELDS} } member_goals { ${GOAL_SUMMARY_FIELDS} } unaligned_member_goals { ${GOAL_SUMMARY_FIELDS} } progress { percent band } } }`,
);
export const GOAL_TEAMS = graphql('query GoalTeamNames { myGoalTeams { id name } }');

/** Levels each request of the tree brings: a node's children and theirs, so one expand shows the next level at once. */
export const GOAL_TREE_DEPTH = 2;

/** rootId null: the company and team goals at the top; else that goal's descendants. */
export const goalTreeQueryOptions = (rootId: string | null) =>
  queryOptions({
    queryKey: ['goals', 'tree', rootId ?? '', GOAL_TREE_DEPTH],
    queryFn: async () => (await gql(TREE, { root_id: rootId, depth: GOAL_TREE_DEPTH })).goalTree,
  });

export const teamGoalsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: ['goals', 'team', teamId],
    queryFn: async () => (await gql(TEAM_GOALS, { team_id: teamId })).teamGoals,
  });

/** The viewer's own team and the teams they manage or lead (same key and shape as goals.api.ts). */
export const goalTeamsQueryOptions = queryOptions({
  queryKey: ['goals', 'teams'],
  queryFn: async () => (await gql(GOAL_TEAMS)).myGoalTeams,
});

// ---------------------------------------------------------------------------------------------
// Dashboard cards: few fields.

export type GoalLine = { id: string; title: string; status: GoalStatus; progress: number; band: GoalBand; due_date: string | null };
const LINE = 'id title status progress band { percent band } due_date';
export const MY_OPEN = graphql(`query MyGoalsCard { myGoals { ${LINE} } }`);
export const TEAM_CARD = graphql(
  `query TeamGoalsCard($team_id: ID!) { teamGoals(team_id: $team_id) { team { id name } goals { ${LINE} } progress { percent band } } }`,
);

/** My open goals (myGoals leaves done and dropped out by default), due date first. */
export const myGoalsCardQueryOptions = queryOptions({
  queryKey: ['goals', 'card', 'mine'],
  queryFn: async () => (await gql(MY_OPEN)).myGoals,
});

export type TeamGoalsCard = { team: TeamRef; goals: GoalLine[]; progress: GoalBand | null };
/** Up to this many teams on the TEAM_GOALS card. */
export const TEAM_CARD_TEAMS = 3;

/** The TEAM_GOALS card: my teams (the first few), each with its goals and rolled-up progress. */
export const teamGoalsCardQueryOptions = queryOptions({
  queryKey: ['goals', 'card', 'teams'],
  queryFn: async (): Promise<TeamGoalsCard[]> => {
    const teams = (await gql(GOAL_TEAMS)).myGoalTeams.slice(0, TEAM_CARD_TEAMS);
    return Promise.all(teams.map(async (t) => (await gql(TEAM_CARD, { team_id: t.id })).teamGoals));
  },
});
