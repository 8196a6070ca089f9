import { z } from 'zod';
import { passwordSchema } from './password-policy.js';
import { emailSchema, fullNameSchema } from './user.schemas.js';

// The sign-up schema checks the free-mail and disposable lists: shared/work-email.schemas.ts (server only).
export const registerSchema = z.object({
  token: z.string().min(20).max(100),
  organization_name: z.string().trim().min(2, 'Enter the organization name.').max(120),
  full_name: fullNameSchema,
  password: passwordSchema,
});
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const setPasswordSchema = z.object({ token: z.string().min(20).max(100), password: passwordSchema });
export const tokenSchema = z.object({ token: z.string().min(20).max(100) });
