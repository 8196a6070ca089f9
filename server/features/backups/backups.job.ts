import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { backupName, backupOpenDatabase, pruneBackups } from '../../db/backup.js';

export const BACKUP_KIND = 'backup.scheduled';

/**
 * Backups on the persisted scheduler (docs/decisions/0013, 0062): every BACKUP_EVERY_HOURS hours
 * (24: daily at 02:00 UTC), through the server's own connection (the online backup API: its writes
 * never restart the copy), checked, into BACKUP_DIR, keeping the newest BACKUP_KEEP. After downtime
 * only the latest period runs. A failure is retried by the scheduler (five attempts) and shown to the
 * operator admins (/admin/settings/configurations). BACKUP_EVERY_HOURS=0 removes the schedule.
 */
export function registerScheduledBackups(app: FastifyInstance): void {
  const { scheduler, config, db, log } = app.services;
  scheduler.register(
    BACKUP_KIND,
    async () => {
      const made = await backupOpenDatabase(db, path.join(config.backupDir, backupName(new Date(scheduler.now()))));
      const deleted = pruneBackups(config.backupDir, config.backupKeep);
      log.info({ file: made.file, bytes: made.size, deleted }, 'scheduled backup written');
    },
    { backoff: { baseMs: 10 * 60_000 } },
  );
  if (config.backupEveryHours === 0) {
    scheduler.unschedule(BACKUP_KIND);
    return;
  }
  scheduler.schedule({
    key: BACKUP_KIND,
    kind: BACKUP_KIND,
    every: { unit: 'hours', count: config.backupEveryHours },
    startAt: '2026-01-01T02:00:00.000Z',
    catchUp: 'latest',
    payload: {},
  });
}
