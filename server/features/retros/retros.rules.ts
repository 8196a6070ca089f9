import type { OperationRules } from '../../graphql/operation-rules.js';

/**
 * Who may call each retrospective operation (docs/decisions/0041, 0047). "Subject" is a member of
 * the retro's team (for a reflection: its author; for a template or health check: its creator);
 * "manager of subject" the team's manager or lead. Admins see and run every team's retros but never
 * learn who wrote an anonymous reflection.
 */
export const retrosRules: OperationRules = {
  Query: {
    retros: 'SIGNED_IN',
    retro: 'SUBJECT_OR_MANAGER',
    retroTeams: 'SIGNED_IN',
    retroTemplates: 'SIGNED_IN',
    retroTemplate: 'SIGNED_IN',
    retroHealthChecks: 'SIGNED_IN',
    myRetroActionItems: 'SELF',
    upcomingRetros: 'SELF',
    retroTeamProgress: 'SIGNED_IN',
    retroTeamProgressDetail: 'SUBJECT_OR_MANAGER',
    retroAutomationRules: 'MANAGER',
  },
  Mutation: {
    createRetro: 'SUBJECT_OR_MANAGER',
    updateRetro: 'SUBJECT_OR_MANAGER',
    deleteRetro: 'SUBJECT_OR_MANAGER',
    setRetroPhase: 'SUBJECT_OR_MANAGER',
    setRetroFacilitator: 'SUBJECT_OR_MANAGER',
    answerRetroCheckIn: 'SUBJECT_OR_MANAGER',
    answerRetroHealth: 'SUBJECT_OR_MANAGER',
    addRetroReflection: 'SUBJECT_OR_MANAGER',
    updateRetroReflection: 'SUBJECT',
    deleteRetroReflection: 'SUBJECT',
    moveRetroReflection: 'SUBJECT_OR_MANAGER',
    renameRetroGroup: 'SUBJECT_OR_MANAGER',
    suggestRetroGroups: 'SUBJECT_OR_MANAGER',
    voteRetroGroup: 'SUBJECT_OR_MANAGER',
    unvoteRetroGroup: 'SUBJECT_OR_MANAGER',
    setRetroTopic: 'SUBJECT_OR_MANAGER',
    setRetroTyping: 'SUBJECT_OR_MANAGER',
    addRetroComment: 'SUBJECT_OR_MANAGER',
    updateRetroComment: 'SUBJECT',
    deleteRetroComment: 'SUBJECT',
    addRetroActionItem: 'SUBJECT_OR_MANAGER',
    updateRetroActionItem: 'SUBJECT_OR_MANAGER',
    deleteRetroActionItem: 'SUBJECT_OR_MANAGER',
    createRetroTemplate: 'SIGNED_IN',
    copyRetroTemplate: 'SIGNED_IN',
    updateRetroTemplate: 'SUBJECT_OR_MANAGER',
    archiveRetroTemplate: 'SUBJECT_OR_MANAGER',
    restoreRetroTemplate: 'SUBJECT_OR_MANAGER',
    createRetroHealthCheck: 'SIGNED_IN',
    copyRetroHealthCheck: 'SIGNED_IN',
    updateRetroHealthCheck: 'SUBJECT_OR_MANAGER',
    archiveRetroHealthCheck: 'SUBJECT_OR_MANAGER',
    restoreRetroHealthCheck: 'SUBJECT_OR_MANAGER',
    createRetroAutomationRule: 'MANAGER_OF_SUBJECT',
    updateRetroAutomationRule: 'MANAGER_OF_SUBJECT',
    pauseRetroAutomationRule: 'MANAGER_OF_SUBJECT',
    resumeRetroAutomationRule: 'MANAGER_OF_SUBJECT',
    deleteRetroAutomationRule: 'MANAGER_OF_SUBJECT',
  },
  Subscription: { retroChanged: 'SUBJECT_OR_MANAGER' },
};
