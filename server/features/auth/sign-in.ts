import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { verifyPassword } from '../../lib/password.js';
import { nowIso } from '../../lib/tokens.js';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';
import { countFailures, createSession, hasRecentSuccess, recordSignInAttempt } from './auth.repo.js';

const MINUTE = 60_000;
/** Failures of one account from one address before that pair is blocked (window 15 min). */
export const PAIR_FAILURE_LIMIT = 10;
/** Failures from one address over any accounts before it is throttled (window 15 min). */
export const IP_FAILURE_LIMIT = 50;
/** Failures of one account from everywhere in an hour before unknown addresses are refused. */
export const ACCOUNT_FAILURE_LIMIT = 100;

export type SignInResult =
  | { ok: true; token: string; expiresAt: number; userId: string }
  | { ok: false; reason: 'CredentialsSignin' | 'LoginBlocked' };

/**
 * Password sign-in: throttled per (account, address), per address and per account;
 * the same path and a real hash for unknown users, so neither answer nor timing
 * tells whether an account exists.
 */
export async function signInWithPassword(app: FastifyInstance, input: { email: string; password: string; ip: string; userAgent: string | undefined }): Promise<SignInResult> {
  const { db, config, log } = app.services;
  const email = input.email.trim().toLowerCase().slice(0, 320);
  const ip = input.ip;

  const blocked =
    countFailures(db, { email, ip, sinceMs: 15 * MINUTE }) >= PAIR_FAILURE_LIMIT ||
    countFailures(db, { ip, sinceMs: 15 * MINUTE }) >= IP_FAILURE_LIMIT ||
    (countFailures(db, { email, sinceMs: 60 * MINUTE }) >= ACCOUNT_FAILURE_LIMIT && !hasRecentSuccess(db, email, ip, 30 * 24 * 60 * MINUTE));
  if (blocked) {
    log.warn({ event: 'sign_in_blocked', email, ip }, 'sign-in blocked after repeated failures');
    return { ok: false, reason: 'LoginBlocked' };
  }

  const user = db.select({ id: users.id, hash: users.password_hash, status: users.status, organizationId: users.organization_id })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organization_id))
    .where(and(eq(users.email, email), isNull(users.deleted_at), isNull(organizations.deleted_at)))
    .get();
  const passwordOk = await verifyPassword(user?.hash, input.password);
  const ok = !!user && passwordOk && user.status === 'ACTIVE';
  recordSignInAttempt(db, email, ip, ok);
  log.info({ event: 'sign_in', email, ip, success: ok }, 'sign-in attempt');
  if (!ok || !user) return { ok: false, reason: 'CredentialsSignin' };

  db.update(users).set({ last_login: nowIso() }).where(eq(users.id, user.id)).run();
  const { token, session } = createSession(db, { userId: user.id, organizationId: user.organizationId, maxAgeMs: config.sessionMaxAgeMs, ip, userAgent: input.userAgent });
  return { ok: true, token, expiresAt: session.expires_at, userId: user.id };
}
