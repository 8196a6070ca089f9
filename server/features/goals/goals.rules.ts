import type { OperationRules } from '../../graphql/operation-rules.js';

/**
 * Who may call each goals operation (docs/decisions/0041, 0049). The subject of a goal is its
 * PERSON owner; which goals a viewer reads and edits is decided per goal by goals.visibility.repo.ts.
 */
export const goalsRules: OperationRules = {
  Query: {
    myGoals: 'SIGNED_IN',
    goal: 'SIGNED_IN',
    teamGoals: 'SIGNED_IN',
    myGoalTeams: 'SELF',
    goalTree: 'SIGNED_IN',
    alignableGoals: 'SIGNED_IN',
    goalSettings: 'SIGNED_IN',
    goalsInPeriod: 'SIGNED_IN',
  },
  Mutation: {
    createGoal: 'SIGNED_IN',
    updateGoal: 'SUBJECT_OR_MANAGER',
    deleteGoal: 'SUBJECT_OR_MANAGER',
    checkInGoal: 'SUBJECT_OR_MANAGER',
    updateGoalSettings: 'ADMIN',
    previewGoalImport: 'ADMIN',
    importGoals: 'ADMIN',
  },
};
