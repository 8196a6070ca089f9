import type { OperationRules } from '../../graphql/operation-rules.js';

/**
 * Who may call each framework, assessment and development-plan operation (docs/decisions/0041,
 * 0050). The subject of an assessment overview, a placement and a plan is the person it is about;
 * of saving or submitting an assessment, its assessor.
 */
export const growthRules: OperationRules = {
  Query: {
    competencyFramework: 'SIGNED_IN',
    competencyTrack: 'SIGNED_IN',
    builtinCompetencyTracks: 'ADMIN',
    placement: 'SUBJECT_OR_MANAGER',
    placements: 'ADMIN',
    assessmentOverview: 'SUBJECT_OR_MANAGER',
    assessment: 'SUBJECT_OR_MANAGER',
    developmentPlan: 'SUBJECT_OR_MANAGER',
    developmentTeamProgress: 'MANAGER',
  },
  Mutation: {
    copyBuiltinCompetencyTrack: 'ADMIN',
    createCompetencyTrack: 'ADMIN',
    updateCompetencyTrack: 'ADMIN',
    archiveCompetencyTrack: 'ADMIN',
    restoreCompetencyTrack: 'ADMIN',
    placePerson: 'MANAGER_OF_SUBJECT',
    removePlacement: 'MANAGER_OF_SUBJECT',
    startAssessment: 'SUBJECT_OR_MANAGER',
    saveAssessment: 'SUBJECT',
    submitAssessment: 'SUBJECT',
    deleteAssessmentDraft: 'SUBJECT',
    updateDevelopmentPlan: 'SUBJECT_OR_MANAGER',
    addDevelopmentAction: 'SUBJECT_OR_MANAGER',
    updateDevelopmentAction: 'SUBJECT_OR_MANAGER',
    setDevelopmentActionDone: 'SUBJECT_OR_MANAGER',
    deleteDevelopmentAction: 'SUBJECT_OR_MANAGER',
  },
};
