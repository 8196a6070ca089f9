import type { AssessmentKind, AssessmentStatus } from '../../../shared/growth.js';
import type { GoalBand, GoalSummary, Person } from '../goals/goal.types.js';

/**
 * The competency framework, assessments and development plans as the screens read them
 * (server/features/growth/growth.schema.ts): one field list per type.
 */
export type CompetencyLevel = { id: string; name: string; description: string; position: number; people: number };
export type Competency = { id: string; track_id: string; name: string; description: string; position: number; expectations: Array<{ level_id: string; text: string }> };
export type CompetencyTrack = {
  id: string; name: string; description: string; builtin_key: string | null; archived: boolean; levels: CompetencyLevel[];
  competencies: Competency[]; people: number; updated_at: string;
  /** Pass back as base_version when saving (docs/decisions/0059). */
  version: number;
};
export type BuiltinCompetencyTrack = { key: string; name: string; description: string; levels: string[]; competencies: string[]; copied: boolean };
export type Placement = { user: Person; track: Pick<CompetencyTrack, 'id' | 'name'>; level: Pick<CompetencyLevel, 'id' | 'name' | 'position'>; placed_by: Person | null; placed_at: string };
export type AssessmentRating = { competency_id: string; rating: number | null; comment: string };
export type Assessment = {
  id: string; subject: Person; assessor: Person | null; kind: AssessmentKind; status: AssessmentStatus;
  track: { id: string; name: string }; level: { id: string; name: string }; ratings: AssessmentRating[]; summary: string; version: number;
  submitted_at: string | null; updated_at: string;
};
export type AssessmentComparisonRow = { competency: Competency; expectation: string; next_expectation: string | null; self: number | null; manager: number | null; gap: number | null };
export type AssessmentOverview = {
  subject: Person; placement: Placement | null; self: Assessment | null; manager: Assessment | null; rows: AssessmentComparisonRow[];
  my_draft: Assessment | null; can_assess_as: AssessmentKind | null; history: Assessment[];
};
export type DevelopmentAction = { id: string; title: string; due_date: string | null; competency: { id: string; name: string } | null; goal_id: string | null; done: boolean; done_at: string | null; created_at: string };
export type DevelopmentPlan = {
  user: Person; mentor: Person | null; focus: string; placement: Placement | null; growth_goals: Array<GoalSummary & { competency: { id: string; name: string } | null }>;
  actions: DevelopmentAction[]; progress: GoalBand | null; updated_at: string | null; can_edit: boolean;
};
export type DevelopmentPersonProgress = {
  user: Person; placement: Placement | null; self_assessed_at: string | null; manager_assessed_at: string | null; plan_progress: GoalBand | null;
  growth_goals: number; actions_open: number; actions_overdue: number;
};
export type DevelopmentTeamProgress = { team: { id: string; name: string } | null; people: DevelopmentPersonProgress[] };

const PERSON = 'id full_name';
export const COMPETENCY_FIELDS = 'id track_id name description position expectations { level_id text }';
export const TRACK_FIELDS = `id name description builtin_key archived levels { id name description position people } competencies { ${COMPETENCY_FIELDS} } people updated_at version`;
export const PLACEMENT_FIELDS = `user { ${PERSON} } track { id name } level { id name position } placed_by { ${PERSON} } placed_at`;
export const ASSESSMENT_FIELDS = `id subject { ${PERSON} } assessor { ${PERSON} } kind status track { id name } level { id name } ratings { competency_id rating comment } summary version submitted_at updated_at`;
export const ASSESSMENT_OVERVIEW_FIELDS = `subject { ${PERSON} } placement { ${PLACEMENT_FIELDS} } self { ${ASSESSMENT_FIELDS} } manager { ${ASSESSMENT_FIELDS} } rows { competency { ${COMPETENCY_FIELDS} } expectation next_expectation self manager gap } my_draft { ${ASSESSMENT_FIELDS} } can_assess_as history { ${ASSESSMENT_FIELDS} }`;
export const ACTION_FIELDS = 'id title due_date competency { id name } goal_id done done_at created_at';
