import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { UserStatus } from '../../../shared/enums.js';
import { users } from './users.tables.js';

/* Read-only aggregates over the organization's people: the admin dashboard, the organizations' time zones. */

export type Headcount = Record<'active' | 'invited' | 'deactivated', number>;
export type DashboardPerson = { id: string; full_name: string; email: string; created_at: string; last_login: string | null; invited_at: string | null };

const person = {
  id: users.id,
  full_name: users.full_name,
  email: users.email,
  created_at: users.created_at,
  last_login: users.last_login,
  invited_at: users.invited_at,
};

/** People per status; soft-deleted accounts are not counted. */
export function countUsersByStatus(db: Db, orgId: string): Headcount {
  const rows = db
    .select({ status: users.status, n: count() })
    .from(users)
    .where(and(eq(users.organization_id, orgId), isNull(users.deleted_at)))
    .groupBy(users.status)
    .all();
  const by = new Map<UserStatus, number>(rows.map((r) => [r.status, r.n]));
  return { active: by.get('ACTIVE') ?? 0, invited: by.get('INVITED') ?? 0, deactivated: by.get('DEACTIVATED') ?? 0 };
}

/** Invited people who have not set a password yet, longest waiting first. */
export function findOldestInvitations(db: Db, orgId: string, limit: number): DashboardPerson[] {
  return db
    .select(person)
    .from(users)
    .where(and(eq(users.organization_id, orgId), eq(users.status, 'INVITED'), isNull(users.deleted_at)))
    .orderBy(asc(users.created_at), asc(users.id))
    .limit(limit)
    .all();
}

/** Live INVITED people who were never sent an invitation. */
export function countNotInvited(db: Db, orgId: string): number {
  return (
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.organization_id, orgId), eq(users.status, 'INVITED'), isNull(users.invited_at), isNull(users.deleted_at)))
      .get()?.n ?? 0
  );
}

/** The latest sign-ins, newest first. */
export function findRecentSignIns(db: Db, orgId: string, limit: number): DashboardPerson[] {
  return db
    .select(person)
    .from(users)
    .where(and(eq(users.organization_id, orgId), isNotNull(users.last_login), isNull(users.deleted_at)))
    .orderBy(desc(users.last_login), asc(users.id))
    .limit(limit)
    .all();
}

/**
 * How many active people of each organization have each non-empty time zone, most first (then by
 * zone name), in one statement: the organization's zone is the first valid one (feedback.working-days.ts).
 */
export function countTimeZonesByOrganization(db: Db, orgIds: readonly string[]): Array<{ org: string; zone: string | null; n: number }> {
  return db
    .select({ org: users.organization_id, zone: users.time_zone, n: sql<number>`count(*)` })
    .from(users)
    .where(
      sql`${users.organization_id} in (select value from json_each(${JSON.stringify([...new Set(orgIds)])})) and ${users.deleted_at} is null
      and ${users.status} = 'ACTIVE' and ${users.time_zone} is not null and ${users.time_zone} <> ''`,
    )
    .groupBy(users.organization_id, users.time_zone)
    .orderBy(sql`count(*) desc`, users.time_zone)
    .all();
}
