import type { ResultOf } from '../../lib/graphql.js';
import type { ASSESSMENT_OVERVIEW } from './assessment.api.js';
import type { PLAN, TEAM_PROGRESS } from './development.api.js';
import type { BUILTINS, FRAMEWORK, PLACEMENTS } from './framework.api.js';

/**
 * The competency framework, assessments and development plans as the screens read them
 * (server/features/growth/growth.schema.ts): one field list per type. The types are those of the
 * documents (schema.graphql).
 */
/** A track; pass `version` back as base_version when saving (docs/decisions/0059). */
export type CompetencyTrack = ResultOf<typeof FRAMEWORK>['competencyFramework'][number];
export type CompetencyLevel = CompetencyTrack['levels'][number];
export type Competency = CompetencyTrack['competencies'][number];
export type BuiltinCompetencyTrack = ResultOf<typeof BUILTINS>['builtinCompetencyTracks'][number];
export type Placement = ResultOf<typeof PLACEMENTS>['placements'][number];
export type AssessmentOverview = ResultOf<typeof ASSESSMENT_OVERVIEW>['assessmentOverview'];
export type Assessment = NonNullable<AssessmentOverview['my_draft']>;
export type AssessmentRating = Assessment['ratings'][number];
export type AssessmentComparisonRow = AssessmentOverview['rows'][number];
export type DevelopmentPlan = ResultOf<typeof PLAN>['developmentPlan'];
export type DevelopmentAction = DevelopmentPlan['actions'][number];
export type DevelopmentTeamProgress = ResultOf<typeof TEAM_PROGRESS>['developmentTeamProgress'][number];
export type DevelopmentPersonProgress = DevelopmentTeamProgress['people'][number];

const PERSON = 'id full_name';
export const COMPETENCY_FIELDS = 'id track_id name description position expectations { level_id text }';
export const TRACK_FIELDS = `id name description builtin_key archived levels { id name description position people } competencies { ${COMPETENCY_FIELDS} } people updated_at version`;
export const PLACEMENT_FIELDS = `user { ${PERSON} } track { id name } level { id name position } placed_by { ${PERSON} } placed_at`;
export const ASSESSMENT_FIELDS = `id subject { ${PERSON} } assessor { ${PERSON} } kind status track { id name } level { id name } ratings { competency_id rating comment } summary version submitted_at updated_at`;
export const ASSESSMENT_OVERVIEW_FIELDS = `subject { ${PERSON} } placement { ${PLACEMENT_FIELDS} } self { ${ASSESSMENT_FIELDS} } manager { ${ASSESSMENT_FIELDS} } rows { competency { ${COMPETENCY_FIELDS} } expectation next_expectation self manager gap } my_draft { ${ASSESSMENT_FIELDS} } can_assess_as history { ${ASSESSMENT_FIELDS} }`;
export const ACTION_FIELDS = 'id title due_date competency { id name } goal_id done done_at created_at';
