/**
 * The forms whose email must be a work address (sign-up, the guide's lead form), as the server
 * checks them: the shared format rules plus the free-mail and disposable-domain lists of
 * shared/email-check.ts. Server only: the lists weigh about 1 MB, so no page downloads them
 * (eslint.config.js refuses this module and the lists in client/). The pages check the format
 * on the spot and show the server's field error for a listed domain (docs/decisions/0061).
 */
import { z } from 'zod';
import { classifyEmailDomain, type EmailDomainClass } from './email-check.js';
import { guideLeadSchema as guideLeadFormSchema } from './public-forms.schemas.js';
import { emailSchema } from './user.schemas.js';

type Messages = Record<EmailDomainClass, string>;

export const SIGN_UP_EMAIL_MESSAGES: Messages = {
  free: 'Use your work email: free mail providers such as Gmail or Outlook cannot create an organization.',
  disposable: 'Use your work email: disposable mail addresses cannot create an organization.',
};

export const GUIDE_EMAIL_MESSAGES: Messages = {
  free: 'Use your work email: free mail providers such as Gmail or Outlook are not accepted.',
  disposable: 'Use your work email: disposable mail addresses are not accepted.',
};

/** An email address whose domain no list blocks, with a message saying which list refused it. */
function workEmailSchema(messages: Messages) {
  return emailSchema.superRefine((email, ctx) => {
    const kind = classifyEmailDomain(email);
    if (kind) ctx.addIssue({ code: 'custom', message: messages[kind] });
  });
}

export const signUpSchema = z.object({ email: workEmailSchema(SIGN_UP_EMAIL_MESSAGES) });
export const guideLeadSchema = guideLeadFormSchema.extend({ email: workEmailSchema(GUIDE_EMAIL_MESSAGES) });
