/** Limits of the public forms (contact, get-the-guide), shared by the pages and the server. */
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5_000;
export const COMPANY_MAX = 120;
/** The JSON body of a public form may not be larger than this (bytes). */
export const PUBLIC_FORM_BODY_LIMIT = 16 * 1024;
/** Submissions per client address per hour, per form. */
export const PUBLIC_FORM_HOURLY_LIMIT = 5;

export const TEAM_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export type TeamSize = (typeof TEAM_SIZES)[number];

/**
 * Honeypot: a field people never see (hidden from view and from assistive technology).
 * A bot that fills it gets the same success answer, and nothing is stored.
 */
export const HONEYPOT_FIELD = 'website';
