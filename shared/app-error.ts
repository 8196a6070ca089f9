import type { ErrorCode } from './errors.js';

/** The one error type domain code throws; the formatter maps it to extensions.code. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = (msg = 'Sign in to continue.') => new AppError('UNAUTHENTICATED', msg);
export const forbidden = (msg = 'You are not allowed to do this.') => new AppError('FORBIDDEN', msg);
export const notFound = (what = 'Item') => new AppError('NOT_FOUND', `${what} not found.`);
export const badInput = (msg: string, details?: Record<string, unknown>) => new AppError('BAD_USER_INPUT', msg, details);
export const conflict = (msg: string) => new AppError('CONFLICT', msg);
export const rateLimited = (msg = 'Too many requests. Try again later.') => new AppError('RATE_LIMITED', msg);

/**
 * A save based on a version that someone else has saved over since (docs/decisions/0059): nothing
 * is saved; the form keeps the person's text so they can compare and save again.
 */
export const staleSave = (what: string) =>
  conflict(
    `Someone else saved this ${what} after you opened it, so your changes were not saved. They are still in the form: copy what you need, reload to see the other version, then save again.`,
  );
export const billingReadOnly = (msg: string) => new AppError('BILLING_READ_ONLY', msg);
