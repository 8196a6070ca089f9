import type { FastifyInstance } from 'fastify';
import { adapterOf } from './integrations.adapters.js';
import { findConnectionById, pruneWebhookDeliveries, recordWebhookDelivery } from './integrations.connections.repo.js';
import { createIngestWriter } from './integrations.ingest.repo.js';
import { markClosedActionIssues } from './integrations.retro-actions.js';
import { openConnection, openWebhookSecret, scrubSecrets } from './integrations.secrets.js';
import { readSettings } from './integrations.sync.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';

import { addDays } from '../../../shared/dates.js';

/**
 * Webhooks (docs/decisions/0051): `POST /api/integrations/webhooks/:connectionId`, public (the
 * adapter verifies the signature over the raw body in constant time), body at most 5 MB.
 * Unknown connection (or a provider without webhooks): 404; bad or missing signature (Azure Boards: Basic authentication password): 403 (no token could help: 401 is for routes that take one); a
 * delivery id seen before: 200 `{ duplicate: true }`; otherwise the delivery is written through the
 * one ingest writer in one transaction with its de-duplication row (a failure keeps neither, so the
 * service's redelivery is applied), retro action items whose issue closed are marked done: 202.
 * A paused connection, or an organization with integrations switched off: 202 and nothing applied.
 * A delivery whose object (pull request, issue, deployment) is older than the stored one, by the
 * payload's own updated-at (or a deployment status's time), is acknowledged 200 `{ stale: true }`
 * so the service stops retrying, and nothing of it is applied, its de-duplication row included
 * (docs/decisions/0057): the signature covers the body but not the delivery id, so a captured
 * delivery resent under a new id, or a retry arriving after newer ones, would otherwise move the
 * object back in time.
 * Deliveries older than 30 days are forgotten as new ones arrive.
 */
export const WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024;
export const DELIVERY_RETENTION_DAYS = 30;

/** Thrown inside the delivery's transaction to undo everything it wrote (scopes, accounts, its id) when it carried only older states. */
class OlderDelivery extends Error {}

export const integrationsWebhooksPart: FeaturePart = {
  resolvers: {},
  register: async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      // Raw bytes: the signature is computed over them, whatever the content type.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
      scope.post<{ Params: { connectionId: string } }>(
        '/api/integrations/webhooks/:connectionId',
        { bodyLimit: WEBHOOK_BODY_LIMIT, config: { rule: 'PUBLIC' } },
        async (request, reply) => {
          const { db, keys, log } = app.services;
          const row = /^[\w-]{1,100}$/.test(request.params.connectionId) ? findConnectionById(db, request.params.connectionId) : undefined;
          const adapter = row && adapterOf(db, row);
          if (!row || !adapter?.webhook) return reply.code(404).send({ error: 'NOT_FOUND', message: 'No such integration.' });
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '');
          const connection = openConnection(app.services, row);
          const delivery = adapter.webhook({ connection, webhookSecret: openWebhookSecret(keys, row), headers: request.headers, rawBody });
          if (!delivery)
            return reply.code(403).send({
              error: 'FORBIDDEN',
              message: 'The delivery’s signature (or, for Azure Boards, its password) does not match this integration’s webhook secret.',
            });
          // Paused, or integrations switched off: acknowledged (the service keeps the hook) and not applied; the next sync reads what changed.
          if (row.status === 'PAUSED' || !isFeatureAreaOn(db, row.organization_id, 'INTEGRATIONS'))
            return reply.code(202).send({ accepted: false, ignored: true });
          const settings = readSettings(db, row.organization_id);
          const now = new Date(app.services.scheduler.now());
          try {
            const result = db.transaction(
              () => {
                const fresh = recordWebhookDelivery(db, {
                  connectionId: row.id,
                  deliveryId: delivery.deliveryId.slice(0, 200),
                  event: delivery.event.slice(0, 100),
                  at: now.toISOString(),
                });
                if (!fresh) return null;
                pruneWebhookDeliveries(db, row.id, addDays(now, -DELIVERY_RETENTION_DAYS).toISOString());
                const writer = createIngestWriter(db, { organizationId: row.organization_id, connectionId: row.id, settings, onlyNewer: true });
                const applied = delivery.apply(writer, settings);
                if (applied.written === 0 && writer.skippedOlder() > 0) throw new OlderDelivery();
                const closed = markClosedActionIssues(
                  app.services,
                  row.id,
                  (applied.closedIssues ?? []).map((externalId) => ({ externalId, closedAt: now.toISOString() })),
                );
                return { written: applied.written, closed };
              },
              { behavior: 'immediate' },
            );
            if (!result) return reply.code(200).send({ duplicate: true });
            return reply.code(202).send({ accepted: true, written: result.written, action_items_done: result.closed });
          } catch (err) {
            if (err instanceof OlderDelivery) return reply.code(200).send({ accepted: false, stale: true });
            const message = scrubSecrets(err instanceof Error ? err.message : String(err), connection.credentials);
            log.warn({ connectionId: row.id, event: delivery.event, error: message }, 'webhook delivery could not be applied');
            return reply.code(400).send({ error: 'BAD_USER_INPUT', message: 'The delivery could not be read.' });
          }
        },
      );
    });
  },
};
