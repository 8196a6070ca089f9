import type { FastifyBaseLogger } from 'fastify';
import type { GraphQLFormattedError } from 'graphql';
import { graphql } from './graphql-runtime.js';

const { GraphQLError } = graphql;
import { AppError } from '../../shared/app-error.js';
import { GRAPHQL_LIMIT_CODES, GRAPHQL_VALIDATION_FAILED, QUERY_TOO_COMPLEX, VARIABLES_TOO_DEEP, VARIABLES_TOO_LARGE } from '../../shared/errors.js';
import type { StorageHealth } from '../db/storage-health.js';

export type FormatOptions = { log: FastifyBaseLogger; requestId: string; hideSuggestions: boolean; storage: StorageHealth };

function originalOf(err: unknown): unknown {
  let current = err;
  for (let i = 0; i < 5 && current instanceof GraphQLError && current.originalError; i++) current = current.originalError;
  return current;
}

/**
 * The one error formatter: AppError -> its code and message; GraphQL syntax, validation and
 * variable errors -> their message; a storage failure (disk full, I/O error...) -> STORAGE_FULL or
 * STORAGE_UNAVAILABLE with a plain message, one log line (docs/decisions/0058); anything else ->
 * a generic message with the request id, details to the log only.
 */
export function formatError(err: unknown, opts: FormatOptions): GraphQLFormattedError {
  const original = originalOf(err);
  const gql = err instanceof GraphQLError ? err : undefined;
  const where = { ...(gql?.locations ? { locations: gql.locations } : {}), ...(gql?.path ? { path: gql.path } : {}) };
  if (original instanceof AppError) {
    return { message: original.message, ...where, extensions: { code: original.code, ...(original.details ?? {}) } };
  }
  // A GraphQL error whose innermost cause is itself a GraphQLError was made by graphql-js from
  // the client's document or variables (e.g. variable coercion wraps the scalar's own
  // GraphQLError): client-safe. Only a non-GraphQL cause (a resolver or database failure) is masked.
  if (gql && original instanceof GraphQLError) {
    let message = gql.message;
    if (opts.hideSuggestions) message = message.replace(/\s*Did you mean .*$/s, '');
    const own = gql.extensions?.code;
    // The cost limit and budgets (query-cost.ts, execution-budget.ts) keep their own codes and details.
    if (typeof own === 'string' && GRAPHQL_LIMIT_CODES.has(own)) return { message, ...where, extensions: { ...gql.extensions, code: own } };
    const code = own === 'BAD_USER_INPUT' || /^Variable "\$/.test(message) ? 'BAD_USER_INPUT' : GRAPHQL_VALIDATION_FAILED;
    return { message, ...where, extensions: { code } };
  }
  const storage = opts.storage.report(original, `GraphQL ${gql?.path?.join('.') ?? 'operation'} (request ${opts.requestId})`);
  if (storage) return { message: storage.message, ...where, extensions: { code: storage.code } };
  opts.log.error({ err: original, reqId: opts.requestId, path: gql?.path }, 'unexpected error in GraphQL resolver');
  return { message: 'Internal server error', ...where, extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: opts.requestId } };
}

const REQUEST_ERROR_CODES = new Set<unknown>([GRAPHQL_VALIDATION_FAILED, 'BAD_USER_INPUT', QUERY_TOO_COMPLEX, VARIABLES_TOO_DEEP, VARIABLES_TOO_LARGE]);

/** Errors of a document that did not parse or validate, or was refused by a limit before it ran (a GraphQL request error). */
export function isRequestError(errors: readonly GraphQLFormattedError[]): boolean {
  return errors.every((e) => REQUEST_ERROR_CODES.has(e.extensions?.code));
}
