import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { forbidden } from '../../../shared/app-error.js';
import { requireAdmin } from '../../graphql/context.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { listBackups } from '../../db/backup.js';
import { latestSystemJob } from '../../jobs/jobs.repo.js';
import { findScheduleByKey } from '../../jobs/jobs.schedules.repo.js';
import { isOperatorOrganization } from '../install/install.sign-up.js';
import { backupsRules } from './backups.rules.js';
import { BACKUP_KIND, registerScheduledBackups } from './backups.job.js';

const schema = /* GraphQL */ `
  type ServerBackup {
    name: String!
    "Bytes."
    size: Float!
    created_at: DateTime!
  }
  type ServerBackups {
    "Hours between scheduled backups (BACKUP_EVERY_HOURS); 0: none are scheduled."
    every_hours: Int!
    "How many backups are kept (BACKUP_KEEP)."
    keep: Int!
    "Where they are written on the server (BACKUP_DIR)."
    directory: String!
    "The newest backup in the directory (scheduled or made with teamlens backup)."
    last: ServerBackup
    count: Int!
    next_at: DateTime
    "The last scheduled backup's error, when its latest attempt failed."
    last_error: String
    last_error_at: DateTime
  }
  extend type Query {
    "Admin of the operator organization: the install's database backups."
    serverBackups: ServerBackups!
  }
`;

export async function backupsFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, backupsRules);
  app.graphql.extendSchema(schema);
  registerScheduledBackups(app);
  app.graphql.defineResolvers({
    Query: {
      serverBackups: (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const { db, config } = ctx.services;
        if (!isOperatorOrganization(db, viewer.organizationId)) throw forbidden('Only admins of the organization that runs this server see its backups.');
        const files = listBackups(config.backupDir);
        const last = files[0];
        const job = latestSystemJob(db, BACKUP_KIND);
        const failing = job && ['failed', 'dead'].includes(job.status) ? job : undefined;
        return {
          every_hours: config.backupEveryHours,
          keep: config.backupKeep,
          directory: config.backupDir,
          count: files.length,
          last: last ? { name: last.name, size: last.size, created_at: last.at } : null,
          next_at: config.backupEveryHours ? (findScheduleByKey(db, BACKUP_KIND)?.next_run_at ?? null) : null,
          last_error: failing?.last_error ?? null,
          last_error_at: failing ? (failing.finished_at ?? failing.run_at) : null,
        };
      },
    },
  } as never);
}
