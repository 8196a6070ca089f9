import type { FastifyInstance } from 'fastify';
import { deleteOldOutboxMail, forgetDeadOutboxLinks } from './notifications.outbox-links.repo.js';

export const OUTBOX_RETENTION_KIND = 'notifications.outbox-retention';

/**
 * The daily outbox job (docs/decisions/0044): links no longer needed (sent, used, replaced,
 * expired) are removed, and messages past OUTBOX_RETENTION_DAYS deleted. Like the audit retention
 * job: one run per day by the scheduler's recurring schedule, transactional, only the latest day after downtime.
 */
export function registerOutboxRetention(app: FastifyInstance): void {
  const { scheduler, log } = app.services;
  scheduler.register(
    OUTBOX_RETENTION_KIND,
    () => {
      const links = forgetDeadOutboxLinks(app.services.db);
      const messages = deleteOldOutboxMail(app.services.db);
      if (links || messages) log.info({ links, messages }, 'outbox links no longer needed removed; old messages deleted');
    },
    { transactional: true },
  );
  scheduler.schedule({
    key: OUTBOX_RETENTION_KIND,
    kind: OUTBOX_RETENTION_KIND,
    every: { unit: 'days', count: 1 },
    startAt: '2026-01-01T03:30:00.000Z',
    catchUp: 'latest',
    payload: {},
  });
}
