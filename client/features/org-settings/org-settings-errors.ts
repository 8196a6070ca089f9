import type { SubmitOutcome } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';

const FIELD_CODES = new Set(['BAD_USER_INPUT', 'CONFLICT', 'FORBIDDEN', 'RATE_LIMITED']);

/**
 * A refused mutation as a form outcome: the server's field messages where it names fields
 * (`fields.name`, or `fields["blocked_email_domains.2"]` for a list entry, mapped by `rename`);
 * otherwise input refusals (BAD_USER_INPUT, CONFLICT, FORBIDDEN, RATE_LIMITED) next to `field`,
 * and anything else as the form's error. Errors that are not GraphQL answers are rethrown.
 */
export function outcomeOfError(error: unknown, field: string, rename: (serverField: string) => string = (f) => f): SubmitOutcome {
  if (!(error instanceof GraphqlError)) throw error;
  const entries = Object.entries(error.fields);
  if (entries.length) {
    const fieldErrors: Record<string, string> = {};
    for (const [name, message] of entries) fieldErrors[rename(name)] ??= message;
    return { fieldErrors };
  }
  if (error.code && FIELD_CODES.has(error.code)) return { fieldErrors: { [field]: error.message } };
  return { formError: error.message };
}
