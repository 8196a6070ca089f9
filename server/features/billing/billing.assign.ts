import { badInput, conflict, notFound } from '../../../shared/app-error.js';
import type { BillingStatus, OperatorBillingChange } from '../../../shared/billing.js';
import type { Db } from '../../db/connection.js';
import type { Config } from '../../config.js';
import { isOperatorOrganization } from '../install/install.sign-up.js';
import { findOrganization } from '../org/org.repo.js';
import { findBillingAccount, saveBillingAccount, type BillingAccountPatch } from './billing.accounts.repo.js';
import { auditBillingChange, type BillingActor } from './billing.audit.js';
import { planById } from './billing.state.js';

import { addDays } from '../../../shared/dates.js';

/**
 * The operator's change to one organization (plans mode, docs/decisions/0068): its plan, its own
 * seat limit (in place of the plan's) and its status. A new plan starts its trial when it has one
 * (else it is active) unless a status is given; no plan is "No plan". Every change is audited.
 */
export function setOrganizationBilling(db: Db, config: Config, actor: BillingActor, input: OperatorBillingChange, now: Date): void {
  if (config.billing.mode !== 'plans') {
    throw conflict(
      config.billing.mode === 'none'
        ? 'Billing is off on this server (BILLING=none): organizations have no plans or limits.'
        : 'With BILLING=stripe, organizations choose and pay for their plan through Stripe Checkout on their billing page.',
    );
  }
  if (!findOrganization(db, input.organization_id)) throw notFound('Organization');
  if (isOperatorOrganization(db, input.organization_id)) throw conflict('The organization that runs this server is never billed or limited.');
  const plan = input.plan_id ? planById(config, input.plan_id) : null;
  if (input.plan_id && !plan) throw badInput('plan_id: no such plan in BILLING_PLANS.', { fields: { plan_id: 'Choose one of the plans.' } });
  const before = findBillingAccount(db, input.organization_id);
  const patch: BillingAccountPatch = { plan_id: plan?.id ?? null, seat_limit: input.seat_limit };
  const planChanged = (before?.plan_id ?? null) !== (plan?.id ?? null);
  let status: BillingStatus = input.status ?? (planChanged ? (plan ? (plan.trial_days > 0 ? 'TRIALING' : 'ACTIVE') : 'NONE') : (before?.status ?? 'NONE'));
  if (!plan && status !== 'CANCELLED' && status !== 'READ_ONLY') status = 'NONE';
  patch.status = status;
  patch.trial_ends_at =
    status === 'TRIALING' ? (planChanged || !before?.trial_ends_at ? addDays(now, plan!.trial_days).toISOString() : before.trial_ends_at) : null;
  patch.past_due_since = status === 'PAST_DUE' || status === 'READ_ONLY' ? (before?.past_due_since ?? now.toISOString()) : null;
  db.transaction(() => {
    const after = saveBillingAccount(db, input.organization_id, patch);
    auditBillingChange(db, config, input.organization_id, before, after, actor);
  });
}

/**
 * A new organization (public sign-up) starts on the operator's default plan, with its trial in
 * plans mode; in stripe mode the default plan is a free one (config.ts refuses a priced default).
 * Without a default plan, or with BILLING=none, it starts with no plan and no limit.
 */
export function startNewOrganization(db: Db, config: Config, orgId: string, now: Date): void {
  if (config.billing.mode === 'none' || isOperatorOrganization(db, orgId)) return;
  const plan = config.billing.plans.find((p) => p.default);
  if (!plan) return;
  const trial = config.billing.mode === 'plans' && plan.trial_days > 0;
  const after = saveBillingAccount(db, orgId, {
    plan_id: plan.id,
    status: trial ? 'TRIALING' : 'ACTIVE',
    trial_ends_at: trial ? addDays(now, plan.trial_days).toISOString() : null,
  });
  auditBillingChange(db, config, orgId, null, after, { userId: null, label: 'Teamlens', ip: null }, 'the default plan of a new organization');
}
