import type { OperationRules } from '../../graphql/operation-rules.js';

/**
 * Who may call each reviews operation (docs/decisions/0041); the policy files decide the detail
 * (reviews.cycles.policy.ts, reviews.templates.policy.ts, reviews.results.access.ts, reviews.automation.access.ts).
 * "Subject" is the reviewee of a participant, the reviewer of a request; "manager of subject" includes
 * the manager who created the cycle, template or rule, and the manager or lead of its team.
 */
export const reviewsRules: OperationRules = {
  Query: {
    reviewTemplates: 'MANAGER',
    reviewTemplate: 'MANAGER',
    reviewCycles: 'SIGNED_IN',
    reviewCycle: 'SUBJECT_OR_MANAGER',
    peerSuggestions: 'SUBJECT_OR_MANAGER',
    reviewResults: 'SUBJECT_OR_MANAGER',
    myReviewRequests: 'SELF',
    myNominationTasks: 'SELF',
    reviewRequest: 'SUBJECT',
    reviewTeamProgress: 'MANAGER',
    reviewAutomationRules: 'MANAGER',
    reviewAutomationRuns: 'MANAGER_OF_SUBJECT',
    reviewReminderSettings: 'MANAGER',
  },
  Mutation: {
    createReviewTemplate: 'MANAGER',
    copyReviewTemplate: 'MANAGER',
    updateReviewTemplate: 'MANAGER_OF_SUBJECT',
    archiveReviewTemplate: 'MANAGER_OF_SUBJECT',
    restoreReviewTemplate: 'MANAGER_OF_SUBJECT',
    createReviewCycle: 'MANAGER_OF_SUBJECT',
    updateReviewCycle: 'MANAGER_OF_SUBJECT',
    launchReviewCycle: 'MANAGER_OF_SUBJECT',
    closeReviewCycle: 'MANAGER_OF_SUBJECT',
    releaseResults: 'MANAGER_OF_SUBJECT',
    releaseAllResults: 'MANAGER_OF_SUBJECT',
    withdrawResults: 'MANAGER_OF_SUBJECT',
    acknowledgeResults: 'SUBJECT',
    nominatePeers: 'SUBJECT',
    approveNominations: 'MANAGER_OF_SUBJECT',
    changeNominations: 'MANAGER_OF_SUBJECT',
    remindToNominate: 'MANAGER_OF_SUBJECT',
    remindAllToNominate: 'MANAGER_OF_SUBJECT',
    declineReviewRequest: 'SUBJECT',
    saveReviewDraft: 'SUBJECT',
    submitReviewRequest: 'SUBJECT',
    reopenReviewRequest: 'ADMIN',
    remindReviewer: 'MANAGER_OF_SUBJECT',
    remindLateReviewers: 'MANAGER',
    createReviewAutomationRule: 'MANAGER_OF_SUBJECT',
    updateReviewAutomationRule: 'MANAGER_OF_SUBJECT',
    pauseReviewAutomationRule: 'MANAGER_OF_SUBJECT',
    resumeReviewAutomationRule: 'MANAGER_OF_SUBJECT',
    deleteReviewAutomationRule: 'MANAGER_OF_SUBJECT',
    updateReviewReminderSettings: 'ADMIN',
  },
};
