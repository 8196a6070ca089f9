import type { FastifyInstance } from 'fastify';
import { createConversation } from './assistant.conversations.repo.js';

/**
 * The assistant objects of the authorization matrix (docs/decisions/0041, 0066): a conversation of
 * the subject (theirs only: nobody else opens or deletes it). deleteAssistantConversation takes a
 * fresh one.
 */
export function insertMatrixConversation(app: FastifyInstance, orgId: string, userId: string): string {
  return createConversation(app.services.db, orgId, userId, 'Matrix question', new Date().toISOString()).id;
}

export function seedAssistantObjects(app: FastifyInstance, p: { orgId: string; subjectId: string }) {
  return { conversationId: insertMatrixConversation(app, p.orgId, p.subjectId) };
}

export const assistantSettingsInput = () => ({
  sources: ['RETROS', 'FEEDBACK', 'NOTES', 'GOALS', 'REVIEWS', 'ASSESSMENTS', 'DEVELOPMENT_PLANS'],
  retention_days: 90,
  endpoint_url: null,
  endpoint_model: null,
  first_token_seconds: 20,
  total_seconds: 120,
});
