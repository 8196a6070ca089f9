import { z } from 'zod';
import { ONBOARDING_PHASES } from './enums.js';

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@|^\*\./, ''))
  .pipe(
    z
      .string()
      .max(253)
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter domains like example.com.'),
  );

export const domainListSchema = z
  .array(domain)
  .max(500, 'At most 500 domains.')
  .transform((list) => [...new Set(list)]);

export const updateOrganizationSchema = z.object({
  name: z.string().trim().min(2, 'Enter the organization name.').max(120).optional(),
  profile_picture_id: z.string().min(1).max(64).nullish(),
  onboarding_phase: z.enum(ONBOARDING_PHASES).optional(),
  is_onboarding_phase_skipped: z.boolean().optional(),
  allowed_email_domains: domainListSchema.optional(),
  blocked_email_domains: domainListSchema.optional(),
});
