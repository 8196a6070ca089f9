import type { FastifyInstance } from 'fastify';
import { applyStripeEvent } from './billing.stripe-events.js';
import { verifiedEvent } from './billing.stripe.js';

export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Stripe's webhook (stripe mode only; docs/decisions/0068): public, authenticated by the signature
 * Stripe computes over the raw body with the endpoint's secret (STRIPE_WEBHOOK_SECRET), checked by the
 * official library, which also refuses a signature older than five minutes. A bad or missing signature
 * is 400 and changes nothing; an event applied before is 200 `{ duplicate: true }`.
 */
export async function registerStripeWebhook(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // Raw bytes: the signature is computed over them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT, config: { rule: 'PUBLIC' } }, async (request, reply) => {
      const { log } = app.services;
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let event;
      try {
        event = await verifiedEvent(app.services.config, raw, typeof header === 'string' ? header : undefined);
      } catch {
        log.warn({ ip: request.ip }, 'Stripe webhook refused: the signature does not match STRIPE_WEBHOOK_SECRET (or is too old)');
        return reply.code(400).send({ error: 'BAD_SIGNATURE', message: 'The Stripe-Signature header does not match this endpoint’s signing secret.' });
      }
      const outcome = applyStripeEvent(app.services, event);
      log.info({ event: event.id, type: event.type, outcome }, 'Stripe event');
      return reply.code(200).send({ received: true, ...(outcome === 'duplicate' ? { duplicate: true } : {}), applied: outcome === 'applied' });
    });
  });
}
