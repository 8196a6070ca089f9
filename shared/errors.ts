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
  /** The server's disk is full: nothing was saved (docs/decisions/0058). */
  STORAGE_FULL: 'STORAGE_FULL',
  /** The server cannot read or write its database (I/O error, read-only, cannot open, damaged). */
  STORAGE_UNAVAILABLE: 'STORAGE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Sign-in error codes carried in the `error` query parameter of auth URLs. */
export const SignInError = {
  CredentialsSignin: 'CredentialsSignin',
  LoginBlocked: 'LoginBlocked',
  SessionRequired: 'SessionRequired',
  Configuration: 'Configuration',
  /** Sign-in could not be recorded: the server's storage is full or failing (docs/decisions/0058). */
  StorageFull: 'StorageFull',
  StorageUnavailable: 'StorageUnavailable',
  Default: 'Default',
} as const;
export type SignInError = (typeof SignInError)[keyof typeof SignInError];

/**
 * Why the server's storage failed, as people using the app are told it (docs/decisions/0058):
 * GraphQL `extensions.code` STORAGE_FULL for `full`, STORAGE_UNAVAILABLE for the others.
 */
export const STORAGE_MESSAGES = {
  full: 'The server is out of storage; nothing was saved. Try again later.',
  io: 'The server could not read or write its storage; nothing was saved. Try again later.',
  read_only: 'The server cannot write to its storage right now; nothing was saved. Try again later.',
  cant_open: 'The server cannot open its storage right now; nothing was saved. Try again later.',
  corrupt: "The server's stored data is damaged; nothing was saved. Tell whoever runs Teamlens.",
} as const;
export type StorageCause = keyof typeof STORAGE_MESSAGES;

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
export const GRAPHQL_LIMIT_CODES: ReadonlySet<string> = new Set([
  QUERY_TOO_COMPLEX,
  QUERY_TIMEOUT,
  RESPONSE_TOO_LARGE,
  VARIABLES_TOO_DEEP,
  VARIABLES_TOO_LARGE,
]);
