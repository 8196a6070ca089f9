import type { Services } from '../../services.js';
import { INVITATION_LINK_DAYS, INVITATION_LINK_MS } from '../../../shared/invitations.js';
import { createOneTimeToken, expireOpenTokens } from './auth.repo.js';

const HOUR = 3_600_000;
export const LINK_TTL = { signup: 24 * HOUR, invite: INVITATION_LINK_MS, reset: HOUR, 'email-change': 24 * HOUR } as const;

function link(services: Pick<Services, 'config'>, page: string, token: string): string {
  return `${services.config.origin}${page}?token=${encodeURIComponent(token)}`;
}

export function sendSignUpLink(services: Services, email: string): void {
  expireOpenTokens(services.db, email, 'signup');
  const url = link(services, '/register', createOneTimeToken(services.db, { purpose: 'signup', email, ttlMs: LINK_TTL.signup }));
  services.mailer.send({
    organizationId: null,
    to: email,
    subject: 'Finish creating your Teamlens organization',
    text: `Open this link within 24 hours to create your organization:\n\n${url}\n`,
    link: url,
  });
}

/**
 * The invitation mail: a single-use link valid INVITATION_LINK_DAYS days. Any earlier invitation
 * link of the address stops working (docs/decisions/0027). Callers record invited_at.
 */
export function sendInvitation(
  services: Services,
  user: { id: string; email: string; full_name: string; organization_id: string },
  organizationName: string | null,
): void {
  expireOpenTokens(services.db, user.email, 'invite');
  const url = link(
    services,
    '/change-password',
    createOneTimeToken(services.db, { purpose: 'invite', email: user.email, userId: user.id, ttlMs: LINK_TTL.invite }),
  );
  const team = organizationName ? `${organizationName} on Teamlens` : 'your team on Teamlens';
  const text = `Hello ${user.full_name},\n\nYou are invited to join ${team}. Open this link within ${INVITATION_LINK_DAYS} days to choose your password:\n\n${url}\n\nThe link works once. If it has expired, use "Forgot your password?" on the sign-in page with this address to get a new one.\n`;
  services.mailer.send({ organizationId: user.organization_id, to: user.email, subject: 'You are invited to Teamlens', text, link: url });
}

/** A new one-hour, single-use password reset link; the person's earlier reset links stop working. */
export function passwordResetLink(services: Pick<Services, 'db' | 'config'>, user: { id: string; email: string }): string {
  expireOpenTokens(services.db, user.email, 'reset');
  return link(services, '/change-password', createOneTimeToken(services.db, { purpose: 'reset', email: user.email, userId: user.id, ttlMs: LINK_TTL.reset }));
}

export function sendPasswordReset(services: Services, user: { id: string; email: string; organization_id: string }): void {
  const url = passwordResetLink(services, user);
  services.mailer.send({
    organizationId: user.organization_id,
    to: user.email,
    subject: 'Reset your Teamlens password',
    text: `Open this link within one hour to choose a new password:\n\n${url}\n\nIf you did not ask for this, ignore this mail.`,
    link: url,
  });
}

export function sendEmailChangeLink(services: Services, user: { id: string; organization_id: string }, newEmail: string): void {
  expireOpenTokens(services.db, newEmail, 'email-change');
  const url = link(
    services,
    '/verify-email',
    createOneTimeToken(services.db, { purpose: 'email-change', email: newEmail, userId: user.id, ttlMs: LINK_TTL['email-change'] }),
  );
  services.mailer.send({
    organizationId: user.organization_id,
    to: newEmail,
    subject: 'Confirm your new Teamlens email',
    text: `Open this link to use this address for Teamlens:\n\n${url}\n`,
    link: url,
  });
}
