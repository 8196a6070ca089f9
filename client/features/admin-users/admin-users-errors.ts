import type { FieldErrors, SubmitOutcome } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { PartlySavedError } from './admin-users.api.js';

const KNOWN = [
  'full_name',
  'email',
  'role',
  'permission_level',
  'status',
  'team_id',
  'manager_id',
  'location',
  'time_zone',
  'github_user',
  'bitbucket_account_id',
  'azure_email',
  'jira_account_id',
  'slack_id',
  'azure_boards_user_id',
  'team',
  'manager_email',
];

/** Rules the server states in words, mapped to the field they are about. */
const BY_MESSAGE: Array<[RegExp, string]> = [
  [/already uses this email/i, 'email'],
  [/at least one admin/i, 'permission_level'],
  [/deactivate yourself/i, 'status'],
  [/own manager/i, 'manager_id'],
];

/** A server error next to the field it is about ("email: ..." messages, extensions.fields, known rules); otherwise above the form. */
export function serverErrorOutcome(err: unknown): SubmitOutcome {
  if (err instanceof PartlySavedError) {
    const rest = serverErrorOutcome(err.cause) ?? {};
    const note = 'Name, email, role, permission level and the GitHub, Bitbucket and Azure email fields were saved; the rest was not.';
    return {
      fieldErrors: rest.fieldErrors ?? {},
      formError: `${note} ${rest.fieldErrors && Object.keys(rest.fieldErrors).length ? 'See the messages below the fields.' : (rest.formError ?? '')}`.trim(),
    };
  }
  if (!(err instanceof GraphqlError)) return { formError: 'The server could not be reached. Check your connection and try again.' };
  const fieldErrors: FieldErrors = {};
  for (const [key, message] of Object.entries(err.fields)) if (KNOWN.includes(key)) fieldErrors[key] = message;
  const prefixed = /^([a-z_]+): (.+)$/.exec(err.message);
  if (prefixed && KNOWN.includes(prefixed[1]!)) fieldErrors[prefixed[1]!] ??= prefixed[2]!;
  for (const [pattern, key] of BY_MESSAGE) if (pattern.test(err.message)) fieldErrors[key] ??= err.message;
  return Object.keys(fieldErrors).length ? { fieldErrors, formError: 'Some fields need a change; see the messages below them.' } : { formError: err.message };
}
