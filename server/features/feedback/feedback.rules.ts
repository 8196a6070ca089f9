import type { OperationRules } from '../../graphql/operation-rules.js';

/**
 * Who may call each feedback operation (docs/decisions/0041, 0048). "Subject" is the giver of a
 * feedback item, the requester of a request, the person asked (an ask), the creator of a template;
 * a request's subject_id for requestFeedback. Reading feedback is decided per item by its
 * visibility (feedback.visibility.repo.ts): admins have no extra right to read it.
 */
export const feedbackRules: OperationRules = {
  Query: {
    myFeedback: 'SELF',
    praiseWall: 'SIGNED_IN',
    feedbackItem: 'SIGNED_IN',
    feedbackAbout: 'SIGNED_IN',
    feedbackTags: 'SIGNED_IN',
    feedbackTemplates: 'SIGNED_IN',
    pendingFeedbackRequests: 'SELF',
    sentFeedbackRequests: 'SELF',
    feedbackTeamProgress: 'MANAGER',
    feedbackAutomationRules: 'MANAGER',
  },
  Mutation: {
    giveFeedback: 'SIGNED_IN',
    deleteFeedback: 'SUBJECT',
    toggleFeedbackReaction: 'SIGNED_IN',
    createFeedbackTag: 'ADMIN',
    updateFeedbackTag: 'ADMIN',
    archiveFeedbackTag: 'ADMIN',
    restoreFeedbackTag: 'ADMIN',
    createFeedbackTemplate: 'SIGNED_IN',
    copyFeedbackTemplate: 'SIGNED_IN',
    updateFeedbackTemplate: 'SUBJECT_OR_MANAGER',
    archiveFeedbackTemplate: 'SUBJECT_OR_MANAGER',
    restoreFeedbackTemplate: 'SUBJECT_OR_MANAGER',
    requestFeedback: 'SUBJECT_OR_MANAGER',
    cancelFeedbackRequest: 'SUBJECT',
    shareFeedbackRequest: 'SUBJECT',
    answerFeedbackRequest: 'SUBJECT',
    declineFeedbackRequest: 'SUBJECT',
    createFeedbackAutomationRule: 'MANAGER_OF_SUBJECT',
    updateFeedbackAutomationRule: 'MANAGER_OF_SUBJECT',
    pauseFeedbackAutomationRule: 'MANAGER_OF_SUBJECT',
    resumeFeedbackAutomationRule: 'MANAGER_OF_SUBJECT',
    deleteFeedbackAutomationRule: 'MANAGER_OF_SUBJECT',
  },
  Subscription: { praiseWallChanged: 'SIGNED_IN' },
};
