import type { ResultOf } from '../../lib/graphql.js';
import type { SETTINGS } from './goals-admin.api.js';
import type { TEAM_GOALS, TREE } from './goals-tree.api.js';
import type { GOAL, MY_GOALS } from './goals.api.js';

/**
 * Goals as the screens read them (server/features/goals/goals.schema.ts): one field list per type,
 * used by every query and mutation so the cache holds one shape. The types are those of the
 * documents (schema.graphql).
 */
export type GoalSummary = ResultOf<typeof MY_GOALS>['myGoals'][number];
export type GoalDetail = ResultOf<typeof GOAL>['goal'];
export type GoalCheckIn = GoalDetail['check_ins'][number];
export type KeyResult = GoalSummary['key_results'][number];
export type GoalBand = GoalSummary['band'];
export type Person = NonNullable<GoalSummary['owner']>;
export type TeamRef = NonNullable<GoalSummary['team']>;
export type GoalRefLite = NonNullable<GoalSummary['parent']>;
export type GoalTreeNode = ResultOf<typeof TREE>['goalTree'][number];
export type TeamGoals = ResultOf<typeof TEAM_GOALS>['teamGoals'];
export type GoalSettings = ResultOf<typeof SETTINGS>['goalSettings'];

const PERSON = 'id full_name';
export const KEY_RESULT_FIELDS = 'id title kind start_value target_value current_value currency weight progress';
export const GOAL_SUMMARY_FIELDS = `id title kind owner_kind owner { ${PERSON} } team { id name } parent { id title } parent_hidden competency_id start_date due_date visibility status progress band { percent band } expected_progress key_results { ${KEY_RESULT_FIELDS} } child_count last_check_in_at can_edit updated_at`;
export const GOAL_CHECK_IN_FIELDS = `id author { ${PERSON} } comment confidence status progress changes { key_result_id title before after } created_at`;
export const GOAL_DETAIL_FIELDS = `${GOAL_SUMMARY_FIELDS} description children { ${GOAL_SUMMARY_FIELDS} } check_ins { ${GOAL_CHECK_IN_FIELDS} } created_by { ${PERSON} } created_at`;
export const GOAL_TREE_NODE_FIELDS = 'id parent_id title owner_kind owner_name owner_id status progress band { percent band } due_date child_count depth';
export const GOAL_SETTINGS_FIELDS = 'check_in_cadence check_in_weekday due_reminder_days';
