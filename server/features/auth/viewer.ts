import type { FastifyInstance } from 'fastify';
import type { PermissionLevel } from '../../../shared/enums.js';
import type { Db } from '../../db/connection.js';
import { tableVersionsOf, type ReadSet } from '../../db/table-versions.js';
import { findActiveSessionUser, type ActiveViewerRow } from './auth.repo.js';

export type Viewer = {
  userId: string;
  organizationId: string;
  sessionId: string;
  permissionLevel: PermissionLevel;
  email: string;
};

/**
 * An admin of the organization who is nobody in particular: what an area's rule lets an admin read by
 * being admin alone, so what every admin reads. Mail reaches the email outbox, which every admin
 * reads: a notification is private when its object is not readable as this (docs/decisions/0055).
 */
export const anyAdminOf = (organizationId: string): Viewer => ({ userId: '', organizationId, sessionId: '', permissionLevel: 'ADMIN', email: '' });

type AccessClaims = { sub: string; org: string; sid: string };

export function signAccessToken(app: FastifyInstance, viewer: { userId: string; organizationId: string; sessionId: string }): string {
  const claims: AccessClaims = { sub: viewer.userId, org: viewer.organizationId, sid: viewer.sessionId };
  return app.jwt.sign(claims, { expiresIn: app.services.config.accessTokenSeconds });
}

/**
 * The viewer behind an access token: the signature and expiry are checked, then the
 * session must still be live (not revoked, expired or idle past SESSION_IDLE_MINUTES) and the
 * user active, so a sign-out or the idle limit stops every token of that session at once.
 */
export function viewerFromAccessToken(app: FastifyInstance, token: string | undefined | null): Viewer | null {
  if (!token || token.length > 4096) return null;
  const claims = verifiedClaims(app, token);
  if (!claims) return null;
  if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') return null;
  const row = activeSessionUser(app.services.db, claims.sid, app.services.config.sessionIdleMs);
  if (!row || row.userId !== claims.sub || row.organizationId !== claims.org) return null;
  return { userId: row.userId, organizationId: row.organizationId, sessionId: row.sessionId, permissionLevel: row.permissionLevel, email: row.email };
}

type VerifiedToken = { claims: AccessClaims; expiresAtMs: number };
const verifiedTokens = new WeakMap<FastifyInstance, Map<string, VerifiedToken>>();

/**
 * The claims of a token whose signature and expiry hold. A token verified once is remembered by
 * its exact text until its `exp` (fast-jwt's own cache keys by a SHA-256 of the token, which
 * cost as much as checking the signature again: a tenth of a findOneUser).
 */
function verifiedClaims(app: FastifyInstance, token: string): AccessClaims | null {
  let cache = verifiedTokens.get(app);
  if (!cache) verifiedTokens.set(app, (cache = new Map()));
  const hit = cache.get(token);
  if (hit && hit.expiresAtMs > Date.now()) return hit.claims;
  let claims: AccessClaims & { exp?: number };
  try {
    claims = app.jwt.verify<AccessClaims & { exp?: number }>(token);
  } catch {
    if (hit) cache.delete(token);
    return null;
  }
  if (typeof claims.exp === 'number') {
    if (cache.size >= 10_000) cache.clear();
    cache.set(token, { claims, expiresAtMs: claims.exp * 1000 });
  }
  return claims;
}

type CachedSession = { row: ActiveViewerRow; read: ReadSet };
const sessionCache = new WeakMap<Db, Map<string, CachedSession>>();

/**
 * The live session behind a token, remembered while none of the tables its lookup read has
 * been written (TableVersions): a revocation, a status or permission change or a closed
 * organization forgets it, so revocation still takes effect on the very next request.
 */
function activeSessionUser(db: Db, sessionId: string, idleMs: number): ActiveViewerRow | undefined {
  let cache = sessionCache.get(db);
  if (!cache) sessionCache.set(db, (cache = new Map()));
  const versions = tableVersionsOf(db);
  const hit = cache.get(sessionId);
  const now = Date.now();
  if (hit && versions.unchanged(hit.read)) return hit.row.sessionExpiresAt > now && hit.row.sessionLastSeenAt >= now - idleMs ? hit.row : undefined;
  const { read, result: row } = versions.trackSync(() => findActiveSessionUser(db, sessionId, idleMs, now));
  if (row) {
    if (cache.size >= 10_000) cache.clear();
    cache.set(sessionId, { row, read });
  } else {
    cache.delete(sessionId);
  }
  return row;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
