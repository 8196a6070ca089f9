import type { FastifyInstance } from 'fastify';
import { purgeExpiredConversations } from './assistant.conversations.repo.js';

export const ASSISTANT_RETENTION_KIND = 'assistant.retention';

/**
 * The daily retention of conversations (docs/decisions/0066): conversations untouched for longer than
 * their organization's retention (assistant_settings.retention_days, 90 without a row) are deleted
 * with their messages. One job per day by the scheduler's recurring schedule, transactional; after
 * downtime only the latest day runs (one pass deletes everything expired).
 */
export function registerAssistantRetention(app: FastifyInstance): void {
  const { scheduler, log } = app.services;
  scheduler.register(
    ASSISTANT_RETENTION_KIND,
    () => {
      const removed = purgeExpiredConversations(app.services.db, scheduler.now());
      if (removed) log.info({ removed }, 'assistant conversations past their retention deleted');
    },
    { transactional: true },
  );
  scheduler.schedule({
    key: ASSISTANT_RETENTION_KIND,
    kind: ASSISTANT_RETENTION_KIND,
    every: { unit: 'days', count: 1 },
    startAt: '2026-01-01T03:30:00.000Z',
    catchUp: 'latest',
    payload: {},
  });
}
