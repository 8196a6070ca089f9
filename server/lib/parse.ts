import type { z } from 'zod';
import { badInput } from '../../shared/app-error.js';

/** Parses input with a shared zod schema; failures become BAD_USER_INPUT with field messages. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  throw badInput(first ? `${first[0] === '_' ? '' : `${first[0]}: `}${first[1]}` : 'Invalid input.', { fields });
}
