import type { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { badInput } from '../../shared/app-error.js';
import { fieldErrorsOf } from '../../shared/field-errors.js';

/** Parses input with a shared zod schema; failures become BAD_USER_INPUT with field messages. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  const first = Object.entries(fields)[0];
  throw badInput(first ? `${first[0] === '_' ? '' : `${first[0]}: `}${first[1]}` : 'Invalid input.', { fields });
}

/** The REST form of the same refusal: 400 with the first message and every field's. */
export function replyBadInput(reply: FastifyReply, error: z.ZodError): void {
  const fields = fieldErrorsOf(error);
  void reply.code(400).send({ error: 'BAD_USER_INPUT', message: Object.values(fields)[0] ?? 'Invalid input.', fields });
}

/** GraphQL inputs carry nulls where the shared schemas expect a missing key: drops them, at every depth. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  return value;
}
