import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { FEATURE_AREAS, type FeatureArea } from '../../../shared/feature-areas.js';
import { orgFeatureAreas } from './feature-areas.tables.js';

export type FeatureAreaState = { area: FeatureArea; enabled: boolean; updated_at: string | null };

/** Every area in the fixed order; an area nobody switched is on. */
export function listFeatureAreas(db: Db, orgId: string): FeatureAreaState[] {
  const rows = db.select().from(orgFeatureAreas).where(eq(orgFeatureAreas.organization_id, orgId)).all();
  const byArea = new Map(rows.map((r) => [r.area, r]));
  return FEATURE_AREAS.map((area) => {
    const row = byArea.get(area);
    return { area, enabled: row ? row.enabled : true, updated_at: row?.updated_at ?? null };
  });
}

/** Switches several areas in one transaction. */
export function setFeatureAreas(db: Db, orgId: string, userId: string, changes: ReadonlyArray<{ area: FeatureArea; enabled: boolean }>): void {
  db.transaction((tx) => {
    for (const change of changes) {
      tx.insert(orgFeatureAreas)
        .values({ organization_id: orgId, area: change.area, enabled: change.enabled, updated_by: userId })
        .onConflictDoUpdate({
          target: [orgFeatureAreas.organization_id, orgFeatureAreas.area],
          set: { enabled: change.enabled, updated_by: userId, updated_at: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
        })
        .run();
    }
  });
}
