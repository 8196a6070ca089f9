import type { OperationRules } from '../../graphql/operation-rules.js';

/** Who may call each integrations operation (docs/decisions/0041, 0051). Sending a retro action item to a tracker: whoever may edit the action item (its retro's policy decides). */
export const integrationsRules: OperationRules = {
  Query: {
    integrations: 'ADMIN', integration: 'ADMIN', externalAccounts: 'ADMIN', codeProcessSettings: 'ADMIN', sampleInsightsData: 'ADMIN',
    trackerTargets: 'SIGNED_IN', retroActionIssues: 'SIGNED_IN',
  },
  Mutation: {
    connectIntegration: 'ADMIN', testIntegrationInput: 'ADMIN', testIntegration: 'ADMIN', updateIntegration: 'ADMIN', disconnectIntegration: 'ADMIN',
    syncIntegration: 'ADMIN', refreshIntegrationScopes: 'ADMIN', setIntegrationScopes: 'ADMIN', matchExternalAccount: 'ADMIN', setExternalAccountBot: 'ADMIN',
    rematchExternalAccounts: 'ADMIN', updateCodeProcessSettings: 'ADMIN', loadSampleInsightsData: 'ADMIN', removeSampleInsightsData: 'ADMIN',
    sendRetroActionToTracker: 'SIGNED_IN',
  },
};
