import type { FieldErrors, SubmitOutcome } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';

/**
 * A server refusal next to the field it is about: extensions.fields, "field: message"
 * prefixes, and name conflicts go to `nameField`; anything else above the form.
 */
export function serverErrorOutcome(err: unknown, known: readonly string[], nameField: string): SubmitOutcome {
  if (!(err instanceof GraphqlError)) return { formError: 'The server could not be reached. Check your connection and try again.' };
  const fieldErrors: FieldErrors = {};
  for (const [key, message] of Object.entries(err.fields)) if (known.includes(key)) fieldErrors[key] = message;
  const prefixed = /^([a-z_]+): (.+)$/.exec(err.message);
  if (prefixed && known.includes(prefixed[1]!)) fieldErrors[prefixed[1]!] ??= prefixed[2]!;
  if (err.code === 'CONFLICT') fieldErrors[nameField] ??= err.message;
  return Object.keys(fieldErrors).length ? { fieldErrors } : { formError: err.message };
}

/** The message of any failed call, for alerts. */
export const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : 'Something went wrong. Try again.');
