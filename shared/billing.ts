import { z } from 'zod';
import { formatNumber } from './format.js';

/**
 * Billing (docs/decisions/0068): seats are always counted; plans, limits and payments only when the
 * operator turns them on with BILLING (server/config.ts, README). Shared by the server (GraphQL
 * enums, messages) and the billing page.
 */

/** none: self-hosted, no plans, no limits, no outside calls; plans: the operator's plans and limits; stripe: the same plans paid through Stripe. */
export const BILLING_MODES = ['none', 'plans', 'stripe'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/**
 * An organization's billing status. NONE: no plan (no limits). READ_ONLY (a payment failed and the
 * grace period passed) and CANCELLED (the plan ended) make the organization read-only for new
 * content; nothing else changes what people can do.
 */
export const BILLING_STATUSES = ['NONE', 'TRIALING', 'ACTIVE', 'PAST_DUE', 'READ_ONLY', 'CANCELLED'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export const BILLING_STATUS_LABEL: Record<BillingStatus, string> = {
  NONE: 'No plan',
  TRIALING: 'Trial',
  ACTIVE: 'Active',
  PAST_DUE: 'Past due',
  READ_ONLY: 'Read-only',
  CANCELLED: 'Cancelled',
};

/** Statuses in which new content is refused (BILLING_READ_ONLY); sign-in, reading and exports still work. */
export const READ_ONLY_STATUSES: ReadonlySet<BillingStatus> = new Set(['READ_ONLY', 'CANCELLED']);

/** Statuses an operator may set by hand in plans mode (READ_ONLY also comes by itself after the grace period). */
export const OPERATOR_SETTABLE_STATUSES = ['ACTIVE', 'PAST_DUE', 'READ_ONLY', 'CANCELLED'] as const;

/** Days a failed payment leaves before the organization becomes read-only (BILLING_GRACE_DAYS). */
export const DEFAULT_GRACE_DAYS = 14;

/**
 * One plan as the operator writes it in BILLING_PLANS (a JSON array, inline or in a file). A plan
 * has a seat limit, or is per seat (billed for each seat, no limit unless seat_limit is given too).
 */
export const billingPlanSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'use 1-40 lower-case letters, digits, - or _'),
    name: z.string().trim().min(1).max(60),
    seat_limit: z.number().int().positive().max(1_000_000).nullable().default(null),
    per_seat: z.boolean().default(false),
    /** What the plan includes, one line each, shown on the billing page. */
    features: z.array(z.string().trim().min(1).max(120)).max(20).default([]),
    trial_days: z.number().int().min(0).max(365).default(0),
    /** The price as people read it ("€4 per seat a month"); Stripe's own amounts are on its pages. */
    price_label: z.string().trim().max(80).nullable().default(null),
    /** stripe mode: the Stripe price (price_...) that Checkout subscribes to; a plan without one is free. */
    stripe_price: z
      .string()
      .regex(/^price_[A-Za-z0-9_]+$/, 'must be a Stripe price id (price_...)')
      .nullable()
      .default(null),
    /** New organizations (public sign-up) start on this plan, with its trial in plans mode. At most one. */
    default: z.boolean().default(false),
  })
  .strict()
  .refine((p) => p.per_seat || p.seat_limit !== null, { message: 'give seat_limit, or per_seat: true', path: ['seat_limit'] });

export type BillingPlan = z.output<typeof billingPlanSchema>;

export const billingPlansSchema = z
  .array(billingPlanSchema)
  .max(50)
  .superRefine((plans, ctx) => {
    const ids = new Set<string>();
    for (const [i, p] of plans.entries()) {
      if (ids.has(p.id)) ctx.addIssue({ code: 'custom', message: `plan id ${p.id} is used twice`, path: [i, 'id'] });
      ids.add(p.id);
    }
    if (plans.filter((p) => p.default).length > 1) ctx.addIssue({ code: 'custom', message: 'at most one plan can be the default' });
  });

/** The seats of a plan, or of an organization with an operator-set limit: null means no limit. */
export const seatWord = (n: number) => `${formatNumber(n)} ${n === 1 ? 'seat' : 'seats'}`;

/**
 * The refusal when people would not fit: how many seats are used, how many the plan allows, and
 * how to get more (a larger plan; or freeing seats by deactivating people).
 */
export function seatLimitMessage(input: { used: number; limit: number; adding: number; planName: string | null; mode: BillingMode }): string {
  const { used, limit, adding, planName, mode } = input;
  const plan = planName ? `the ${planName} plan` : 'this organization';
  const state =
    used > limit
      ? `This organization uses ${seatWord(used)}, more than the ${seatWord(limit)} ${plan} allows`
      : `${formatNumber(used)} of the ${seatWord(limit)} ${plan} allows ${used === 1 ? 'is' : 'are'} used`;
  const need = adding > 0 ? `; adding ${formatNumber(adding)} ${adding === 1 ? 'person' : 'people'} needs ${seatWord(used + adding)}` : '';
  const more =
    mode === 'stripe'
      ? 'To get more seats, choose a larger plan under Settings, Billing'
      : 'To get more seats, ask the people who run this Teamlens server for a larger plan';
  return `${state}${need}. ${more}, or deactivate people who no longer need access. Nothing was changed.`;
}

export const BILLING_READ_ONLY_MESSAGE = {
  READ_ONLY:
    'This organization is read-only because a payment is overdue: nothing new can be added until it is paid. Reading, exports and sign-in still work. An admin can pay under Settings, Billing.',
  CANCELLED:
    'This organization’s plan has ended, so it is read-only: nothing new can be added until an admin chooses a plan under Settings, Billing. Reading, exports and sign-in still work.',
} as const;

export { SEAT_STATES, type SeatState } from './billing.seats.js';

/** The operator's change to one organization's billing (plans mode). */
export const operatorBillingChangeSchema = z.object({
  organization_id: z.string().min(1).max(64),
  plan_id: z.string().max(40).nullable(),
  seat_limit: z
    .number({ error: 'Enter a whole number of seats.' })
    .int('Enter a whole number of seats.')
    .min(1, 'At least 1 seat.')
    .max(1_000_000, 'At most 1,000,000 seats.')
    .nullable(),
  status: z.enum(OPERATOR_SETTABLE_STATUSES).nullable(),
});
export type OperatorBillingChange = z.output<typeof operatorBillingChangeSchema>;
