import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { organizations } from '../org/org.repo.js';
import type { UserRow } from './users.repo.js';
import { users } from './users.tables.js';

/** Accounts looked up by address or id across organizations: signing in and the account links (auth). */

export type SignInAccount = { id: string; hash: string | null; status: string; organizationId: string };

/** The live account with this address in a live organization (addresses are unique across organizations). */
export function findSignInAccount(db: Db, email: string): SignInAccount | undefined {
  return db
    .select({ id: users.id, hash: users.password_hash, status: users.status, organizationId: users.organization_id })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organization_id))
    .where(and(eq(users.email, email), isNull(users.deleted_at), isNull(organizations.deleted_at)))
    .get();
}

export function recordLastLogin(db: Db, userId: string, at: string): void {
  db.update(users).set({ last_login: at }).where(eq(users.id, userId)).run();
}

/** The account with this address in any organization, removed ones included. */
export function findAccountByEmail(db: Db, email: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.email, email)).get();
}

/** The account with this id in any organization, removed ones included. */
export function findAccountById(db: Db, id: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}
