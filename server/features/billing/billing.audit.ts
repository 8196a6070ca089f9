import type { AuditAction } from '../../../shared/audit.js';
import type { BillingStatus } from '../../../shared/billing.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { recordAudit } from '../audit/audit.repo.js';
import { getInstallSettings } from '../install/install.repo.js';
import { findOrganization } from '../org/org.repo.js';
import type { BillingAccountRow } from './billing.accounts.repo.js';
import { planById } from './billing.state.js';

/** Who changed billing: an operator admin (their id and email), Stripe, or Teamlens itself (the grace period, a trial's end). */
export type BillingActor = { userId: string | null; label: string; ip: string | null };

type Before = Pick<BillingAccountRow, 'plan_id' | 'seat_limit' | 'status'> | null;

/**
 * Records every change of plan, seat limit and status (docs/decisions/0068, 0042) in the audit log
 * of the organization it concerns and, when that is another one, of the operator organization too:
 * the customer's admins and the operator both read what happened. Call it in the change's transaction.
 */
export function auditBillingChange(
  db: Db,
  config: Config,
  orgId: string,
  before: Before,
  after: NonNullable<Before>,
  actor: BillingActor,
  reason?: string,
): void {
  const org = findOrganization(db, orgId);
  const organization = org?.name ?? orgId;
  const changes: Array<{ action: AuditAction; from: string | number | null; to: string | number | null }> = [];
  const planName = (id: string | null | undefined) => (id ? (planById(config, id)?.name ?? id) : null);
  if ((before?.plan_id ?? null) !== after.plan_id)
    changes.push({ action: 'BILLING_PLAN_CHANGED', from: planName(before?.plan_id), to: planName(after.plan_id) });
  if ((before?.seat_limit ?? null) !== after.seat_limit)
    changes.push({ action: 'BILLING_SEAT_LIMIT_CHANGED', from: before?.seat_limit ?? null, to: after.seat_limit });
  const fromStatus: BillingStatus = before?.status ?? 'NONE';
  if (fromStatus !== after.status) changes.push({ action: 'BILLING_STATUS_CHANGED', from: fromStatus, to: after.status });
  const operatorOrg = getInstallSettings(db)?.operator_organization_id ?? null;
  // The actor is an operator admin (a person of the operator organization) or no person at all.
  const logs = [orgId, ...(operatorOrg && operatorOrg !== orgId ? [operatorOrg] : [])];
  for (const change of changes) {
    for (const log of logs) {
      recordAudit(db, {
        organizationId: log,
        action: change.action,
        actorUserId: log === operatorOrg ? actor.userId : null,
        actorLabel: actor.label,
        ip: actor.ip,
        details: { organization, from: change.from, to: change.to, ...(reason ? { reason } : {}) },
      });
    }
  }
}
