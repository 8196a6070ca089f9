import type { FastifyInstance } from 'fastify';
import { purgeExpiredAuditEvents } from './audit.repo.js';

export const AUDIT_RETENTION_KIND = 'audit.retention';

/**
 * The daily retention job: one job per day by the scheduler's recurring schedule (its unique key
 * holds the period), transactional so its deletes and its "done" are written together, once.
 * After downtime only the latest day runs ('latest'): one pass deletes everything expired.
 */
export function registerAuditRetention(app: FastifyInstance): void {
  const { scheduler, log } = app.services;
  scheduler.register(
    AUDIT_RETENTION_KIND,
    () => {
      const removed = purgeExpiredAuditEvents(app.services.db);
      if (removed) log.info({ removed }, 'audit events past their retention deleted');
    },
    { transactional: true },
  );
  scheduler.schedule({
    key: AUDIT_RETENTION_KIND,
    kind: AUDIT_RETENTION_KIND,
    every: { unit: 'days', count: 1 },
    startAt: '2026-01-01T03:00:00.000Z',
    catchUp: 'latest',
    payload: {},
  });
}
