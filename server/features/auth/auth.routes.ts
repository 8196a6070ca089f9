import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { topics } from '../../graphql/pubsub.js';
import { findSessionByToken, revokeSession } from './auth.repo.js';
import {
  AUTH_BASE_PATH,
  authBase,
  bodyField,
  clearSessionCookie,
  cookieNames,
  ensureCsrfToken,
  isCrossSite,
  noStore,
  safeCallbackUrl,
  sendUrl,
  setSessionCookie,
  verifyCsrf,
} from './auth.http.js';
import { buildSessionPayload } from './session-payload.js';
import { signInWithPassword } from './sign-in.js';
import { recordAudit } from '../audit/audit.repo.js';
import { SignInError } from '../../../shared/errors.js';
import type { StorageFailure } from '../../db/storage-errors.js';

const SIGN_IN_ERRORS = new Set([
  'Signin',
  'OAuthSignin',
  'OAuthCallback',
  'OAuthCreateAccount',
  'EmailCreateAccount',
  'Callback',
  'OAuthAccountNotLinked',
  'EmailSignin',
  'CredentialsSignin',
  'SessionRequired',
  'LoginBlocked',
  SignInError.StorageFull,
  SignInError.StorageUnavailable,
]);

/** A sign-in the server could not record (its storage is full or failing): 503 and a code the sign-in page words plainly (docs/decisions/0058). */
const storageSignInError = (failure: StorageFailure) => (failure.code === 'STORAGE_FULL' ? SignInError.StorageFull : SignInError.StorageUnavailable);

/** The NextAuth v4 REST API (docs/protocols.md), with server-side revocable sessions. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { config, keys, db, pubsub, log, storage } = app.services;
  const base = authBase(config);
  const logLimiter = new RateLimiter(30, 60_000);

  const currentSessionToken = (request: FastifyRequest): string | undefined => request.cookies[cookieNames(config).session] || undefined;

  function sessionResponse(request: FastifyRequest, reply: FastifyReply) {
    ensureCsrfToken(request, reply, config, keys.csrfSecret);
    const token = currentSessionToken(request);
    if (!token) return {};
    const session = token.length <= 100 ? findSessionByToken(db, token) : undefined;
    const payload = session ? buildSessionPayload(app, session) : null;
    if (!payload) {
      clearSessionCookie(reply, config);
      return {};
    }
    return payload;
  }

  function endSession(request: FastifyRequest, reply: FastifyReply): void {
    const token = currentSessionToken(request);
    const session = token && token.length <= 100 ? findSessionByToken(db, token) : undefined;
    if (session) {
      try {
        revokeSession(db, session.id);
        if (!session.revoked_at)
          recordAudit(db, {
            organizationId: session.organization_id,
            action: 'SESSIONS_REVOKED',
            actorUserId: session.user_id,
            subjectUserId: session.user_id,
            ip: request.ip,
            details: { scope: 'this_device', count: 1 },
          });
      } catch (err) {
        // Storage full or failing: the browser is still signed out (its cookie goes, its sockets close) and the log says so (docs/decisions/0058).
        if (!storage.report(err, 'sign-out')) throw err;
      }
      pubsub.publish(topics.sessionRevoked, { sessionIds: [session.id] });
    }
    clearSessionCookie(reply, config);
  }

  // A body the client never sends (bad JSON, too large, unknown Content-Type) still gets
  // NextAuth's {url} shape on the sign-in route: next-auth/react's signIn() does
  // `new URL(data.url)` and throws on anything else (docs/protocols.md, security bar 7).
  app.setErrorHandler((error, request, reply) => {
    if (request.routeOptions.url !== `${AUTH_BASE_PATH}/callback/:provider`) throw error;
    const code = (error as { statusCode?: unknown }).statusCode;
    const status = typeof code === 'number' && code >= 400 && code < 500 ? code : 500;
    const failure = status >= 500 ? storage.report(error, 'sign-in') : null;
    if (failure) return reply.code(503).send({ url: `${base}/error?error=${storageSignInError(failure)}&provider=credentials` });
    if (status >= 500) log.error({ err: error, reqId: request.id }, 'sign-in request failed');
    return reply.code(status).send({ url: `${base}/error?error=Default` });
  });

  app.get(`${AUTH_BASE_PATH}/session`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    noStore(reply);
    return sessionResponse(request, reply);
  });

  app.post(`${AUTH_BASE_PATH}/session`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    if (!verifyCsrf(request, config, keys.csrfSecret)) return reply.code(400).send({});
    // `data` from the client never changes identity or rights: the session is re-read from the store.
    return sessionResponse(request, reply);
  });

  app.get(`${AUTH_BASE_PATH}/csrf`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    noStore(reply);
    return { csrfToken: ensureCsrfToken(request, reply, config, keys.csrfSecret) };
  });

  app.get(`${AUTH_BASE_PATH}/providers`, { config: { rule: 'PUBLIC' } }, async () => ({
    credentials: {
      id: 'credentials',
      name: 'Email and password',
      type: 'credentials',
      signinUrl: `${base}/signin/credentials`,
      callbackUrl: `${base}/callback/credentials`,
    },
  }));

  app.post(`${AUTH_BASE_PATH}/callback/:provider`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    const { provider } = request.params as { provider: string };
    if (provider !== 'credentials' || !verifyCsrf(request, config, keys.csrfSecret)) return sendUrl(request, reply, `${base}/signin?csrf=true`);
    const callbackUrl = safeCallbackUrl(config, bodyField(request, 'callbackUrl') ?? (request.query as Record<string, unknown>).callbackUrl);
    const email = bodyField(request, 'email') ?? bodyField(request, 'username') ?? '';
    const password = bodyField(request, 'password') ?? '';
    try {
      const result = await signInWithPassword(app, { email, password, ip: request.ip, userAgent: request.headers['user-agent'] });
      if (!result.ok) {
        const status = result.reason === 'LoginBlocked' ? 429 : 401;
        return sendUrl(request, reply, `${base}/error?error=${result.reason}&provider=credentials`, status);
      }
      // A stale session cookie from before sign-in is replaced, never reused (ASVS 7.2.4).
      const old = currentSessionToken(request);
      const oldSession = old && old.length <= 100 ? findSessionByToken(db, old) : undefined;
      if (oldSession) revokeSession(db, oldSession.id);
      setSessionCookie(reply, config, result.token, result.expiresAt);
      return sendUrl(request, reply, callbackUrl);
    } catch (err) {
      // The attempt, the session or the audit event could not be written: no session, whatever the password (docs/decisions/0058).
      const failure = storage.report(err, 'sign-in');
      if (failure) return sendUrl(request, reply, `${base}/error?error=${storageSignInError(failure)}&provider=credentials`, 503);
      log.error({ err, reqId: request.id }, 'sign-in failed with an internal error');
      return sendUrl(request, reply, `${base}/error?error=Default`, 500);
    }
  });

  app.post(`${AUTH_BASE_PATH}/signin/:provider`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    const { provider } = request.params as { provider: string };
    if (provider !== 'credentials' || !verifyCsrf(request, config, keys.csrfSecret)) return sendUrl(request, reply, `${base}/signin?csrf=true`);
    return sendUrl(request, reply, `${base}/signin`);
  });

  app.post(`${AUTH_BASE_PATH}/signout`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    if (!verifyCsrf(request, config, keys.csrfSecret)) return sendUrl(request, reply, `${base}/signout?csrf=true`);
    endSession(request, reply);
    return sendUrl(request, reply, safeCallbackUrl(config, bodyField(request, 'callbackUrl')));
  });

  // Called by a tab when another tab logged out (docs/product/session.md). Same-origin only.
  app.post(`${AUTH_BASE_PATH}/logout`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    if (isCrossSite(request, config)) return reply.code(403).send({ error: 'FORBIDDEN' });
    endSession(request, reply);
    return { url: `${config.origin}/logout` };
  });

  app.post(`${AUTH_BASE_PATH}/_log`, { bodyLimit: 8192, config: { rule: 'PUBLIC' } }, async (request, reply) => {
    if (!logLimiter.take(request.ip)) return reply.code(429).send({});
    const body = (request.body ?? {}) as Record<string, unknown>;
    const clean = (v: unknown) => (typeof v === 'string' ? v.replace(/[\r\n\u2028\u2029]/g, ' ').slice(0, 500) : undefined);
    const level = body.level === 'error' || body.level === 'warn' || body.level === 'debug' ? body.level : 'info';
    log[level]({ event: 'client_log', client: true, ip: request.ip, code: clean(body.code), message: clean(body.message) }, 'client log');
    return reply.code(200).send({});
  });

  app.get(`${AUTH_BASE_PATH}/error`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    const error = String((request.query as Record<string, unknown>).error ?? 'Default');
    const code = SIGN_IN_ERRORS.has(error) ? error : 'Default';
    const page = code === 'LoginBlocked' ? '/login-blocked' : `/login?error=${code}`;
    return reply.redirect(`${config.origin}${page}`, 302);
  });

  app.get(`${AUTH_BASE_PATH}/signin`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const params = new URLSearchParams();
    if (typeof query.callbackUrl === 'string') params.set('callbackUrl', safeCallbackUrl(config, query.callbackUrl));
    if (typeof query.error === 'string' && SIGN_IN_ERRORS.has(query.error)) params.set('error', query.error);
    const qs = params.toString();
    return reply.redirect(`${config.origin}/login${qs ? `?${qs}` : ''}`, 302);
  });
}

/** Anything else under /api/auth: NextAuth's 400 text, never a 500. Registered last. */
export async function authFallbackRoute(app: FastifyInstance): Promise<void> {
  app.all(`${AUTH_BASE_PATH}/*`, { config: { rule: 'PUBLIC' } }, async (request, reply) =>
    reply.code(400).type('text/plain').send(`Error: This action with HTTP ${request.method} is not supported.`),
  );
}
