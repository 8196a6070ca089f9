import { createEmailCheck, type EmailCheck } from '../../../shared/email-check.js';
import type { Db } from '../../db/connection.js';
import { findOrganization } from './org.repo.js';

/** The email check with the organization's own allowed and blocked domains applied. */
export function organizationEmailCheck(db: Db, organizationId: string): EmailCheck {
  const org = findOrganization(db, organizationId);
  return createEmailCheck({ allowed: org?.allowed_email_domains ?? [], blocked: org?.blocked_email_domains ?? [] });
}
