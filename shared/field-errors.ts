import type { z } from 'zod';

/** Messages by field ("sections.0.title"; "_" for the whole input): zod issues, the first one per field. */
export type FieldErrors = Record<string, string>;

/** zod issues to one message per field, as forms show them and the API returns them in `fields`. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) out[issue.path.join('.') || '_'] ??= issue.message;
  return out;
}
