/**
 * The edit dialog's rules, made of the shared server schemas (shared/user.schemas.ts), so the
 * form says exactly what updateUserByAdmin and updateOneUser would say. Loaded on demand:
 * that module also carries the password rules and their word list.
 */
import { z } from 'zod';
import { adminUserSchema, updateUserSchema } from '../../../shared/user.schemas.js';

/** A <select> sends "" for "none". */
const optionalId = z
  .string()
  .max(64)
  .transform((v) => (v === '' ? null : v));

export const accountFieldsSchema = adminUserSchema.required({ full_name: true, email: true, permission_level: true });

export const adminUserEditSchema = accountFieldsSchema.extend({
  ...updateUserSchema.pick({ location: true, time_zone: true, slack_id: true, jira_account_id: true, azure_boards_user_id: true }).shape,
  status: updateUserSchema.shape.status.unwrap(),
  team_id: optionalId,
  manager_id: optionalId,
  subdepartment_id: optionalId,
});
export type AdminUserEdit = z.output<typeof adminUserEditSchema>;

export const ACCOUNT_KEYS = ['full_name', 'email', 'role', 'permission_level', 'github_user', 'bitbucket_account_id', 'azure_email'] as const;
