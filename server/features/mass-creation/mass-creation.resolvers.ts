import type { MercuriusContext } from 'mercurius';
import { requireAdmin } from '../../graphql/context.js';
import { topics } from '../../graphql/pubsub.js';
import { requestIp } from '../audit/audit.actor.js';
import { findMassCreationResult, normalizeBatchId, rollbackMassCreation, runMassCreation, type MassCreateProgress } from './mass-creation.service.js';

type MassCreateArgs = { rows: unknown[]; dryRun?: boolean | null; batch_id?: string | null; createTeams?: boolean | null; promoteManagers?: boolean | null };

export const massCreationQueries = {
  massCreation: (_: unknown, args: { batch_id: string }, ctx: MercuriusContext) => findMassCreationResult(ctx.services, requireAdmin(ctx), args.batch_id),
  mailDelivery: (_: unknown, __: unknown, ctx: MercuriusContext) => {
    requireAdmin(ctx);
    return ctx.services.mailer.smtpConfigured ? 'SMTP' : 'OUTBOX';
  },
};

export const massCreationMutations = {
  // GraphQL rows are numbered index + 1 (the first row is row 1).
  massCreateUsers: (_: unknown, args: MassCreateArgs, ctx: MercuriusContext) =>
    runMassCreation(ctx.services, requireAdmin(ctx), {
      rows: args.rows.map((data, i) => ({ row: i + 1, data })),
      dryRun: args.dryRun,
      batchId: args.batch_id,
      createTeams: args.createTeams,
      promoteManagers: args.promoteManagers,
      ip: requestIp(ctx),
    }),
  rollbackMassCreation: (_: unknown, args: { batch_id: string }, ctx: MercuriusContext) =>
    rollbackMassCreation(ctx.services, requireAdmin(ctx), args.batch_id, requestIp(ctx)),
};

export const massCreationSubscriptions = {
  massCreateProgress: {
    // The topic carries the admin's organization: nobody hears another organization's batches.
    subscribe: (_: unknown, args: { batch_id: string }, ctx: MercuriusContext) => {
      const viewer = requireAdmin(ctx);
      const batchId = normalizeBatchId(args.batch_id) ?? args.batch_id;
      return ctx.services.pubsub.subscribe<MassCreateProgress>(topics.massCreateProgress(viewer.organizationId, batchId));
    },
    resolve: (event: MassCreateProgress) => event,
  },
};
