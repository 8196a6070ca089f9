import { conflict } from '../../../shared/app-error.js';
import { READ_ONLY_STATUSES, seatLimitMessage, type BillingMode, type BillingPlan, type BillingStatus } from '../../../shared/billing.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Services } from '../../services.js';
import { isOperatorOrganization } from '../install/install.sign-up.js';
import { findBillingAccount, type BillingAccountRow } from './billing.accounts.repo.js';
import { countSeats } from './billing.seats.repo.js';

/** What billing means for one organization now (docs/decisions/0068). */
export type BillingState = {
  mode: BillingMode;
  /** The operator organization (it runs the server): never billed, limited or read-only. */
  exempt: boolean;
  account: BillingAccountRow | null;
  plan: BillingPlan | null;
  status: BillingStatus;
  /** null: no limit (none mode, no plan, a per-seat plan without a cap, the operator organization). */
  seatLimit: number | null;
  readOnly: boolean;
};

export const planById = (config: Config, id: string | null | undefined): BillingPlan | null =>
  (id ? config.billing.plans.find((p) => p.id === id) : undefined) ?? null;

export function billingState(db: Db, config: Config, orgId: string): BillingState {
  const mode = config.billing.mode;
  const free: BillingState = { mode, exempt: false, account: null, plan: null, status: 'NONE', seatLimit: null, readOnly: false };
  if (mode === 'none') return free;
  if (isOperatorOrganization(db, orgId)) return { ...free, exempt: true };
  const account = findBillingAccount(db, orgId);
  if (!account) return free;
  const plan = planById(config, account.plan_id);
  return {
    mode,
    exempt: false,
    account,
    plan,
    status: account.status,
    seatLimit: account.seat_limit ?? plan?.seat_limit ?? null,
    readOnly: READ_ONLY_STATUSES.has(account.status),
  };
}

/**
 * Why `adding` more seats cannot be taken, or null when they can. Growing past the limit is refused;
 * with `adding` 0 (sending invitations to people who already hold a seat) only an organization
 * already over its limit (the operator lowered it) is refused. Nothing running is ever locked.
 */
export function seatLimitProblem(services: Pick<Services, 'db' | 'config'>, orgId: string, adding: number): string | null {
  const state = billingState(services.db, services.config, orgId);
  if (state.seatLimit === null) return null;
  const used = countSeats(services.db, orgId).seats;
  const over = adding > 0 ? used + adding > state.seatLimit : used > state.seatLimit;
  if (!over) return null;
  return seatLimitMessage({ used, limit: state.seatLimit, adding, planName: state.plan?.name ?? null, mode: state.mode });
}

/** Throws CONFLICT with the seat message when `adding` more seats do not fit. */
export function requireSeats(services: Pick<Services, 'db' | 'config'>, orgId: string, adding: number): void {
  const problem = seatLimitProblem(services, orgId, adding);
  if (problem) throw conflict(problem);
}
