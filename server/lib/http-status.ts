import type { FastifyReply } from 'fastify';
import type { AppError } from '../../shared/app-error.js';
import type { ErrorCode } from '../../shared/errors.js';

/** The HTTP status of each error code, for the REST routes (GraphQL answers carry the code in extensions.code). */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  STORAGE_FULL: 503,
  STORAGE_UNAVAILABLE: 503,
  BILLING_READ_ONLY: 403,
};

/** A REST route's answer to a refusal: its status and `{ error: code, message }` with the error's details (field errors), as GraphQL's extensions carry them. */
export function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.code(HTTP_STATUS[error.code]).send({ error: error.code, message: error.message, ...(error.details ?? {}) });
}
