import { z } from 'zod';
import { classifyEmailDomain } from './email-check.js';
import { emailSchema, fullNameSchema } from './user.schemas.js';
import { COMPANY_MAX, CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, HONEYPOT_FIELD, TEAM_SIZES } from './public-forms.limits.js';

const honeypot = z.string().max(2_000).optional();

const company = z.string().trim().max(COMPANY_MAX, `At most ${COMPANY_MAX} characters.`);

export const contactMessageSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  company: company.optional().transform((v) => v ?? ''),
  message: z.string().trim()
    .min(CONTACT_MESSAGE_MIN, `Write at least ${CONTACT_MESSAGE_MIN} characters.`)
    .max(CONTACT_MESSAGE_MAX, `At most ${CONTACT_MESSAGE_MAX.toLocaleString('en')} characters.`),
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactMessageInput = z.output<typeof contactMessageSchema>;

const WORK_EMAIL_MESSAGES = {
  free: 'Use your work email: free mail providers such as Gmail or Outlook are not accepted.',
  disposable: 'Use your work email: disposable mail addresses are not accepted.',
} as const;

const workEmailSchema = emailSchema.superRefine((email, ctx) => {
  const kind = classifyEmailDomain(email);
  if (kind) ctx.addIssue({ code: 'custom', message: WORK_EMAIL_MESSAGES[kind] });
});

export const guideLeadSchema = z.object({
  name: fullNameSchema,
  email: workEmailSchema,
  company: company.min(1, 'Enter your company.'),
  team_size: z.enum(TEAM_SIZES, 'Choose your team size.'),
  [HONEYPOT_FIELD]: honeypot,
});
export type GuideLeadInput = z.output<typeof guideLeadSchema>;
