import type { OperationRules } from '../../graphql/operation-rules.js';

/** Who may call each integrations operation (docs/decisions/0041, 0051). Retro action items and trackers: the retro team's members, its manager and lead, admins (as the retro's own operations). */
export const integrationsRules: OperationRules = {
  Query: {
    integrations: 'ADMIN',
    integration: 'ADMIN',
    externalAccounts: 'ADMIN',
    codeProcessSettings: 'ADMIN',
    sampleInsightsData: 'ADMIN',
    trackerTargets: 'SUBJECT_OR_MANAGER',
    retroActionIssues: 'SUBJECT_OR_MANAGER',
  },
  Mutation: {
    connectIntegration: 'ADMIN',
    testIntegrationInput: 'ADMIN',
    testIntegration: 'ADMIN',
    updateIntegration: 'ADMIN',
    disconnectIntegration: 'ADMIN',
    syncIntegration: 'ADMIN',
    refreshIntegrationScopes: 'ADMIN',
    setIntegrationScopes: 'ADMIN',
    matchExternalAccount: 'ADMIN',
    setExternalAccountBot: 'ADMIN',
    rematchExternalAccounts: 'ADMIN',
    updateCodeProcessSettings: 'ADMIN',
    loadSampleInsightsData: 'ADMIN',
    removeSampleInsightsData: 'ADMIN',
    sendRetroActionToTracker: 'SUBJECT_OR_MANAGER',
  },
};
