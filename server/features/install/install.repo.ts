import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { installSettings } from './install.tables.js';

export type InstallSettingsRow = typeof installSettings.$inferSelect;

const ROW_ID = 1;

export function getInstallSettings(db: Db): InstallSettingsRow | null {
  return db.select().from(installSettings).where(eq(installSettings.id, ROW_ID)).get() ?? null;
}

/**
 * Records the install's operator organization once: the first organization created. Later calls
 * (later organizations) change nothing. Returns whether this call recorded it.
 */
export function recordOperatorOrganization(db: Db, organizationId: string): boolean {
  const done = db
    .insert(installSettings)
    .values({ id: ROW_ID, operator_organization_id: organizationId })
    .onConflictDoUpdate({
      target: installSettings.id,
      set: { operator_organization_id: organizationId },
      setWhere: isNull(installSettings.operator_organization_id),
    })
    .run();
  return done.changes > 0;
}

export function setSignUp(db: Db, value: 'OPEN' | 'CLOSED', userId: string): void {
  db.insert(installSettings)
    .values({ id: ROW_ID, sign_up: value, updated_by: userId })
    .onConflictDoUpdate({ target: installSettings.id, set: { sign_up: value, updated_by: userId, updated_at: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` } })
    .run();
}
