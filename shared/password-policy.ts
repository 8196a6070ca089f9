import { dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.js';

let common: Set<string> | null = null;
/** ~49k common passwords from zxcvbn-ts's maintained list, loaded once. */
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

/** Length counts characters (code points), not bytes, so emoji passwords are fine. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (commonPasswords().has(password.toLowerCase())) return 'This password is too common. Choose another one.';
  return null;
}

/** The one password rule (ASVS 6.2): length 12+, not common, no composition rules. */
export const passwordSchema = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
