/**
 * The one GraphQL client: POST /graphql with operationName, variables and query, and the
 * session's access token as a Bearer header. graphql-request (and the
 * graphql parser it brings) loads on the first operation, so public pages never carry it.
 *
 * Documents are written with `graphql()`: a string as sent, typed from schema.graphql by gql.tada
 * (its result, its variables and its operation name), so `gql(document, variables)` checks the
 * variables and answers the result's type (docs/decisions/0072).
 *
 * Queries asked within BATCH_WINDOW_MS of each other (a page's loaders and components asking for
 * their data at once) go to the server together, as one batched request of up to GRAPHQL_MAX_BATCH
 * operations: one round trip instead of one per query, and fewer of the browser's six connections
 * held (docs/decisions/0053). Each operation still answers or fails on its own. Mutations always
 * go alone, at once.
 */
import type { ResultOf, setupCache, VariablesOf } from 'gql.tada';
import type { GraphQLClient } from 'graphql-request';
import { GRAPHQL_MAX_BATCH } from '../../shared/limits.js';
import { auth } from './auth.js';
import type { typedDocument } from './graphql-tada.js';

declare const written: unique symbol;

/**
 * A GraphQL document: its text, as sent, carrying its result and variables types and its operation's
 * name. Only graphql() makes one: a plain string is not a document.
 */
export type Document<Result = unknown, Variables = unknown, Name extends string = string> = string & {
  /** Types only (the shape graphql-request and gql.tada read a typed document's types from). */
  readonly __apiType?: (variables: Variables) => Result;
  readonly __operationName?: Name;
  readonly [written]: true;
};

type Space = ' ' | '\n' | '\r' | '\t' | ',';
type TrimStart<S extends string> = S extends `${Space}${infer Rest}` ? TrimStart<Rest> : S;
type NameChar =
  | '_'
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z'
  | 'A'
  | 'B'
  | 'C'
  | 'D'
  | 'E'
  | 'F'
  | 'G'
  | 'H'
  | 'I'
  | 'J'
  | 'K'
  | 'L'
  | 'M'
  | 'N'
  | 'O'
  | 'P'
  | 'Q'
  | 'R'
  | 'S'
  | 'T'
  | 'U'
  | 'V'
  | 'W'
  | 'X'
  | 'Y'
  | 'Z'
  | '0'
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9';
type ReadName<S extends string, Name extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends NameChar
    ? ReadName<Rest, `${Name}${C}`>
    : Name
  : Name;
/** The name of a document's operation (`query Teams { ... }` -> 'Teams'). */
export type OperationNameOf<Source extends string> =
  TrimStart<Source> extends `${'query' | 'mutation' | 'subscription'}${infer Rest}` ? ReadName<TrimStart<Rest>> : never;

/**
 * gql.tada's types of a document: its entry in the turbo cache (client/graphql-cache.d.ts, written by
 * `npm run schema`), else worked out from its text. The lookup is made here, on the document's text:
 * typedDocument's own call of gql.tada resolves once for any text, past the cache.
 */
type Typed<Source extends string> = Source extends keyof setupCache ? setupCache[Source] : ReturnType<typeof typedDocument<Source>>;

const documents = new Set<string>();

/**
 * A document, typed from schema.graphql: one named operation, written as a module-level constant
 * (client/lib/graphql.documents.test.ts validates every one against the schema).
 */
export function graphql<const Source extends string>(source: Source): Document<ResultOf<Typed<Source>>, VariablesOf<Typed<Source>>, OperationNameOf<Source>> {
  documents.add(source);
  return source as string as Document<ResultOf<Typed<Source>>, VariablesOf<Typed<Source>>, OperationNameOf<Source>>;
}

/** Every document written so far (the modules that hold them loaded). */
export const writtenDocuments = (): ReadonlySet<string> => documents;

export type { ResultOf, VariablesOf };

/**
 * A result type with some fields narrowed to the values the server writes where the schema only
 * says String (a team's status: ACTIVE or ARCHIVED). Each field must be one of the result's, so a
 * field renamed on the server still fails; the answer is cast to it where it is read.
 */
export type Narrowed<T, Narrow extends { [K in keyof Narrow]: K extends keyof T ? unknown : never }> = Omit<T, keyof Narrow> & Narrow;
/** Variables as the last argument: optional when the operation needs none. */
export type VariablesArgument<Variables> = {} extends Variables ? [variables?: Variables] : [variables: Variables];

export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'GraphqlError';
  }
}

/**
 * How long the first query waits for others (Apollo's BatchHttpLink waits as long): the layout's
 * and the page's loaders live in route chunks that load a few milliseconds apart.
 */
const BATCH_WINDOW_MS = 10;
const MUTATION = /^\s*mutation\b/;
const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';

type Loaded = { client: GraphQLClient; ClientError: typeof import('graphql-request').ClientError };
type Answer = { data?: unknown; errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }> };
type Pending = { document: string; variables?: Record<string, unknown>; resolve: (data: unknown) => void; reject: (err: unknown) => void };

let client: Promise<Loaded> | null = null;

/**
 * Each document holds one named operation (`query Name ...`, `mutation Name ...`). graphql-request
 * sends a lone operation with its name (read by parsing it), but the parts of a batch without: each
 * part's name is read here from its first words.
 */
const OPERATION_NAME = /^\s*(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/;
function named(part: unknown): unknown {
  if (!part || typeof part !== 'object' || typeof (part as { query?: unknown }).query !== 'string') return part;
  const { query, variables } = part as { query: string; variables?: unknown };
  return { operationName: OPERATION_NAME.exec(query)?.[1], query, variables };
}

function loadClient() {
  client ??= import('graphql-request').then(({ GraphQLClient, ClientError }) => ({
    ClientError,
    client: new GraphQLClient(new URL('/graphql', window.location.href).href, {
      // Answers with errors are returned, not thrown: each operation of a batch is judged on its own (answerOf).
      errorPolicy: 'all',
      // Every operation goes out with its operationName, batched or not.
      jsonSerializer: { parse: JSON.parse, stringify: (body: unknown) => JSON.stringify(Array.isArray(body) ? body.map(named) : body) },
      requestMiddleware: async (request) => {
        const token = await auth.getAccessToken();
        const headers = new Headers(request.headers);
        if (token) headers.set('authorization', `Bearer ${token}`);
        return { ...request, headers };
      },
    }),
  }));
  // A failed download (offline) is retried on the next operation instead of failing forever.
  client.catch(() => {
    client = null;
  });
  return client;
}

type ServerError = NonNullable<Answer['errors']>[number];

/**
 * What a form shows when the server refused a save (useZodForm's outcome): its field errors next to
 * the fields (and, with `aboveButtons`, its message above the buttons too), anything else above the buttons.
 */
export function refusedSave(err: unknown, aboveButtons = true): { fieldErrors?: Record<string, string>; formError?: string } {
  if (err instanceof GraphqlError && Object.keys(err.fields).length)
    return aboveButtons ? { fieldErrors: err.fields, formError: err.message } : { fieldErrors: err.fields };
  return { formError: err instanceof Error ? err.message : 'Something went wrong. Try again.' };
}

/** A server error as a GraphqlError with its extensions.code (and field messages). */
function errorOf(error: ServerError | undefined, status: number): GraphqlError {
  const ext = error?.extensions ?? {};
  const fields = ext.fields && typeof ext.fields === 'object' ? (ext.fields as Record<string, string>) : {};
  const code = typeof ext.code === 'string' ? ext.code : null;
  // The session ended on the server (signed out elsewhere, password changed): re-check it now,
  // so the authenticated pages send the person to sign-in instead of showing errors.
  if (code === 'UNAUTHENTICATED') void auth.check();
  return new GraphqlError(error?.message ?? `The server answered ${status}.`, code, fields);
}

/** The data of one operation's answer; its first error, thrown, when it has one. */
function answerOf<T>(answer: Answer, status: number): T {
  if (answer.errors?.length) throw errorOf(answer.errors[0], status);
  return answer.data as T;
}

/** A request that got no GraphQL answer (offline, a non-JSON answer) or an HTTP error with one. */
function failureOf(err: unknown, ClientError: Loaded['ClientError'] | undefined): GraphqlError {
  if (err instanceof GraphqlError) return err;
  if (ClientError && err instanceof ClientError) return errorOf(err.response.errors?.[0] as ServerError | undefined, err.response.status);
  return new GraphqlError(UNREACHABLE, null);
}

async function runAlone<T>(document: string, variables?: Record<string, unknown>): Promise<T> {
  let loaded: Loaded | undefined;
  try {
    loaded = await loadClient();
    const { data, errors, status } = await loaded.client.rawRequest<T>(document, variables);
    return answerOf<T>({ data, errors: errors as Answer['errors'] }, status);
  } catch (err) {
    throw failureOf(err, loaded?.ClientError);
  }
}

async function runBatch(ops: Pending[]): Promise<void> {
  let loaded: Loaded | undefined;
  try {
    loaded = await loadClient();
    // With errorPolicy 'all', a 200 answer is one { data, errors } per operation, in order.
    const answers = (await loaded.client.batchRequests(ops.map((op) => ({ document: op.document, variables: op.variables })))) as unknown as Answer[];
    ops.forEach((op, i) => {
      try {
        op.resolve(answerOf(answers[i] ?? { errors: [{ message: 'The server answered without this operation.' }] }, 200));
      } catch (err) {
        op.reject(err);
      }
    });
  } catch (err) {
    const failure = failureOf(err, loaded?.ClientError);
    ops.forEach((op) => op.reject(failure));
  }
}

let queue: Pending[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;

function flush(): void {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  const ops = queue;
  queue = [];
  for (let i = 0; i < ops.length; i += GRAPHQL_MAX_BATCH) {
    const part = ops.slice(i, i + GRAPHQL_MAX_BATCH);
    if (part.length > 1) void runBatch(part);
    else runAlone(part[0]!.document, part[0]!.variables).then(part[0]!.resolve, part[0]!.reject);
  }
}

/** Runs one operation; answers its data; throws GraphqlError with the server's extensions.code. */
export function gql<Result, Variables>(document: Document<Result, Variables>, ...[variables]: VariablesArgument<Variables>): Promise<Result> {
  const vars = variables as Record<string, unknown> | undefined;
  if (MUTATION.test(document)) return runAlone<Result>(document, vars);
  return new Promise<Result>((resolve, reject) => {
    if (queue.length === 0) flushTimer = setTimeout(flush, BATCH_WINDOW_MS);
    queue.push({ document, variables: vars, resolve: resolve as (data: unknown) => void, reject });
  });
}

/**
 * Runs an operation whose answer is one field and answers that field: for a document chosen among
 * alike ones (archive or restore), whose fields differ only by name.
 */
export async function gqlField<Value, Variables>(
  document: Document<Record<string, Value>, Variables>,
  ...variables: VariablesArgument<Variables>
): Promise<Value> {
  return Object.values(await gql(document, ...variables))[0]!;
}

/** Drops the queries waiting for their batch, failing them (the client tests end each test so: none reaches the next test's server). */
export function dropQueuedQueries(): void {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  const ops = queue;
  queue = [];
  for (const op of ops) op.reject(new GraphqlError('The query was dropped.', null));
}
