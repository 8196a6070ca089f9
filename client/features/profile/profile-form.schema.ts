import { z } from 'zod';
import { emailSchema, fullNameSchema, profileFieldsSchema } from '../../../shared/user.schemas.js';

/** The own-profile form: the shared updateMe rules, with the name required. */
export const profileFormSchema = z.object({
  full_name: fullNameSchema,
  role: profileFieldsSchema.shape.role,
  location: profileFieldsSchema.shape.location,
  bio: profileFieldsSchema.shape.bio,
  time_zone: profileFieldsSchema.shape.time_zone,
  phone_number: profileFieldsSchema.shape.phone_number,
});

export const emailChangeSchema = z.object({
  email: emailSchema,
  current_password: z.string().min(1, 'Enter your current password.').max(1024),
});
