import { z } from 'zod';
import { passwordSchema } from './password-policy.js';
import { profileFieldsSchema } from './user.schemas.js';

/** updateMe: the profile fields plus a new password (which requires current_password). */
export const updateMeSchema = profileFieldsSchema.extend({ password: passwordSchema.optional() });

export const updatePasswordSchema = z.object({ current_password: z.string().max(1024), new_password: passwordSchema });
