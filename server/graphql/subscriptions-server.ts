import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DocumentNode, ExecutionArgs, ExecutionResult, GraphQLError as GraphQLErrorType, GraphQLFormattedError } from 'graphql';
import type { Server, SubscribePayload } from 'graphql-ws';
import type { WebSocket } from 'ws';
import { bearerToken, viewerFromAccessToken, type Viewer } from '../features/auth/viewer.js';
import { createContext, type GraphQLContext } from './context.js';
import { formatError, type FormatOptions } from './errors.js';
import { MAX_TOKENS } from './graphql.plugin.js';
import { graphql, graphqlWs } from './graphql-runtime.js';
import { validationRules } from './validation-rules.js';
import { collapseBudgetErrors } from './execution-budget.js';
import { variablesProblem } from './variables-limits.js';

const { GraphQLError } = graphql;

/**
 * More active subscriptions than this on one socket: the extra `subscribe` gets an
 * `error` message for its id and the socket stays open (the protocol lets the server end
 * one operation with `error`; closing the whole socket would also drop the client's
 * other, legitimate subscriptions).
 */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;
export const CONNECTION_INIT_TIMEOUT_MS = 3_000;

/** The per-connection part of the execution context; each execution adds fresh loaders. */
export type ConnectionContext = Omit<GraphQLContext, 'loaders'>;

/** One websocket: the viewer and the context exist once connection_init is accepted. */
export type Connection = {
  socket: WebSocket;
  request: FastifyRequest;
  viewer: Viewer | null;
  context: ConnectionContext | null;
};

export type ConnectionExtra = { connection: Connection };

function accessTokenOf(params: Readonly<Record<string, unknown>> | undefined): string | null {
  if (!params) return null;
  if (typeof params.access_token === 'string') return params.access_token;
  if (typeof params.authorization === 'string') return bearerToken(params.authorization);
  return null;
}

/** Like graphql-js's internal mapAsyncIterator: `return()` reaches the source at once, even while a `next()` waits. */
function mapAsyncIterator<T, U>(iterable: AsyncIterable<T>, fn: (value: T) => U | Promise<U>): AsyncGenerator<U, void, void> {
  const iterator = iterable[Symbol.asyncIterator]();
  async function mapResult(result: IteratorResult<T>): Promise<IteratorResult<U, void>> {
    if (result.done) return { value: undefined, done: true };
    try {
      return { value: await fn(result.value), done: false };
    } catch (error) {
      try {
        await iterator.return?.();
      } catch {
        /* the mapping error wins */
      }
      throw error;
    }
  }
  const mapped = {
    next: async () => mapResult(await iterator.next()),
    return: async (): Promise<IteratorResult<U, void>> => (iterator.return ? mapResult(await iterator.return()) : { value: undefined, done: true }),
    throw: async (error: unknown): Promise<IteratorResult<U, void>> => {
      if (iterator.throw) return mapResult(await iterator.throw(error));
      throw error;
    },
    [Symbol.asyncIterator]() {
      return mapped;
    },
  };
  return mapped as unknown as AsyncGenerator<U, void, void>;
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as Record<symbol, unknown>)[Symbol.asyncIterator] === 'function';

/**
 * graphql-ws's reference server (makeServer) wired to our schema, auth, validation,
 * error formatting and context. The socket layer lives in subscriptions.ts.
 */
export function createSubscriptionServer(app: FastifyInstance, onAuthenticated: (connection: Connection, viewer: Viewer) => void): Server<ConnectionExtra> {
  const { config } = app.services;
  const rules = [...graphql.specifiedRules, ...validationRules(config.introspection)];
  const started = new WeakMap<ExecutionArgs, AsyncGenerator<ExecutionResult, void, void>>();
  const formatOptions = (c: Connection): FormatOptions => ({
    log: c.request.log,
    requestId: c.request.id,
    hideSuggestions: !config.introspection,
    storage: app.services.storage,
  });

  /**
   * graphql-js's subscribe(), except that the subscribe call and every event get their own
   * context (same viewer, new loaders): a loader cache kept for the life of a subscription
   * would serve stale rows to later events and grow without bound.
   */
  async function startSubscription(args: ExecutionArgs, base: ConnectionContext) {
    const stream = await graphql.createSourceEventStream({ ...args, contextValue: createContext(base) });
    if (!isAsyncIterable(stream)) return stream as ExecutionResult;
    return mapAsyncIterator(stream, (event) => graphql.execute({ ...args, rootValue: event, contextValue: createContext(base) }));
  }

  return graphqlWs.makeServer<Record<string, unknown>, ConnectionExtra>({
    schema: () => app.graphql.schema,
    connectionInitWaitTimeout: CONNECTION_INIT_TIMEOUT_MS,

    // Only the token is read from the payload; nothing is copied into headers or context.
    onConnect: (ctx) => {
      const connection = ctx.extra.connection;
      const viewer = viewerFromAccessToken(app, accessTokenOf(ctx.connectionParams));
      if (!viewer) {
        connection.request.log.info('websocket connection_init rejected: no valid access token');
        return false; // close 4403, no ack
      }
      connection.viewer = viewer;
      connection.context = { viewer, services: app.services, requestId: connection.request.id, log: connection.request.log };
      onAuthenticated(connection, viewer);
      return true;
    },

    // Validated like HTTP operations; an internal failure while starting is masked by onError.
    onSubscribe: async (ctx, _id, payload: SubscribePayload) => {
      const connection = ctx.extra.connection;
      const base = connection.context;
      if (!base) throw new Error('subscribe on a connection without context'); // makeServer closes 4401 before this
      // ctx.subscriptions already holds this id.
      if (Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS_PER_SOCKET) {
        return [
          new GraphQLError(`Too many active subscriptions on this connection; the limit is ${MAX_SUBSCRIPTIONS_PER_SOCKET}.`, {
            extensions: { code: 'BAD_USER_INPUT' },
          }),
        ];
      }
      // Bounded before graphql-js walks them, as over HTTP (decision 0057).
      const problem = variablesProblem(payload.variables);
      if (problem) return [new GraphQLError(problem.message, { extensions: { code: problem.code } })];
      const schema = app.graphql.schema;
      let document: DocumentNode;
      try {
        document = graphql.parse(payload.query, { maxTokens: MAX_TOKENS });
      } catch (err) {
        if (err instanceof GraphQLError) return [err];
        throw err;
      }
      const errors = graphql.validate(schema, document, rules);
      if (errors.length > 0) return errors;
      const operationName = payload.operationName ?? undefined;
      const operation = graphql.getOperationAST(document, operationName);
      if (!operation) {
        return [
          new GraphQLError(
            operationName ? `Unknown operation named "${operationName}".` : 'Must provide an operation name when the document holds several operations.',
          ),
        ];
      }
      if (operation.operation !== 'subscription') {
        return [
          new GraphQLError('Only subscriptions run over the websocket. Use POST for queries and mutations.', {
            nodes: [operation],
            extensions: { code: 'BAD_USER_INPUT' },
          }),
        ];
      }
      // contextValue/rootValue are set so makeServer adds neither; events use startSubscription's contexts.
      const args: ExecutionArgs = { schema, document, operationName, variableValues: payload.variables ?? undefined, contextValue: base, rootValue: undefined };
      // Started here rather than in makeServer, so a failure to start is an `error` message
      // (the reference server would send it as `next` with errors, then `complete`).
      const result = await startSubscription(args, base);
      if (!isAsyncIterable(result)) {
        return result.errors?.length ? result.errors : [new GraphQLError('The subscription could not be started.')];
      }
      started.set(args, result);
      return args;
    },

    subscribe: (args) => {
      const iterator = started.get(args);
      if (!iterator) throw new Error('subscription was not started by onSubscribe');
      started.delete(args);
      return iterator;
    },

    onNext: (ctx, _id, _payload, _args, result) => {
      if (!result.errors) return undefined;
      const fmt = formatOptions(ctx.extra.connection);
      return collapseBudgetErrors({ ...result, errors: result.errors.map((e) => formatError(e, fmt)) });
    },

    onError: (ctx, _id, _payload, errors: readonly GraphQLErrorType[]): GraphQLFormattedError[] => {
      const fmt = formatOptions(ctx.extra.connection);
      return errors.map((e) => formatError(e, fmt));
    },
  });
}
