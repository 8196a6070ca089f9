import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { conflict, forbidden, notFound } from '../../../shared/app-error.js';
import { BILLING_READ_ONLY_MESSAGE, operatorBillingChangeSchema, SEAT_STATES } from '../../../shared/billing.js';
import { requireAdmin, requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { auditActor } from '../audit/audit.actor.js';
import { isOperatorOrganization } from '../install/install.sign-up.js';
import { findOrganization } from '../org/org.repo.js';
import { setOrganizationBilling } from './billing.assign.js';
import { countSeats, listSeatPeople } from './billing.seats.repo.js';
import { presentBilling, presentOrganizations } from './billing.present.js';
import { billingState, planById } from './billing.state.js';
import { createCheckout, createPortal, ensureCustomer, listInvoices } from './billing.stripe.js';
import { formatDay } from '../../../shared/format.js';

import { addDays } from '../../../shared/dates.js';

const peopleArgs = z.object({
  q: z.string().trim().max(100, 'Search with at most 100 characters.').nullish(),
  state: z.enum(SEAT_STATES).nullish(),
  first: z.number().int().min(1).max(200).nullish(),
});

const nowOf = (ctx: MercuriusContext) => new Date(ctx.services.scheduler.now());

/** The notice of the app shell: read-only for everyone, past due for admins only. */
function notice(ctx: MercuriusContext) {
  const viewer = requireViewer(ctx);
  const { db, config } = ctx.services;
  const state = billingState(db, config, viewer.organizationId);
  if (state.readOnly)
    return { status: state.status, message: BILLING_READ_ONLY_MESSAGE[state.status === 'CANCELLED' ? 'CANCELLED' : 'READ_ONLY'], read_only_from: null };
  if (state.status !== 'PAST_DUE' || viewer.permissionLevel !== 'ADMIN') return null;
  const since = state.account?.past_due_since ?? nowOf(ctx).toISOString();
  const from = addDays(since, config.billing.graceDays).toISOString();
  const how = config.billing.mode === 'stripe' ? 'Update the card under Settings, Billing' : 'Ask the people who run this server how to pay';
  return {
    status: state.status,
    message: `A payment failed on ${formatDay(since, null)}. ${how} before ${formatDay(from, null)}, or the organization becomes read-only for new content then. Nothing will be deleted.`,
    read_only_from: from,
  };
}

export const billingResolvers = {
  Query: {
    billing: (_: unknown, __: unknown, ctx: MercuriusContext) => {
      const viewer = requireAdmin(ctx);
      // Today's count and month change with the date, not only with the tables (docs/decisions/0039).
      if (ctx.cache) ctx.cache.noStore = true;
      return presentBilling(ctx.services.db, ctx.services.config, viewer.organizationId, nowOf(ctx));
    },
    billingSeatPeople: (_: unknown, args: unknown, ctx: MercuriusContext) => {
      const viewer = requireAdmin(ctx);
      const input = parseInput(peopleArgs, args);
      const { people, total } = listSeatPeople(
        ctx.services.db,
        viewer.organizationId,
        { q: input.q || undefined, state: input.state ?? undefined },
        input.first ?? 50,
      );
      return { people: people.map((p) => ({ ...p, state: p.status })), total };
    },
    billingInvoices: async (_: unknown, __: unknown, ctx: MercuriusContext) => {
      const viewer = requireAdmin(ctx);
      if (ctx.cache) ctx.cache.noStore = true; // Stripe's list, not our tables
      const state = billingState(ctx.services.db, ctx.services.config, viewer.organizationId);
      const customer = state.account?.stripe_customer_id;
      if (state.mode !== 'stripe' || state.exempt || !customer) return { available: false, invoices: [], error: null };
      try {
        return { available: true, invoices: await listInvoices(ctx.services, customer), error: null };
      } catch (err) {
        return { available: true, invoices: [], error: (err as Error).message };
      }
    },
    billingNotice: (_: unknown, __: unknown, ctx: MercuriusContext) => notice(ctx),
    operatorBilling: (_: unknown, __: unknown, ctx: MercuriusContext) => {
      requireOperator(ctx);
      return presentOrganizations(ctx.services.db, ctx.services.config);
    },
  },
  Mutation: {
    startBillingCheckout: async (_: unknown, args: { plan_id: unknown }, ctx: MercuriusContext) => {
      const viewer = requireAdmin(ctx);
      const { db, config } = ctx.services;
      const planId = parseInput(z.string().min(1).max(40), args.plan_id);
      const state = billingState(db, config, viewer.organizationId);
      if (state.mode !== 'stripe') throw conflict('Payments are not set up on this server (BILLING is not stripe).');
      if (state.exempt) throw conflict('The organization that runs this server is never billed.');
      const plan = planById(config, planId);
      if (!plan?.stripe_price) throw notFound('Plan');
      const live = state.status === 'ACTIVE' || state.status === 'TRIALING' || state.status === 'PAST_DUE';
      if (live && state.plan?.id === plan.id && state.account?.stripe_subscription_id)
        throw conflict(`The organization is on the ${plan.name} plan already. Cards and invoices are under "Manage payment".`);
      const seats = countSeats(db, viewer.organizationId).seats;
      if (plan.seat_limit !== null && seats > plan.seat_limit)
        throw conflict(`The ${plan.name} plan allows ${plan.seat_limit} seats and ${seats} are used: choose a larger plan, or deactivate people first.`);
      const org = findOrganization(db, viewer.organizationId)!;
      const customerId = await ensureCustomer(ctx.services, org, state.account, viewer.email);
      const current = live ? (state.account?.stripe_subscription_id ?? null) : null;
      return createCheckout(ctx.services, {
        orgId: org.id,
        customerId,
        plan,
        seats,
        replaces: current,
        firstSubscription: !state.account?.stripe_subscription_id,
      });
    },
    openBillingPortal: async (_: unknown, __: unknown, ctx: MercuriusContext) => {
      const viewer = requireAdmin(ctx);
      const state = billingState(ctx.services.db, ctx.services.config, viewer.organizationId);
      const customer = state.account?.stripe_customer_id;
      if (state.mode !== 'stripe' || !customer) throw conflict('There is nothing to manage yet: choose a plan first.');
      return createPortal(ctx.services, customer);
    },
    setOrganizationBilling: (_: unknown, args: { input: unknown }, ctx: MercuriusContext) => {
      const viewer = requireOperator(ctx);
      const input = parseInput(operatorBillingChangeSchema, args.input);
      const actor = auditActor(ctx, viewer);
      setOrganizationBilling(ctx.services.db, ctx.services.config, { userId: viewer.userId, label: viewer.email, ip: actor.ip }, input, nowOf(ctx));
      return presentOrganizations(ctx.services.db, ctx.services.config).find((o) => o.organization_id === input.organization_id)!;
    },
  },
};

/** OPERATOR_ADMIN: an admin of the organization that runs the server (docs/decisions/0034). */
function requireOperator(ctx: MercuriusContext) {
  const viewer = requireAdmin(ctx);
  if (!isOperatorOrganization(ctx.services.db, viewer.organizationId))
    throw forbidden('Only admins of the organization that runs this server see other organizations’ billing.');
  return viewer;
}
