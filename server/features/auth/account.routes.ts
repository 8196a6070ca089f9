import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { startNewOrganization } from '../billing/billing.assign.js';
import { forgotPasswordSchema, registerSchema, setPasswordSchema, tokenSchema } from '../../../shared/account.schemas.js';
import { signUpSchema } from '../../../shared/work-email.schemas.js';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { replyBadInput } from '../../lib/parse.js';
import { hashPassword } from '../../lib/password.js';
import { nowIso } from '../../lib/tokens.js';
import { createOrganization } from '../org/org.repo.js';
import { emailTaken, findUserById, insertUser, updateUser } from '../users/users.repo.js';
import { passwordChanged, publishUserUpdated } from '../users/users.events.js';
import { inviteUsers } from '../users/users.invitations.js';
import { findAccountByEmail, findAccountById } from '../users/users.accounts.repo.js';
import { consumeOneTimeToken, createSession, expireOpenTokens, peekOneTimeToken } from './auth.repo.js';
import { AUTH_BASE_PATH, setSessionCookie, verifyCsrf } from './auth.http.js';
import { sendPasswordReset, sendSignUpLink } from './account-mail.js';
import { newId } from '../../lib/tokens.js';
import { SIGN_UP_CLOSED, SIGN_UP_CLOSED_MESSAGE, type SignUpStatus } from '../../../shared/install.js';
import { recordOperatorOrganization } from '../install/install.repo.js';
import { signUpState } from '../install/install.sign-up.js';
import { recordAudit } from '../audit/audit.repo.js';

const INVALID_LINK = { error: 'INVALID_LINK', message: 'This link is invalid, expired or already used. Ask for a new one.' };
const SIGN_UP_IS_CLOSED = { error: SIGN_UP_CLOSED, message: SIGN_UP_CLOSED_MESSAGE };
/** Reset requests per address in an hour, whatever the IP; the same for addresses with and without an account (docs/decisions/0045). */
export const RESETS_PER_ADDRESS_PER_HOUR = 3;
const RESETS_LIMITED = { error: 'RATE_LIMITED', message: 'Too many reset requests for this address. Try again in an hour.' };

/**
 * Account flows beside NextAuth's API: sign-up -> verification link -> register;
 * forgot password -> link -> new password; invitation link -> set password; email change.
 * Every POST needs the CSRF token from GET /api/auth/csrf, and is throttled per IP; reset
 * requests also per email address.
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { config, keys, db } = app.services;
  const limiter = new RateLimiter(20, 15 * 60_000);
  const resetsPerAddress = new RateLimiter(RESETS_PER_ADDRESS_PER_HOUR, 60 * 60_000);

  function guard<S extends z.ZodType>(request: FastifyRequest, reply: FastifyReply, schema: S): z.output<S> | null {
    if (!limiter.take(request.ip)) {
      void reply.code(429).send({ error: 'RATE_LIMITED', message: 'Too many requests. Try again in a few minutes.' });
      return null;
    }
    if (!verifyCsrf(request, config, keys.csrfSecret)) {
      void reply.code(403).send({ error: 'CSRF', message: 'The form expired. Reload the page and try again.' });
      return null;
    }
    const parsed = schema.safeParse(request.body);
    if (!parsed.success) {
      replyBadInput(reply, parsed.error);
      return null;
    }
    return parsed.data;
  }

  // Whether public sign-up is open, and whether the link goes out by email or stays in the outbox and server log.
  app.get(`${AUTH_BASE_PATH}/sign-up`, { config: { rule: 'PUBLIC' } }, async (): Promise<SignUpStatus> => ({
    open: signUpState(db, config).open,
    email_sent_by: app.services.mailer.smtpConfigured ? 'SMTP' : 'OUTBOX',
  }));

  app.post(`${AUTH_BASE_PATH}/sign-up`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    const input = guard(request, reply, signUpSchema);
    if (!input) return reply;
    if (!signUpState(db, config).open) return reply.code(403).send(SIGN_UP_IS_CLOSED);
    // Same answer whether or not the address already has an account (no enumeration).
    if (!emailTaken(db, input.email)) sendSignUpLink(app.services, input.email);
    return { ok: true, url: `${config.origin}/signup-complete?email=${encodeURIComponent(input.email)}` };
  });

  app.get(`${AUTH_BASE_PATH}/link`, { config: { rule: 'PUBLIC' } }, async (request) => {
    const token = String((request.query as Record<string, unknown>).token ?? '');
    const row = peekOneTimeToken(db, token, ['signup', 'invite', 'reset', 'email-change']);
    return row ? { valid: true, purpose: row.purpose, email: row.email } : { valid: false };
  });

  app.post(`${AUTH_BASE_PATH}/register`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    const input = guard(request, reply, registerSchema);
    if (!input) return reply;
    // Closed since the link was sent: refused, and the link stays unused should sign-up open again.
    if (!signUpState(db, config).open) return reply.code(403).send(SIGN_UP_IS_CLOSED);
    const passwordHash = await hashPassword(input.password);
    const result = db.transaction(() => {
      const link = consumeOneTimeToken(db, input.token, ['signup']);
      if (!link || emailTaken(db, link.email)) return null;
      const org = createOrganization(db, input.organization_name);
      recordOperatorOrganization(db, org.id); // only when it is the install's first organization
      const userId = newId();
      insertUser(db, {
        id: userId,
        organization_id: org.id,
        email: link.email,
        full_name: input.full_name,
        status: 'ACTIVE',
        permission_level: 'ADMIN',
        password_hash: passwordHash,
        last_password_update: nowIso(),
        email_verified: true,
        last_login: nowIso(),
      });
      startNewOrganization(db, config, org.id, new Date(app.services.scheduler.now())); // the operator's default plan (docs/decisions/0068)
      return { orgId: org.id, userId };
    });
    if (!result) return reply.code(400).send(INVALID_LINK);
    const { token, session } = createSession(db, {
      userId: result.userId,
      organizationId: result.orgId,
      maxAgeMs: config.sessionMaxAgeMs,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    setSessionCookie(reply, config, token, session.expires_at);
    return { ok: true, url: `${config.origin}/home/dashboard` };
  });

  app.post(`${AUTH_BASE_PATH}/forgot-password`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    const input = guard(request, reply, forgotPasswordSchema);
    if (!input) return reply;
    // Counted before the address is looked up: the answer never tells whether it has an account.
    if (!resetsPerAddress.take(input.email)) return reply.code(429).send(RESETS_LIMITED);
    const user = findAccountByEmail(db, input.email);
    // Same answer whatever the address (no enumeration). An invited person who never set a
    // password gets the invitation again (a new link; the earlier one stops working).
    if (user && !user.deleted_at && user.status === 'ACTIVE') sendPasswordReset(app.services, user);
    if (user && !user.deleted_at && user.status === 'INVITED') inviteUsers(app.services, user.organization_id, [user]);
    if (user && !user.deleted_at && user.status !== 'DEACTIVATED')
      recordAudit(db, {
        organizationId: user.organization_id,
        action: 'PASSWORD_RESET_REQUESTED',
        actorLabel: input.email,
        subjectUserId: user.id,
        subjectLabel: user.email,
        ip: request.ip,
        details: { sent: user.status === 'INVITED' ? 'invitation' : 'reset_link' },
      });
    return { ok: true };
  });

  app.post(`${AUTH_BASE_PATH}/change-password`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    const input = guard(request, reply, setPasswordSchema);
    if (!input) return reply;
    const passwordHash = await hashPassword(input.password);
    const link = consumeOneTimeToken(db, input.token, ['invite', 'reset']);
    const user = link?.user_id ? findAccountById(db, link.user_id) : undefined;
    // A link mailed to an address the account no longer uses (email changed since) is dead.
    if (!link || !user || user.deleted_at || user.status === 'DEACTIVATED' || user.email !== link.email) return reply.code(400).send(INVALID_LINK);
    updateUser(db, user.organization_id, user.id, {
      password_hash: passwordHash,
      last_password_update: nowIso(),
      email_verified: true,
      ...(user.status === 'INVITED' ? { status: 'ACTIVE' as const } : {}),
    });
    recordAudit(db, {
      organizationId: user.organization_id,
      action: 'PASSWORD_RESET_USED',
      actorUserId: user.id,
      actorLabel: user.email,
      subjectUserId: user.id,
      subjectLabel: user.email,
      ip: request.ip,
      details: { link_kind: link.purpose === 'invite' ? 'invitation' : 'password_reset' },
    });
    passwordChanged(app.services, user.id);
    publishUserUpdated(app.services, [user.id]);
    return { ok: true, url: `${config.origin}/login?reset=1` };
  });

  app.post(`${AUTH_BASE_PATH}/verify-email`, { config: { rule: 'PUBLIC' } }, async (request, reply) => {
    const input = guard(request, reply, tokenSchema);
    if (!input) return reply;
    const result = db.transaction(() => {
      const link = consumeOneTimeToken(db, input.token, ['email-change']);
      if (!link?.user_id || emailTaken(db, link.email)) return null;
      const user = findAccountById(db, link.user_id);
      if (!user || user.deleted_at) return null;
      // An invited person's invitation went to the old address: it stops working, and they are "not
      // invited" at the new one until an admin sends it (docs/decisions/0027, 0057).
      updateUser(db, user.organization_id, user.id, { email: link.email, email_verified: true, ...(user.status === 'INVITED' ? { invited_at: null } : {}) });
      if (user.status === 'INVITED') expireOpenTokens(db, user.email, 'invite');
      return findUserById(db, user.organization_id, user.id);
    });
    if (!result) return reply.code(400).send(INVALID_LINK);
    publishUserUpdated(app.services, [result.id]);
    return { ok: true, email: result.email };
  });
}
