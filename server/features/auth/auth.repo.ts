import { and, count, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import { newId, randomToken, sha256 } from '../../lib/tokens.js';
import { organizations } from '../org/org.repo.js';
import { users } from '../users/users.repo.js';
import { oneTimeTokens, sessions, signInAttempts } from './auth.tables.js';
import { forgetOutboxLinkOfToken } from '../notifications/notifications.outbox-links.repo.js';

import { addDays } from '../../../shared/dates.js';

export type SessionRecord = {
  id: string;
  user_id: string;
  organization_id: string;
  expires_at: number;
  last_seen_at: number;
  revoked_at: number | null;
};

export function createSession(
  db: Db,
  input: { userId: string; organizationId: string; maxAgeMs: number; ip: string; userAgent: string | undefined },
): { token: string; session: SessionRecord } {
  const token = randomToken();
  const now = Date.now();
  const session = {
    id: newId(),
    user_id: input.userId,
    organization_id: input.organizationId,
    expires_at: now + input.maxAgeMs,
    last_seen_at: now,
    revoked_at: null,
  };
  db.insert(sessions)
    .values({ ...session, token_hash: sha256(token), ip: input.ip, user_agent: input.userAgent?.slice(0, 300) ?? null })
    .run();
  return { token, session };
}

export function findSessionByToken(db: Db, token: string): SessionRecord | undefined {
  return db
    .select({
      id: sessions.id,
      user_id: sessions.user_id,
      organization_id: sessions.organization_id,
      expires_at: sessions.expires_at,
      last_seen_at: sessions.last_seen_at,
      revoked_at: sessions.revoked_at,
    })
    .from(sessions)
    .where(eq(sessions.token_hash, sha256(token)))
    .get();
}

export function touchSession(db: Db, id: string, now = Date.now()): void {
  db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, id)).run();
}

export function revokeSession(db: Db, id: string): void {
  db.update(sessions)
    .set({ revoked_at: Date.now() })
    .where(and(eq(sessions.id, id), isNull(sessions.revoked_at)))
    .run();
}

/** Revokes every live session of a user (password change, deactivation, removal); returns their ids. */
export function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string): string[] {
  const rows = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)))
    .all();
  const ids = rows.map((r) => r.id).filter((id) => id !== exceptSessionId);
  const now = Date.now();
  for (const id of ids) db.update(sessions).set({ revoked_at: now }).where(eq(sessions.id, id)).run();
  return ids;
}

export function revokeOrganizationSessions(db: Db, organizationId: string): string[] {
  const rows = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.organization_id, organizationId), isNull(sessions.revoked_at)))
    .all();
  db.update(sessions)
    .set({ revoked_at: Date.now() })
    .where(and(eq(sessions.organization_id, organizationId), isNull(sessions.revoked_at)))
    .run();
  return rows.map((r) => r.id);
}

export type ActiveViewerRow = {
  sessionId: string;
  userId: string;
  organizationId: string;
  permissionLevel: 'ADMIN' | 'MANAGER' | 'MEMBER';
  email: string;
  fullName: string;
  profilePictureId: string | null;
  sessionExpiresAt: number;
  sessionLastSeenAt: number;
};

/** When a live session ends unless it is used again: its absolute expiry or its idle limit, whichever comes first. */
/** A session's times and revocation, whoever's it is; undefined when there is no such session. */
export function findSessionTimes(db: Db, sessionId: string) {
  return db
    .select({ expiresAt: sessions.expires_at, lastSeenAt: sessions.last_seen_at, revokedAt: sessions.revoked_at })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .get();
}

export function sessionEndsAt(session: { expiresAt: number; lastSeenAt: number }, idleMs: number): number {
  return Math.min(session.expiresAt, session.lastSeenAt + idleMs);
}

/**
 * The session joined with its user, only while both are usable (not revoked, not past its
 * absolute expiry nor its idle limit `idleMs`, user active): one indexed lookup, prepared once.
 */
export function findActiveSessionUser(db: Db, sessionId: string, idleMs: number, now = Date.now()): ActiveViewerRow | undefined {
  const query = prepared(db, 'auth.activeSessionUser', () =>
    db
      .select({
        sessionId: sessions.id,
        userId: users.id,
        organizationId: users.organization_id,
        permissionLevel: users.permission_level,
        email: users.email,
        fullName: users.full_name,
        profilePictureId: users.profile_picture_id,
        sessionExpiresAt: sessions.expires_at,
        sessionLastSeenAt: sessions.last_seen_at,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .innerJoin(organizations, eq(organizations.id, users.organization_id))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          isNull(sessions.revoked_at),
          gt(sessions.expires_at, sql.placeholder('now')),
          gte(sessions.last_seen_at, sql.placeholder('idleSince')),
          isNull(users.deleted_at),
          eq(users.status, 'ACTIVE'),
          isNull(organizations.deleted_at),
        ),
      )
      .prepare(),
  );
  return query.get({ sessionId, now, idleSince: now - idleMs });
}

export function recordSignInAttempt(db: Db, email: string, ip: string, success: boolean): void {
  db.insert(signInAttempts).values({ email, ip, success, at: Date.now() }).run();
}

export function countFailures(db: Db, where: { email?: string; ip?: string; sinceMs: number }): number {
  const conds = [eq(signInAttempts.success, false), gt(signInAttempts.at, Date.now() - where.sinceMs)];
  if (where.email !== undefined) conds.push(eq(signInAttempts.email, where.email));
  if (where.ip !== undefined) conds.push(eq(signInAttempts.ip, where.ip));
  return (
    db
      .select({ n: count() })
      .from(signInAttempts)
      .where(and(...conds))
      .get()?.n ?? 0
  );
}

export function hasRecentSuccess(db: Db, email: string, ip: string, sinceMs: number): boolean {
  return !!db
    .select({ id: signInAttempts.id })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.email, email), eq(signInAttempts.ip, ip), eq(signInAttempts.success, true), gt(signInAttempts.at, Date.now() - sinceMs)))
    .get();
}

export type OneTimePurpose = 'signup' | 'invite' | 'reset' | 'email-change';

export function createOneTimeToken(db: Db, input: { purpose: OneTimePurpose; email: string; userId?: string; ttlMs: number }): string {
  const token = randomToken();
  db.insert(oneTimeTokens)
    .values({
      id: newId(),
      token_hash: sha256(token),
      purpose: input.purpose,
      email: input.email,
      user_id: input.userId ?? null,
      expires_at: Date.now() + input.ttlMs,
    })
    .run();
  return token;
}

/** Marks a link used and returns it, only if it exists, has the purpose, is unused and unexpired. */
export function consumeOneTimeToken(db: Db, token: string, purposes: OneTimePurpose[]) {
  const row = peekOneTimeToken(db, token, purposes);
  if (!row) return undefined;
  const res = db
    .update(oneTimeTokens)
    .set({ used_at: Date.now() })
    .where(and(eq(oneTimeTokens.id, row.id), isNull(oneTimeTokens.used_at)))
    .run();
  if (res.changes !== 1) return undefined;
  forgetOutboxLinkOfToken(db, token); // the used link leaves the outbox (docs/decisions/0044)
  return row;
}

export function peekOneTimeToken(db: Db, token: string, purposes: OneTimePurpose[]) {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) return undefined;
  const row = db
    .select()
    .from(oneTimeTokens)
    .where(eq(oneTimeTokens.token_hash, sha256(token)))
    .get();
  if (!row || row.used_at !== null || row.expires_at < Date.now() || !purposes.includes(row.purpose)) return undefined;
  return row;
}

/** Whose account each link's token belongs to (used or not), by token: null for links of no account (sign-up); absent when unknown. */
/** Whether a one-time token (as mailed) was used and when it expires; undefined when there is no such token. */
export function findOneTimeTokenState(db: Db, token: string): { used_at: number | null; expires_at: number } | undefined {
  return db
    .select({ used_at: oneTimeTokens.used_at, expires_at: oneTimeTokens.expires_at })
    .from(oneTimeTokens)
    .where(eq(oneTimeTokens.token_hash, sha256(token)))
    .get();
}

export function findOneTimeTokenUsers(db: Db, tokens: readonly string[]): Map<string, string | null> {
  const byHash = new Map(tokens.map((t) => [sha256(t), t]));
  if (!byHash.size) return new Map();
  const rows = db
    .select({ hash: oneTimeTokens.token_hash, userId: oneTimeTokens.user_id })
    .from(oneTimeTokens)
    .where(inArray(oneTimeTokens.token_hash, [...byHash.keys()]))
    .all();
  return new Map(rows.map((r) => [byHash.get(r.hash)!, r.userId]));
}

/** Invalidates a user's earlier unused links of a purpose when a new one is issued. */
export function expireOpenTokens(db: Db, email: string, purpose: OneTimePurpose): void {
  // Their links in the outbox no longer work; they are removed when an admin reads the outbox and by its daily job (0044).
  db.update(oneTimeTokens)
    .set({ used_at: Date.now() })
    .where(and(eq(oneTimeTokens.email, email), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.used_at)))
    .run();
}

/**
 * Ends every pending link that sets this person's password (reset and invitation links) once
 * the password changed by any means: a link asked for before keeps no power over the account.
 */
export function expirePasswordLinks(db: Db, userId: string): number {
  return db
    .update(oneTimeTokens)
    .set({ used_at: Date.now() })
    .where(and(eq(oneTimeTokens.user_id, userId), inArray(oneTimeTokens.purpose, ['reset', 'invite']), isNull(oneTimeTokens.used_at)))
    .run().changes;
}

/**
 * Ends every pending link of these people, whatever it does (reset, invitation, email change):
 * their permissions changed (level, status, removal), and a link asked for under the old ones keeps
 * no power over the account (docs/decisions/0057). Returns how many links were ended.
 */
export function expireAllLinksOf(db: Db, userIds: readonly string[]): number {
  let ended = 0;
  for (let i = 0; i < userIds.length; i += 500) {
    ended += db
      .update(oneTimeTokens)
      .set({ used_at: Date.now() })
      .where(and(inArray(oneTimeTokens.user_id, userIds.slice(i, i + 500)), isNull(oneTimeTokens.used_at)))
      .run().changes;
  }
  return ended;
}

/** The same for everyone of an organization (it was closed). */
export function expireOrganizationLinks(db: Db, organizationId: string): number {
  return db
    .update(oneTimeTokens)
    .set({ used_at: Date.now() })
    .where(
      and(
        isNull(oneTimeTokens.used_at),
        inArray(oneTimeTokens.user_id, db.select({ id: users.id }).from(users).where(eq(users.organization_id, organizationId))),
      ),
    )
    .run().changes;
}

export function pruneAuthTables(db: Db): void {
  const dayAgo = addDays(Date.now(), -1).getTime();
  db.delete(signInAttempts)
    .where(sql`${signInAttempts.at} < ${addDays(dayAgo, -29).getTime()}`)
    .run();
  db.delete(sessions)
    .where(sql`${sessions.expires_at} < ${dayAgo}`)
    .run();
}
