import { and, asc, eq, gte, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import { newId } from '../../lib/tokens.js';
import type { SeatState } from '../../../shared/billing.js';
import { demoRecords } from '../demo/demo.repo.js';
import { organizations } from '../org/org.repo.js';
import { users } from '../users/users.repo.js';
import { billingSeatHistory } from './billing.tables.js';

/**
 * Seats (docs/decisions/0068): people who are ACTIVE or INVITED (invitation sent or still to send),
 * not removed, and not demo people (the demo registry, docs/decisions/0036). Deactivated, removed
 * and demo people never count.
 */
const isDemoPerson = sql`exists (select 1 from ${demoRecords} where ${demoRecords.table_name} = 'users' and ${demoRecords.row_id} = ${users.id})`;
const counts = and(isNull(users.deleted_at), or(eq(users.status, 'ACTIVE'), eq(users.status, 'INVITED')), sql`not ${isDemoPerson}`)!;

export type SeatCount = { seats: number; active: number; invited: number };
export type NotCounted = { deactivated: number; demo: number; removed: number };

const seatColumns = {
  active: sql<number>`coalesce(sum(case when ${users.status} = 'ACTIVE' then 1 else 0 end), 0)`,
  invited: sql<number>`coalesce(sum(case when ${users.status} = 'INVITED' then 1 else 0 end), 0)`,
};

/** The organization's seats now. */
export function countSeats(db: Db, orgId: string): SeatCount {
  const row = prepared(db, 'billing.countSeats', () =>
    db
      .select(seatColumns)
      .from(users)
      .where(and(eq(users.organization_id, sql.placeholder('org')), counts))
      .prepare(),
  ).get({ org: orgId });
  const active = row?.active ?? 0;
  const invited = row?.invited ?? 0;
  return { seats: active + invited, active, invited };
}

/** Seats of every live organization (the operator's list, the daily history). */
export function countSeatsByOrganization(db: Db): Map<string, SeatCount> {
  const rows = db
    .select({ org: users.organization_id, ...seatColumns })
    .from(users)
    .where(counts)
    .groupBy(users.organization_id)
    .all();
  return new Map(rows.map((r) => [r.org, { seats: r.active + r.invited, active: r.active, invited: r.invited }]));
}

/** People of the organization who do not count, by why. */
export function countNotCounted(db: Db, orgId: string): NotCounted {
  const row = db
    .select({
      deactivated: sql<number>`coalesce(sum(case when ${users.deleted_at} is null and ${users.status} = 'DEACTIVATED' then 1 else 0 end), 0)`,
      demo: sql<number>`coalesce(sum(case when ${users.deleted_at} is null and ${users.status} != 'DEACTIVATED' and ${isDemoPerson} then 1 else 0 end), 0)`,
      removed: sql<number>`coalesce(sum(case when ${users.deleted_at} is not null then 1 else 0 end), 0)`,
    })
    .from(users)
    .where(eq(users.organization_id, orgId))
    .get();
  return { deactivated: row?.deactivated ?? 0, demo: row?.demo ?? 0, removed: row?.removed ?? 0 };
}

export type SeatPerson = { id: string; full_name: string; email: string; status: SeatState; invited_at: string | null; last_login: string | null };

/** Who counts, filtered by a search in name or email and by state; at most `limit`, by name. */
export function listSeatPeople(db: Db, orgId: string, filter: { q?: string; state?: SeatState }, limit: number): { people: SeatPerson[]; total: number } {
  const conds: SQL[] = [eq(users.organization_id, orgId), counts];
  if (filter.state) conds.push(eq(users.status, filter.state));
  if (filter.q) {
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(like(sql`lower(${users.full_name})`, sql`${pattern} escape '\\'`), like(users.email, sql`${pattern} escape '\\'`))!);
  }
  const where = and(...conds);
  const people = db
    .select({ id: users.id, full_name: users.full_name, email: users.email, status: users.status, invited_at: users.invited_at, last_login: users.last_login })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.full_name})`), asc(users.id))
    .limit(limit)
    .all() as SeatPerson[];
  const total =
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(where)
      .get()?.n ?? 0;
  return { people, total };
}

export type SeatHistoryRow = { day: string; seats: number };

/** The organization's daily rows from `fromDay` (YYYY-MM-DD) on, oldest first. */
export function listSeatHistory(db: Db, orgId: string, fromDay: string): SeatHistoryRow[] {
  return db
    .select({ day: billingSeatHistory.day, seats: billingSeatHistory.seats })
    .from(billingSeatHistory)
    .where(and(eq(billingSeatHistory.organization_id, orgId), gte(billingSeatHistory.day, fromDay)))
    .orderBy(asc(billingSeatHistory.day))
    .all();
}

/** Writes (or rewrites) one organization's row for a day. */
export function recordSeatDay(db: Db, orgId: string, day: string, count: SeatCount): string {
  const id = newId();
  const row = db
    .insert(billingSeatHistory)
    .values({ id, organization_id: orgId, day, ...count })
    .onConflictDoUpdate({
      target: [billingSeatHistory.organization_id, billingSeatHistory.day],
      set: { ...count, recorded_at: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
    })
    .returning({ id: billingSeatHistory.id })
    .get();
  return row.id;
}

/** Live organizations (not closed), oldest first. */
export function listLiveOrganizations(db: Db): Array<{ id: string; name: string; created_at: string }> {
  return db
    .select({ id: organizations.id, name: organizations.name, created_at: organizations.created_at })
    .from(organizations)
    .where(isNull(organizations.deleted_at))
    .orderBy(asc(organizations.created_at), asc(organizations.id))
    .all();
}

/** Whether the organization's seat history holds demo rows (its seed's year of sample history). */
export function hasDemoSeatHistory(db: Db, orgId: string): boolean {
  return !!db
    .select({ one: sql`1` })
    .from(demoRecords)
    .where(and(eq(demoRecords.organization_id, orgId), eq(demoRecords.table_name, 'billing_seat_history')))
    .limit(1)
    .get();
}
