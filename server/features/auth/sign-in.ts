import type { FastifyInstance } from 'fastify';
import { verifyPassword } from '../../lib/password.js';
import { nowIso } from '../../lib/tokens.js';
import { findSignInAccount, recordLastLogin, type SignInAccount } from '../users/users.accounts.repo.js';
import { countFailures, createSession, hasRecentSuccess, recordSignInAttempt } from './auth.repo.js';
import { recordAudit } from '../audit/audit.repo.js';

const MINUTE = 60_000;
/** Failures of one account from one address before that pair is blocked (window 15 min). */
export const PAIR_FAILURE_LIMIT = 10;
/** Failures from one address over any accounts before it is throttled (window 15 min). */
export const IP_FAILURE_LIMIT = 50;
/** Failures of one account from everywhere in an hour before unknown addresses are refused. */
export const ACCOUNT_FAILURE_LIMIT = 100;

/**
 * Attempts whose password check is still running, per app (keyed by its database). They
 * count as failures until recorded: the limits are checked before a ~40 ms hash, so without
 * this a burst of concurrent requests would all pass the check and be verified.
 */
const inFlightByDb = new WeakMap<object, Map<string, number>>();

function inFlightCounter(db: object) {
  let map = inFlightByDb.get(db);
  if (!map) inFlightByDb.set(db, (map = new Map()));
  const counts = map;
  return {
    get: (key: string) => counts.get(key) ?? 0,
    add: (keys: string[], delta: 1 | -1) => {
      for (const key of keys) {
        const n = (counts.get(key) ?? 0) + delta;
        if (n > 0) counts.set(key, n);
        else counts.delete(key);
      }
    },
  };
}

export type SignInResult = { ok: true; token: string; expiresAt: number; userId: string } | { ok: false; reason: 'CredentialsSignin' | 'LoginBlocked' };

/**
 * Password sign-in: throttled per (account, address), per address and per account;
 * the same path and a real hash for unknown users, so neither answer nor timing
 * tells whether an account exists.
 */
export async function signInWithPassword(
  app: FastifyInstance,
  input: { email: string; password: string; ip: string; userAgent: string | undefined },
): Promise<SignInResult> {
  const { db, config, log } = app.services;
  const email = input.email.trim().toLowerCase().slice(0, 320);
  const ip = input.ip;

  const inFlight = inFlightCounter(db);
  const keys = { pair: `pair:${email}\n${ip}`, ip: `ip:${ip}`, account: `account:${email}` };
  // Checked and claimed synchronously (no await in between), so concurrent requests see each other.
  const blocked =
    countFailures(db, { email, ip, sinceMs: 15 * MINUTE }) + inFlight.get(keys.pair) >= PAIR_FAILURE_LIMIT ||
    countFailures(db, { ip, sinceMs: 15 * MINUTE }) + inFlight.get(keys.ip) >= IP_FAILURE_LIMIT ||
    (countFailures(db, { email, sinceMs: 60 * MINUTE }) + inFlight.get(keys.account) >= ACCOUNT_FAILURE_LIMIT &&
      !hasRecentSuccess(db, email, ip, 30 * 24 * 60 * MINUTE));
  if (blocked) {
    // No typed identifier in the log (docs/decisions/0057): what was typed may be a password.
    log.warn({ event: 'sign_in_blocked', ip }, 'sign-in blocked after repeated failures');
    return { ok: false, reason: 'LoginBlocked' };
  }

  const claimed = [keys.pair, keys.ip, keys.account];
  inFlight.add(claimed, 1);
  let ok: boolean;
  let user: SignInAccount | undefined;
  try {
    user = findSignInAccount(db, email);
    const passwordOk = await verifyPassword(user?.hash, input.password);
    ok = !!user && passwordOk && user.status === 'ACTIVE';
    recordSignInAttempt(db, email, ip, ok);
    // Known accounts only: an unknown address belongs to no organization (docs/decisions/0042).
    if (user)
      recordAudit(db, {
        organizationId: user.organizationId,
        action: ok ? 'SIGN_IN_SUCCEEDED' : 'SIGN_IN_FAILED',
        actorUserId: ok ? user.id : null,
        actorLabel: email,
        subjectUserId: user.id,
        subjectLabel: email,
        ip,
        details: ok ? null : { reason: passwordOk ? 'not_active' : 'wrong_password' },
      });
  } finally {
    inFlight.add(claimed, -1);
  }
  // The account's id when the typed address is an account's (then it was an address, not a secret);
  // nothing typed otherwise: a password typed into the email field must not land in the log (docs/decisions/0057).
  log.info({ event: 'sign_in', userId: user?.id ?? null, ip, success: ok }, 'sign-in attempt');
  if (!ok || !user) return { ok: false, reason: 'CredentialsSignin' };

  recordLastLogin(db, user.id, nowIso());
  const { token, session } = createSession(db, {
    userId: user.id,
    organizationId: user.organizationId,
    maxAgeMs: config.sessionMaxAgeMs,
    ip,
    userAgent: input.userAgent,
  });
  return { ok: true, token, expiresAt: session.expires_at, userId: user.id };
}
