/**
 * Stands in for the server at the network edge (fetch) in client tests: POST /graphql is answered by
 * operation name, every other URL by `rest`. Every call is recorded so tests can assert what was sent.
 * Each operation's answer is typed by its document (client/test/operations.ts): its data must be the
 * operation's result, so a field renamed in the schema fails the type check of the tests that stub it
 * (docs/decisions/0072).
 */
import { vi } from 'vitest';
import type { ResultOf, VariablesOf } from '../lib/graphql.js';
import type { OperationName, Operations } from './operations.js';

export type GraphqlVariables = Record<string, any>;
/** One operation the app sent; `request` numbers the HTTP requests (1 for the first), so the operations of one batch share it. */
export type GraphqlCall = { operationName: string; variables: GraphqlVariables; request: number };
export type RestCall = { url: string; body: unknown };
export type GraphqlError = { message: string; extensions?: Record<string, unknown> };
/** What an operation answers: a GraphQL body (its data and/or errors), or a raw HTTP answer. */
export type Answer<Data = unknown> = { data?: Data | null; errors?: GraphqlError[] } | Response;
/** Answers one operation from its variables, with its result type. */
export type OperationHandler<Name extends OperationName> = (
  variables: VariablesOf<Operations[Name]>,
) => Answer<ResultOf<Operations[Name]>> | Promise<Answer<ResultOf<Operations[Name]>>>;
/** Handlers by operation name: only the app's operations, each answering its own result type. */
export type OperationHandlers = { [Name in OperationName]?: OperationHandler<Name> };
type UntypedHandler = (variables: GraphqlVariables) => Answer | Promise<Answer>;
export type RestHandler = (url: string, body: unknown) => Response | Promise<Response>;

/** The user the `Me` query answers with (the signed-in person), as the server shapes it. */
export type SignedInUser = ResultOf<Operations['Me']>['findOneUser'];

export function meAs(permissionLevel: 'ADMIN' | 'MANAGER' | 'MEMBER', patch: Partial<SignedInUser> = {}): SignedInUser {
  return {
    id: 'user-1',
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    role: null,
    permission_level: permissionLevel,
    team: null,
    manager: null,
    ...patch,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A GraphQL refusal as the server sends it: no data, one error with its code (and field messages). */
export function refusal(message: string, code: string, fields?: Record<string, string>): { data: null; errors: GraphqlError[] } {
  return { data: null, errors: [{ message, extensions: { code, ...(fields ? { fields } : {}) } }] };
}

/** Operations of the app shell that most screens trigger; a test's own handlers win. */
const SHELL_ANSWERS: OperationHandlers = {
  WidgetPreferences: () => ({ data: { userWidgetPreferences: { user_id: 'user-1', enabled_widgets: ['MY_GOALS'] } } }),
};

type OperationBody = { query?: string; operationName?: string; variables?: GraphqlVariables };

const notFound: RestHandler = () => new Response('{}', { status: 404 });

/** How to refuse each answer still being worked out (client/test/setup.ts refuses them when a test ends). */
const inFlight = new Set<(reason: unknown) => void>();

/** The HTTP request that carried an operation (the first one when it was asked again), or undefined when it was never asked. */
export function requestOf(calls: readonly GraphqlCall[], operationName: string): number | undefined {
  return calls.find((c) => c.operationName === operationName)?.request;
}

/** Refuses every answer a test left unfinished (a network error to the app): it can never land in the next test. */
export function refuseAnswersInFlight(): void {
  for (const refuse of [...inFlight]) refuse(new TypeError('fetch failed: the test ended'));
  inFlight.clear();
}

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function parsedBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Stubs the global fetch. `operations` answers GraphQL operations by name (unknown ones get
 * `{ data: {} }`); `me`, when given, answers the `Me` query; `rest` answers any other URL
 * (404 by default) with the body parsed from JSON when it is JSON, else as sent (e.g. FormData).
 */
export function stubGraphql(operations: OperationHandlers = {}, options: { me?: SignedInUser; rest?: RestHandler } = {}) {
  const me: OperationHandlers = options.me ? { Me: () => ({ data: { findOneUser: options.me! } }) } : {};
  return stubFetch({ ...SHELL_ANSWERS, ...me, ...operations } as Record<string, UntypedHandler>, options.rest);
}

/** The same for operations of no schema: the GraphQL client's own tests (client/lib/graphql.test.ts). */
export function stubUntypedGraphql(operations: Record<string, UntypedHandler> = {}) {
  return stubFetch(operations);
}

function stubFetch(handlers: Record<string, UntypedHandler>, rest: RestHandler = notFound) {
  const calls: GraphqlCall[] = [];
  const restCalls: RestCall[] = [];
  let requests = 0;
  const respond = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = urlOf(input);
    const body = parsedBody(init?.body);
    if (!url.endsWith('/graphql')) {
      restCalls.push({ url, body });
      return rest(url, body);
    }
    // The web app sends the queries of one task as a batch (client/lib/graphql.ts): one answer each,
    // unless one of them is a raw HTTP answer, which then answers the whole request.
    const ops = (Array.isArray(body) ? body : [body]) as OperationBody[];
    const request = ++requests;
    const answers: Answer[] = [];
    for (const op of ops) {
      const operationName = op.operationName ?? '';
      const variables = op.variables ?? {};
      calls.push({ operationName, variables, request });
      const handler = handlers[operationName];
      const answer = handler ? await handler(variables) : { data: {} };
      if (answer instanceof Response) return answer;
      answers.push(answer);
    }
    return jsonResponse(Array.isArray(body) ? answers : answers[0]);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          inFlight.add(reject);
          respond(input, init)
            .then(resolve, reject)
            .finally(() => inFlight.delete(reject));
        }),
    ),
  );
  return { calls, restCalls };
}
