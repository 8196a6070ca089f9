import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { requireAdmin } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { nowIso } from '../../lib/tokens.js';
import { listRecentBatches, markRunningBatchesInterrupted, type BatchListRow } from './mass-creation.batches.repo.js';

const schema = /* GraphQL */ `
  """
  INTERRUPTED: the server stopped or was killed during the import; nothing of it was saved.
  The file is not kept on the server: upload it again to retry.
  """
  enum MassCreationBatchStatus { RUNNING DONE FAILED ROLLED_BACK INTERRUPTED }
  "One import (CSV upload or massCreateUsers call) of the organization."
  type MassCreationBatch {
    id: ID!
    status: MassCreationBatchStatus!
    dry_run: Boolean!
    "Rows in the file."
    total: Int!
    "People created (0 for a dry run, a failed or an interrupted import)."
    created: Int!
    created_at: DateTime!
    finished_at: DateTime
    "Who started it (null when that person was removed since)."
    created_by_name: String
  }
  extend type Query {
    "Admin: the organization's latest imports, newest first (default 10, at most 50)."
    massCreationBatches(limit: Int): [MassCreationBatch!]!
  }
`;

const argsSchema = z.object({
  limit: z
    .number()
    .int()
    .min(1, 'limit: at least 1')
    .max(50, 'limit: at most 50')
    .nullish()
    .transform((v) => v ?? 10),
});

/**
 * Imports cut off by a stop or a kill (docs/decisions/0038): marked `interrupted` when the server
 * starts, before it takes requests, and listed for admins with the other recent imports.
 */
export async function massCreationRecoveryFeature(app: FastifyInstance): Promise<void> {
  app.addHook('onReady', async () => {
    const marked = markRunningBatchesInterrupted(app.services.db, nowIso());
    if (marked.length) {
      app.log.warn(
        { batches: marked.map((b) => ({ id: b.id, organizationId: b.organization_id, rows: b.total })) },
        `${marked.length} import${marked.length === 1 ? ' was' : 's were'} interrupted when the server stopped: marked interrupted, nothing of ${marked.length === 1 ? 'it' : 'them'} was saved`,
      );
    }
  });

  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Query: {
      massCreationBatches: (_: unknown, args: unknown, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const { limit } = parseInput(argsSchema, args);
        return listRecentBatches(ctx.services.db, viewer.organizationId, limit);
      },
    },
    MassCreationBatch: {
      status: (batch: BatchListRow) => batch.status.toUpperCase(),
    },
  } as never);
}
