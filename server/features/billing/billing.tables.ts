import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { BillingStatus } from '../../../shared/billing.js';
import { organizations } from '../org/org.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * One organization's plan and billing status (docs/decisions/0068). No row: no plan, no limit (every
 * organization in BILLING=none, and organizations the operator has not given a plan). Stripe's ids
 * are kept to find the organization's customer and subscription again; no card data ever.
 */
export const billingAccounts = sqliteTable(
  'billing_accounts',
  {
    organization_id: text('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** A plan id of BILLING_PLANS; a plan the operator later removed reads as no plan. */
    plan_id: text('plan_id'),
    status: text('status').$type<BillingStatus>().notNull().default('NONE'),
    /** An operator's limit for this organization, in place of the plan's. */
    seat_limit: integer('seat_limit'),
    trial_ends_at: text('trial_ends_at'),
    /** When the current period ends: the renewal date, or the end date when cancel_at_period_end. */
    current_period_end: text('current_period_end'),
    cancel_at_period_end: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    /** When a payment first failed; the organization becomes read-only BILLING_GRACE_DAYS after. */
    past_due_since: text('past_due_since'),
    stripe_customer_id: text('stripe_customer_id'),
    stripe_subscription_id: text('stripe_subscription_id'),
    stripe_item_id: text('stripe_item_id'),
    /** The seat quantity Stripe bills now (per-seat plans), as last sent or reported. */
    stripe_quantity: integer('stripe_quantity'),
    /** The creation time (unix seconds) of the newest subscription event applied: older ones arriving late are ignored. */
    stripe_event_created: integer('stripe_event_created'),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('billing_accounts_customer').on(t.stripe_customer_id),
    check('billing_accounts_status', sql`${t.status} IN ('NONE', 'TRIALING', 'ACTIVE', 'PAST_DUE', 'READ_ONLY', 'CANCELLED')`),
  ],
);

/**
 * Seats of each organization per day (UTC), written by the daily job (billing.jobs.ts) and, for the
 * demo organization, by its seed. `id` and `organization_id` let demo rows be registered and removed
 * like any other (docs/decisions/0036).
 */
export const billingSeatHistory = sqliteTable(
  'billing_seat_history',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    seats: integer('seats').notNull(),
    active: integer('active').notNull(),
    invited: integer('invited').notNull(),
    recorded_at: text('recorded_at').notNull().default(now),
  },
  (t) => [uniqueIndex('billing_seat_history_org_day').on(t.organization_id, t.day)],
);

/** Stripe events already applied, by their id: a replayed or repeated event changes nothing. */
export const billingStripeEvents = sqliteTable(
  'billing_stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    organization_id: text('organization_id'),
    received_at: text('received_at').notNull().default(now),
  },
  (t) => [index('billing_stripe_events_org').on(t.organization_id)],
);
