import type Stripe from 'stripe';
import { AppError, conflict } from '../../../shared/app-error.js';
import type { BillingPlan } from '../../../shared/billing.js';
import type { Config } from '../../config.js';
import type { Services } from '../../services.js';
import { saveBillingAccount, type BillingAccountRow } from './billing.accounts.repo.js';

/**
 * Stripe through its official library (docs/decisions/0068). The module is imported the first time
 * it is needed and only when BILLING=stripe with its keys (config.billing.stripe): in the other modes
 * it is never loaded and no request leaves the server. STRIPE_API_URL points the library at another
 * host (a local fake in tests) through its own host/port/protocol settings.
 */
const clients = new WeakMap<Config, Promise<Stripe>>();

export function stripeFor(config: Config): Promise<Stripe> {
  const settings = config.billing.stripe;
  if (!settings) return Promise.reject(new Error('Stripe is used only with BILLING=stripe and its keys.'));
  let client = clients.get(config);
  if (!client) {
    client = import('stripe').then(({ default: StripeClient }) => {
      const url = new URL(settings.apiUrl);
      const protocol = url.protocol === 'http:' ? 'http' : 'https';
      return new StripeClient(settings.secretKey, {
        host: url.hostname,
        port: url.port || (protocol === 'http' ? 80 : 443),
        protocol,
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
        appInfo: { name: 'Teamlens' },
      });
    });
    client.catch(() => clients.delete(config));
    clients.set(config, client);
  }
  return client;
}

/** A failed Stripe call as the admin reads it; the details go to the log only. */
function unavailable(services: Services, err: unknown, what: string): AppError {
  if (err instanceof AppError) return err;
  services.log.warn({ err: { message: (err as Error)?.message, type: (err as { type?: string })?.type }, what }, 'Stripe call failed');
  return conflict('Stripe could not be reached or refused the request. Try again in a minute; if it keeps failing, tell the people who run this server.');
}

async function call<T>(services: Services, what: string, run: (stripe: Stripe) => Promise<T>): Promise<T> {
  try {
    return await run(await stripeFor(services.config));
  } catch (err) {
    throw unavailable(services, err, what);
  }
}

const billingPage = (config: Config, search = '') => `${config.baseUrl}/admin/settings/billing${search}`;

/** The organization's Stripe customer, created once (its id kept on the billing row). */
export async function ensureCustomer(services: Services, org: { id: string; name: string }, account: BillingAccountRow | null, email: string): Promise<string> {
  if (account?.stripe_customer_id) return account.stripe_customer_id;
  const customer = await call(services, 'customers.create', (s) =>
    s.customers.create({ name: org.name, email, metadata: { organization_id: org.id } }, { idempotencyKey: `teamlens-customer-${org.id}` }),
  );
  saveBillingAccount(services.db, org.id, { stripe_customer_id: customer.id });
  return customer.id;
}

/**
 * A Checkout session that subscribes the organization to the plan: per-seat plans for today's seats.
 * The subscription carries the organization and plan (and the subscription it replaces, on a change
 * of plan) in its metadata, which the webhook reads. A trial only for a first subscription.
 */
export async function createCheckout(
  services: Services,
  input: { orgId: string; customerId: string; plan: BillingPlan; seats: number; replaces: string | null; firstSubscription: boolean },
): Promise<string> {
  const { plan } = input;
  const session = await call(services, 'checkout.sessions.create', (s) =>
    s.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      client_reference_id: input.orgId,
      line_items: [{ price: plan.stripe_price!, quantity: plan.per_seat ? Math.max(1, input.seats) : 1 }],
      subscription_data: {
        metadata: { organization_id: input.orgId, plan_id: plan.id, ...(input.replaces ? { replaces: input.replaces } : {}) },
        ...(input.firstSubscription && plan.trial_days > 0 ? { trial_period_days: plan.trial_days } : {}),
      },
      metadata: { organization_id: input.orgId, plan_id: plan.id },
      success_url: billingPage(services.config, '?checkout=done'),
      cancel_url: billingPage(services.config, '?checkout=cancelled'),
    }),
  );
  if (!session.url) throw conflict('Stripe did not return a Checkout page. Try again.');
  return session.url;
}

/** Stripe's Customer Portal for the organization: cards, invoices, cancelling at the period's end. */
export async function createPortal(services: Services, customerId: string): Promise<string> {
  const session = await call(services, 'billingPortal.sessions.create', (s) =>
    s.billingPortal.sessions.create({ customer: customerId, return_url: billingPage(services.config) }),
  );
  return session.url;
}

export type InvoiceSummary = {
  id: string;
  number: string | null;
  created: string;
  amount: number;
  currency: string;
  status: string;
  hosted_url: string | null;
  pdf_url: string | null;
};

/** The customer's latest invoices, newest first. */
export async function listInvoices(services: Services, customerId: string): Promise<InvoiceSummary[]> {
  const page = await call(services, 'invoices.list', (s) => s.invoices.list({ customer: customerId, limit: 12 }));
  return page.data.map((i) => ({
    id: i.id,
    number: i.number,
    created: new Date(i.created * 1000).toISOString(),
    amount: i.total,
    currency: i.currency,
    status: i.status ?? 'draft',
    hosted_url: i.hosted_invoice_url ?? null,
    pdf_url: i.invoice_pdf ?? null,
  }));
}

/** Bills the subscription item for `quantity` seats, prorated as Stripe does. */
export async function updateQuantity(services: Services, itemId: string, quantity: number): Promise<void> {
  await call(services, 'subscriptionItems.update', (s) => s.subscriptionItems.update(itemId, { quantity, proration_behavior: 'create_prorations' }));
}

/** Ends a subscription another one replaced (a change of plan through Checkout), crediting its unused time. */
export async function cancelReplaced(services: Services, subscriptionId: string): Promise<void> {
  await call(services, 'subscriptions.cancel', (s) => s.subscriptions.cancel(subscriptionId, { prorate: true }));
}

/** Checks the signature over the raw body and returns the event (throws when it does not match or is too old). */
export async function verifiedEvent(config: Config, rawBody: Buffer, signature: string | undefined): Promise<Stripe.Event> {
  const stripe = await stripeFor(config);
  if (!signature) throw new Error('No Stripe-Signature header.');
  return stripe.webhooks.constructEvent(rawBody, signature, config.billing.stripe!.webhookSecret);
}
