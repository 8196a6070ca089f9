import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import { billingAccounts, billingStripeEvents } from './billing.tables.js';

export type BillingAccountRow = typeof billingAccounts.$inferSelect;
export type BillingAccountPatch = Partial<Omit<BillingAccountRow, 'organization_id' | 'updated_at'>>;

const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export function findBillingAccount(db: Db, orgId: string): BillingAccountRow | null {
  return (
    prepared(db, 'billing.findAccount', () =>
      db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.organization_id, sql.placeholder('org')))
        .prepare(),
    ).get({ org: orgId }) ?? null
  );
}

export function findBillingAccountByCustomer(db: Db, customerId: string): BillingAccountRow | null {
  return db.select().from(billingAccounts).where(eq(billingAccounts.stripe_customer_id, customerId)).get() ?? null;
}

export function listBillingAccounts(db: Db): BillingAccountRow[] {
  return db.select().from(billingAccounts).all();
}

/** Creates the organization's row or changes the given fields of it; returns the row as it is now. */
export function saveBillingAccount(db: Db, orgId: string, patch: BillingAccountPatch): BillingAccountRow {
  return db
    .insert(billingAccounts)
    .values({ organization_id: orgId, ...patch })
    .onConflictDoUpdate({ target: billingAccounts.organization_id, set: { ...patch, updated_at: nowSql } })
    .returning()
    .get();
}

/** Records a Stripe event id; false when it was recorded before (a repeat or a replay: apply nothing). */
export function claimStripeEvent(db: Db, event: { id: string; type: string; organizationId: string | null }): boolean {
  return (
    db.insert(billingStripeEvents).values({ id: event.id, type: event.type, organization_id: event.organizationId }).onConflictDoNothing().run().changes > 0
  );
}
