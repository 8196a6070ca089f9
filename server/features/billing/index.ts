import type { FastifyInstance } from 'fastify';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { billingResolvers } from './billing.graphql.js';
import { registerBillingJobs } from './billing.jobs.js';
import { registerReadOnlyGate } from './billing.read-only.js';
import { billingRules } from './billing.rules.js';
import { billingSchema } from './billing.schema.js';
import { registerStripeWebhook } from './billing.webhook.js';

/**
 * Billing (docs/decisions/0068): seats counted for every organization in every mode, a daily seat
 * history, the operator's plans and limits (BILLING=plans), Stripe Checkout, Portal, invoices and
 * webhooks (BILLING=stripe), and read-only for new content after an unpaid grace period.
 */
export async function billingFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, billingRules);
  app.graphql.extendSchema(billingSchema);
  app.graphql.defineResolvers(billingResolvers as never);
  registerBillingJobs(app);
  registerReadOnlyGate(app);
  if (app.services.config.billing.stripe) await registerStripeWebhook(app);
}
