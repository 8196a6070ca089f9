import { z } from 'zod';
import { emailSchema, fullNameSchema, updateMeSchema } from '../../../shared/user.schemas.js';

/** The own-profile form: the shared updateMe rules, with the name required. */
export const profileFormSchema = z.object({
  full_name: fullNameSchema,
  role: updateMeSchema.shape.role,
  location: updateMeSchema.shape.location,
  bio: updateMeSchema.shape.bio,
  time_zone: updateMeSchema.shape.time_zone,
  phone_number: updateMeSchema.shape.phone_number,
});

export const emailChangeSchema = z.object({
  email: emailSchema,
  current_password: z.string().min(1, 'Enter your current password.').max(1024),
});
