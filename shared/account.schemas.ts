import { z } from 'zod';
import { isBlockedEmail } from './email-check.js';
import { passwordSchema } from './password-policy.js';
import { emailSchema, fullNameSchema } from './user.schemas.js';

export const WORK_EMAIL_MESSAGE = 'Use your work email: free and disposable mail providers cannot create an organization.';

export const workEmailSchema = emailSchema.refine((email) => !isBlockedEmail(email), WORK_EMAIL_MESSAGE);

export const signUpSchema = z.object({ email: workEmailSchema });
export const registerSchema = z.object({
  token: z.string().min(20).max(100),
  organization_name: z.string().trim().min(2, 'Enter the organization name.').max(120),
  full_name: fullNameSchema,
  password: passwordSchema,
});
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const setPasswordSchema = z.object({ token: z.string().min(20).max(100), password: passwordSchema });
export const tokenSchema = z.object({ token: z.string().min(20).max(100) });
