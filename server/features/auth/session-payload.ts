import type { FastifyInstance } from 'fastify';
import { signMediaPolicy } from '../../lib/media-signing.js';
import { findActiveSessionUser, touchSession, type SessionRecord } from './auth.repo.js';
import { signAccessToken } from './viewer.js';

/** How stale `last_seen_at` may get before GET session writes it again. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * Records the session's activity. On a full or failing disk it is skipped and logged: the person
 * keeps reading with their session (docs/decisions/0058); only the idle limit counts from the last
 * check that could be recorded.
 */
function touchWhenPossible(app: FastifyInstance, sessionId: string, now: number): void {
  try {
    touchSession(app.services.db, sessionId, now);
  } catch (err) {
    if (!app.services.storage.report(err, 'session check')) throw err;
  }
}

export function mediaResourcePrefix(organizationId: string): string {
  return `/api/media/${organizationId}/`;
}

/**
 * GET /api/auth/session body: NextAuth's {user, expires} plus the fields the web app reads
 * (access_token, data.organization.id, cf_cookies; docs/protocols.md). Nothing else.
 */
export function buildSessionPayload(app: FastifyInstance, session: SessionRecord) {
  const { config, db, keys } = app.services;
  const now = Date.now();
  if (session.revoked_at !== null || session.expires_at <= now || now - session.last_seen_at > config.sessionIdleMs) return null;
  const row = findActiveSessionUser(db, session.id, config.sessionIdleMs, now);
  if (!row) return null;
  // Idle tracking needs minutes, not milliseconds: at most one write a minute per session, so
  // the checks every tab makes (on load, every 60 s, on focus) do not each write (the response
  // cache no longer depends on sessions: docs/decisions/0039).
  if (now - session.last_seen_at >= SESSION_TOUCH_INTERVAL_MS) touchWhenPossible(app, session.id, now);
  const mediaExpires = Math.floor(Math.min(session.expires_at, now + 3_600_000) / 1000);
  const image = row.profilePictureId ? `${config.origin}/api/media/${row.organizationId}/${row.profilePictureId}` : null;
  return {
    user: { id: row.userId, name: row.fullName, email: row.email, image },
    expires: new Date(session.expires_at).toISOString(),
    access_token: signAccessToken(app, { userId: row.userId, organizationId: row.organizationId, sessionId: row.sessionId }),
    data: { organization: { id: row.organizationId } },
    cf_cookies: signMediaPolicy(keys.mediaSecret, { resource: mediaResourcePrefix(row.organizationId), expires: mediaExpires }),
  };
}
