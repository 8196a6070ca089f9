import type { CheckInCadence, GoalKind, GoalOwnerKind, GoalStatus, GoalVisibility, KeyResultKind } from '../../../shared/goals.js';

/**
 * Goals as the screens read them (server/features/goals/goals.schema.ts): one field list per type,
 * used by every query and mutation so the cache holds one shape.
 */
export type Person = { id: string; full_name: string };
export type TeamRef = { id: string; name: string };
export type GoalBand = { percent: number; band: string };
export type KeyResult = {
  id: string; title: string; kind: KeyResultKind; start_value: number; target_value: number; current_value: number;
  currency: string | null; weight: number; progress: number;
};
export type GoalRefLite = { id: string; title: string };
export type GoalSummary = {
  id: string; title: string; kind: GoalKind; owner_kind: GoalOwnerKind; owner: Person | null; team: TeamRef | null;
  parent: GoalRefLite | null; parent_hidden: boolean; competency_id: string | null; start_date: string | null; due_date: string | null;
  visibility: GoalVisibility; status: GoalStatus; progress: number; band: GoalBand;
  /** Where an even pace would be today (shared/goals.ts expectedProgress): a hint, not a status. */
  expected_progress: number | null; key_results: KeyResult[]; child_count: number;
  last_check_in_at: string | null; can_edit: boolean; updated_at: string;
};
export type GoalCheckIn = {
  id: string; author: Person | null; comment: string; confidence: number | null; status: GoalStatus; progress: number;
  changes: Array<{ key_result_id: string; title: string; before: number; after: number }>; created_at: string;
};
export type GoalDetail = GoalSummary & {
  description: string; children: GoalSummary[]; check_ins: GoalCheckIn[]; created_by: Person | null; created_at: string;
};
export type GoalTreeNode = {
  id: string; parent_id: string | null; title: string; owner_kind: GoalOwnerKind; owner_name: string; owner_id: string | null;
  status: GoalStatus; progress: number; band: GoalBand; due_date: string | null; child_count: number; depth: number;
};
export type TeamGoals = { team: TeamRef; goals: GoalSummary[]; member_goals: GoalSummary[]; unaligned_member_goals: GoalSummary[]; progress: GoalBand | null };
export type GoalSettings = { check_in_cadence: CheckInCadence; check_in_weekday: number; due_reminder_days: number };

const PERSON = 'id full_name';
export const KEY_RESULT_FIELDS = 'id title kind start_value target_value current_value currency weight progress';
export const GOAL_SUMMARY_FIELDS = `id title kind owner_kind owner { ${PERSON} } team { id name } parent { id title } parent_hidden competency_id start_date due_date visibility status progress band { percent band } expected_progress key_results { ${KEY_RESULT_FIELDS} } child_count last_check_in_at can_edit updated_at`;
export const GOAL_CHECK_IN_FIELDS = `id author { ${PERSON} } comment confidence status progress changes { key_result_id title before after } created_at`;
export const GOAL_DETAIL_FIELDS = `${GOAL_SUMMARY_FIELDS} description children { ${GOAL_SUMMARY_FIELDS} } check_ins { ${GOAL_CHECK_IN_FIELDS} } created_by { ${PERSON} } created_at`;
export const GOAL_TREE_NODE_FIELDS = 'id parent_id title owner_kind owner_name owner_id status progress band { percent band } due_date child_count depth';
export const GOAL_SETTINGS_FIELDS = 'check_in_cadence check_in_weekday due_reminder_days';
