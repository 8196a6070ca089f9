import type { OperationRules } from '../../graphql/operation-rules.js';

/**
 * Who may call each assistant operation (docs/decisions/0041, 0066). Asking is the REST route
 * POST /api/assistant/ask (SIGNED_IN, in its config). Conversations are their asker's only.
 */
export const assistantRules: OperationRules = {
  Query: { assistantStatus: 'SIGNED_IN', assistantSettings: 'ADMIN', assistantConversations: 'SELF', assistantConversation: 'SUBJECT' },
  Mutation: { updateAssistantSettings: 'ADMIN', testAssistantEndpoint: 'ADMIN', deleteAssistantConversation: 'SUBJECT' },
};
