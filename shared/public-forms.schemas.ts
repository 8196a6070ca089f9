import { z } from 'zod';
import { emailSchema, fullNameSchema } from './user.schemas.js';
import { COMPANY_MAX, CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, HONEYPOT_FIELD, TEAM_SIZES } from './public-forms.limits.js';
import { formatNumber } from './format.js';

const honeypot = z.string().max(2_000).optional();

const company = z.string().trim().max(COMPANY_MAX, `At most ${COMPANY_MAX} characters.`);

export const contactMessageSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  company: company.optional().transform((v) => v ?? ''),
  message: z
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Write at least ${CONTACT_MESSAGE_MIN} characters.`)
    .max(CONTACT_MESSAGE_MAX, `At most ${formatNumber(CONTACT_MESSAGE_MAX)} characters.`),
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactMessageInput = z.output<typeof contactMessageSchema>;

/**
 * The guide's lead form as the page checks it: the format only. The server parses with
 * shared/work-email.schemas.ts `guideLeadSchema`, which also refuses free and disposable
 * mail domains (their lists stay on the server: docs/decisions/0061).
 */
export const guideLeadSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  company: company.min(1, 'Enter your company.'),
  team_size: z.enum(TEAM_SIZES, 'Choose your team size.'),
  [HONEYPOT_FIELD]: honeypot,
});
export type GuideLeadInput = z.output<typeof guideLeadSchema>;
