/** The one list of error codes, shared by server (extensions.code) and client. */
export const ErrorCode = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  /** The organization is read-only for new content over billing (docs/decisions/0068); reading, exports and sign-in still work. */
  BILLING_READ_ONLY: 'BILLING_READ_ONLY',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Sign-in error codes carried in the `error` query parameter of auth URLs. */
export const SignInError = {
  CredentialsSignin: 'CredentialsSignin',
  LoginBlocked: 'LoginBlocked',
  SessionRequired: 'SessionRequired',
  Configuration: 'Configuration',
  Default: 'Default',
} as const;
export type SignInError = (typeof SignInError)[keyof typeof SignInError];

/** GraphQL documents that fail parsing or validation. */
export const GRAPHQL_VALIDATION_FAILED = 'GRAPHQL_VALIDATION_FAILED';

/**
 * Operations refused or cut by the GraphQL cost limit and budgets (docs/decisions/0043):
 * estimated too expensive before execution, execution past its time budget, an answer past
 * its size budget.
 */
export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';
export const QUERY_TIMEOUT = 'QUERY_TIMEOUT';
export const RESPONSE_TOO_LARGE = 'RESPONSE_TOO_LARGE';
/** An operation's variables nested or sized past shared/limits.ts (docs/decisions/0057): refused before anything walks them. */
export const VARIABLES_TOO_DEEP = 'VARIABLES_TOO_DEEP';
export const VARIABLES_TOO_LARGE = 'VARIABLES_TOO_LARGE';
export const GRAPHQL_LIMIT_CODES: ReadonlySet<string> = new Set([QUERY_TOO_COMPLEX, QUERY_TIMEOUT, RESPONSE_TOO_LARGE, VARIABLES_TOO_DEEP, VARIABLES_TOO_LARGE]);
