import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import { engagementEvents } from './engagement.tables.js';

export function insertEngagementEvent(db: Db, row: { organizationId: string; userId: string; path: string; minutes: number }): void {
  db.insert(engagementEvents).values({ id: newId(), organization_id: row.organizationId, user_id: row.userId, path: row.path, minutes: row.minutes }).run();
}

/** Events per UTC day (YYYY-MM-DD) since `sinceIso`; days without events are absent. */
export function countEngagementByDay(db: Db, orgId: string, sinceIso: string): Array<{ day: string; events: number }> {
  const day = sql<string>`substr(${engagementEvents.created_at}, 1, 10)`;
  return db
    .select({ day, events: count() })
    .from(engagementEvents)
    .where(and(eq(engagementEvents.organization_id, orgId), gte(engagementEvents.created_at, sinceIso)))
    .groupBy(day)
    .orderBy(day)
    .all();
}

/** The most engaged route templates since `sinceIso`, with their distinct people. */
export function findTopEngagementPages(db: Db, orgId: string, sinceIso: string, limit: number): Array<{ path: string; events: number; people: number }> {
  return db
    .select({ path: engagementEvents.path, events: count(), people: sql<number>`count(distinct ${engagementEvents.user_id})` })
    .from(engagementEvents)
    .where(and(eq(engagementEvents.organization_id, orgId), gte(engagementEvents.created_at, sinceIso)))
    .groupBy(engagementEvents.path)
    .orderBy(desc(count()), engagementEvents.path)
    .limit(limit)
    .all();
}
