import type { BillingPlan } from '../../../shared/billing.js';
import type { Db } from '../../db/connection.js';
import type { Config } from '../../config.js';
import { isOperatorOrganization } from '../install/install.sign-up.js';
import { listBillingAccounts } from './billing.accounts.repo.js';
import {
  countNotCounted,
  countSeats,
  countSeatsByOrganization,
  hasDemoSeatHistory,
  listLiveOrganizations,
  listSeatHistory,
  type SeatHistoryRow,
} from './billing.seats.repo.js';
import { billingState, planById } from './billing.state.js';
import { formatMonth } from '../../../shared/format.js';

import { addDays, addMonthsToDay, dayOf, monthStartOf } from '../../../shared/dates.js';

/** A plan as the page shows it; `can_checkout`: Stripe can sell it (it has a price). */
export const presentPlan = (config: Config, plan: BillingPlan) => ({ ...plan, can_checkout: config.billing.mode === 'stripe' && !!plan.stripe_price });

export type SeatMonth = { month: string; label: string; highest: number | null; latest: number | null };

/**
 * The last 12 months (UTC), oldest first: the highest and the latest seats of each month's daily
 * rows; today's live count belongs to the current month when today has no row yet. A month without
 * rows has nulls (no data), never zero.
 */
export function seatMonths(rows: readonly SeatHistoryRow[], today: string, live: number): SeatMonth[] {
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) months.push(addMonthsToDay(monthStartOf(today), -i).slice(0, 7));
  const all = rows.some((r) => r.day === today) ? rows : [...rows, { day: today, seats: live }];
  return months.map((month) => {
    const inMonth = all.filter((r) => r.day.startsWith(month));
    if (!inMonth.length) return { month, label: formatMonth(month), highest: null, latest: null };
    return { month, label: formatMonth(month), highest: Math.max(...inMonth.map((r) => r.seats)), latest: inMonth.at(-1)!.seats };
  });
}

/** The billing page of one organization, whatever the mode. */
export function presentBilling(db: Db, config: Config, orgId: string, now: Date) {
  const state = billingState(db, config, orgId);
  const seats = countSeats(db, orgId);
  const today = dayOf(now);
  const from = dayOf(addDays(now, -366));
  const account = state.account;
  const readOnlyFrom =
    account?.status === 'PAST_DUE' && account.past_due_since ? addDays(account.past_due_since, config.billing.graceDays).toISOString() : null;
  return {
    mode: config.billing.mode.toUpperCase(),
    exempt: state.exempt,
    plan: state.plan ? presentPlan(config, state.plan) : null,
    status: state.status,
    seats,
    seat_limit: state.seatLimit,
    not_counted: countNotCounted(db, orgId),
    history: seatMonths(listSeatHistory(db, orgId, from), today, seats.seats),
    history_is_demo: hasDemoSeatHistory(db, orgId),
    trial_ends_at: account?.trial_ends_at ?? null,
    current_period_end: account?.current_period_end ?? null,
    cancel_at_period_end: account?.cancel_at_period_end ?? false,
    past_due_since: account?.past_due_since ?? null,
    read_only_from: readOnlyFrom,
    grace_days: config.billing.graceDays,
    // The operator organization sees them too: it gives them to the others.
    plans: config.billing.mode === 'none' ? [] : config.billing.plans.map((p) => presentPlan(config, p)),
    can_manage_payment: config.billing.mode === 'stripe' && !!account?.stripe_customer_id,
  };
}

/** The operator's list: every live organization with its plan, seats, status and renewal date. */
export function presentOrganizations(db: Db, config: Config) {
  const seats = countSeatsByOrganization(db);
  const accounts = new Map(listBillingAccounts(db).map((a) => [a.organization_id, a]));
  return listLiveOrganizations(db).map((org) => {
    const account = accounts.get(org.id);
    const operator = isOperatorOrganization(db, org.id);
    const plan = config.billing.mode === 'none' || operator ? null : planById(config, account?.plan_id);
    return {
      organization_id: org.id,
      name: org.name,
      is_operator: operator,
      plan: plan ? presentPlan(config, plan) : null,
      status: config.billing.mode === 'none' || operator ? 'NONE' : (account?.status ?? 'NONE'),
      seats: seats.get(org.id)?.seats ?? 0,
      seat_limit: config.billing.mode === 'none' || operator ? null : (account?.seat_limit ?? plan?.seat_limit ?? null),
      own_seat_limit: account?.seat_limit ?? null,
      renews_at: account?.current_period_end ?? null,
      trial_ends_at: account?.trial_ends_at ?? null,
      cancel_at_period_end: account?.cancel_at_period_end ?? false,
      created_at: org.created_at,
    };
  });
}
