/** Install-level settings shared by server and client (server/features/install). */

/** The `error` of a refused sign-up (POST /api/auth/sign-up and /api/auth/register) while sign-up is closed. */
export const SIGN_UP_CLOSED = 'SIGNUP_CLOSED';
export const SIGN_UP_CLOSED_MESSAGE =
  'This Teamlens server does not accept new organizations. To join your team, ask an admin of your organization to invite you.';

/** Where the SIGNUP state comes from: the environment variable, an operator admin's choice, or the default. */
export const SIGN_UP_SOURCES = ['ENV', 'SETTING', 'DEFAULT'] as const;
export type SignUpSource = (typeof SIGN_UP_SOURCES)[number];

/** GET /api/auth/sign-up: what the public sign-up pages need to know, nothing more. */
export type SignUpStatus = { open: boolean; email_sent_by: 'SMTP' | 'OUTBOX' };
