import { z } from 'zod';
import { PERMISSION_LEVELS, USER_STATUSES, WIDGET_TYPES } from './enums.js';
import { BIO_MAX, FULL_NAME_MAX, TEXT_FIELD_MAX } from './limits.js';
import { isTimeZone } from './format.js';

/** Trimmed text; an empty string means "clear the field" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .transform((v) => (v === '' ? null : v))
    .nullish();

export const emailSchema = z.string().trim().toLowerCase().max(254, 'At most 254 characters.').pipe(z.email('Enter a valid email address.'));
export const fullNameSchema = z.string().trim().min(1, 'Enter a name.').max(FULL_NAME_MAX, `At most ${FULL_NAME_MAX} characters.`);

export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine((tz) => tz === '' || isTimeZone(tz), 'Unknown time zone.')
  .transform((v) => (v === '' ? null : v))
  .nullish();

export const phoneSchema = z
  .string()
  .trim()
  .max(32)
  .regex(/^$|^\+?[0-9 ()./-]{4,32}$/, 'Enter a phone number with digits, spaces and an optional leading +.')
  .transform((v) => (v === '' ? null : v))
  .nullish();

const id = z.string().min(1).max(64);

/**
 * updateMe's fields other than the new password. The password rules (and their ~200 kB
 * common-password list) live in shared/me.schemas.ts, so screens that only edit a profile
 * do not load them.
 */
export const profileFieldsSchema = z.object({
  email: emailSchema.optional(),
  current_password: z.string().max(1024).optional(),
  full_name: fullNameSchema.optional(),
  location: optionalText(TEXT_FIELD_MAX),
  bio: optionalText(BIO_MAX),
  profile_picture_id: id.nullish(),
  time_zone: timeZoneSchema,
  phone_number: phoneSchema,
  role: optionalText(TEXT_FIELD_MAX),
  notifications: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
  selected_team_ids: z.array(id).max(1, 'A person belongs to one team.').optional(),
});

export const updateUserSchema = z.object({
  full_name: fullNameSchema.optional(),
  role: optionalText(TEXT_FIELD_MAX),
  location: optionalText(TEXT_FIELD_MAX),
  bio: optionalText(BIO_MAX),
  time_zone: timeZoneSchema,
  phone_number: phoneSchema,
  manager_id: id.nullish(),
  team_id: id.nullish(),
  subdepartment_id: id.nullish(),
  status: z.enum(USER_STATUSES).optional(),
  excluded_review_automation: z.boolean().optional(),
  slack_id: optionalText(64),
  jira_account_id: optionalText(128),
  azure_boards_user_id: optionalText(128),
});

export const adminUserSchema = z.object({
  github_user: optionalText(64),
  bitbucket_account_id: optionalText(128),
  azure_email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.union([z.literal(''), z.email('Enter a valid email address.')]))
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  full_name: fullNameSchema.optional(),
  email: emailSchema.optional(),
  role: optionalText(TEXT_FIELD_MAX),
  permission_level: z.enum(PERMISSION_LEVELS).optional(),
});

export const widgetPreferencesSchema = z
  .array(z.enum(WIDGET_TYPES))
  .max(WIDGET_TYPES.length)
  .transform((list) => [...new Set(list)]);
export const idListSchema = z.array(id).min(1, 'Give at least one id.').max(5000, 'At most 5,000 ids at once.');
