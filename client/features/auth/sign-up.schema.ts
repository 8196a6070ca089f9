import { classifyEmailDomain } from '../../../shared/email-check.js';
import { signInFormSchema } from './sign-in.js';

const MESSAGES = {
  free: 'Use your work email: free mail providers such as Gmail or Outlook cannot create an organization.',
  disposable: 'Use your work email: disposable mail addresses cannot create an organization.',
} as const;

/**
 * The sign-up form: the shared work-email check (shared/email-check.ts) with a message
 * that says which rule refused the address. The server checks again with
 * shared/account.schemas.ts `signUpSchema`. (Importing that module here would also load
 * the password dictionary through password-policy.ts.)
 */
export const signUpFormSchema = signInFormSchema.pick({ email: true }).superRefine(({ email }, ctx) => {
  const kind = classifyEmailDomain(email);
  if (kind) ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES[kind] });
});
