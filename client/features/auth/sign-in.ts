import { z } from 'zod';
import { emailSchema } from '../../../shared/user.schemas.js';

/**
 * The sign-in form. Only presence and email format are checked here: the password rules
 * apply when a password is set, not when it is typed to sign in.
 */
export const signInFormSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').pipe(emailSchema),
  password: z.string().min(1, 'Enter your password.').max(1024),
});

export const SIGN_IN_MESSAGES: Record<string, string> = {
  CredentialsSignin: 'Sign in failed. Check the details you provided are correct.',
  SessionRequired: 'Please sign in to access this page.',
  LoginBlocked: 'Too many failed attempts. Wait a few minutes, then try again.',
  // The server could not record the sign-in (docs/decisions/0058).
  StorageFull: 'The server is out of storage, so signing in is not possible right now. Try again later.',
  StorageUnavailable: 'The server cannot use its storage, so signing in is not possible right now. Try again later.',
  Default: 'Unable to sign in.',
};

export function signInMessage(code: string): string {
  return SIGN_IN_MESSAGES[code] ?? SIGN_IN_MESSAGES.Default!;
}
