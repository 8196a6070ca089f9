import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import type { GraphQLFormattedError } from 'graphql';
import type { GraphQLContext } from './context.js';
import { formatError, statusForErrors } from './errors.js';
import { validationRules } from './validation-rules.js';
import { bearerToken, viewerFromAccessToken } from '../features/auth/viewer.js';

const BASE_SCHEMA = /* GraphQL */ `
  scalar DateTime
  type Query { _ping: Boolean! }
  type Mutation { _ping: Boolean! }
  type Subscription { _ping: Boolean! }
`;

export const MAX_BATCH = 10;
export const GRAPHQL_BODY_LIMIT = 1024 * 1024;
export const MAX_TOKENS = 5000;

type OperationBody = { query?: unknown; variables?: unknown; operationName?: unknown };

/**
 * Mercurius for parsing, validation, execution and loaders, with our own /graphql routes
 * (routes: false): JSON POST only, batching capped, errors formatted in one place.
 * The websocket side of /graphql lives in subscriptions.ts.
 */
export const graphqlPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.services;
  await app.register(mercurius, {
    schema: BASE_SCHEMA,
    resolvers: { Query: { _ping: () => true }, Mutation: { _ping: () => true } },
    routes: false,
    // Marks subscriptions active so Subscription resolvers (subscribe/resolve) are accepted;
    // the transport is our own graphql-ws server (subscriptions.ts), fed by the same PubSub.
    subscription: { pubsub: app.services.pubsub as never },
    graphiql: false,
    jit: 0,
    cache: 1024,
    validationRules: validationRules(config.introspection),
    graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
    errorFormatter: (execution, context) => {
      const ctx = context as unknown as GraphQLContext;
      const errors = (execution.errors ?? []).map((e) => formatError(e, { log: ctx.log, requestId: ctx.requestId, hideSuggestions: !config.introspection }));
      return { statusCode: 200, response: { data: execution.data ?? null, errors } };
    },
  });

  async function runOne(request: FastifyRequest, reply: FastifyReply, body: OperationBody, context: GraphQLContext) {
    const fmt = { log: request.log, requestId: request.id, hideSuggestions: !config.introspection };
    if (typeof body !== 'object' || body === null || typeof body.query !== 'string' || body.query.length === 0) {
      return { status: 400, result: { data: null, errors: [{ message: 'A "query" string is required.', extensions: { code: 'BAD_USER_INPUT' } }] } };
    }
    const variables = body.variables === undefined || body.variables === null ? undefined : body.variables;
    if (variables !== undefined && (typeof variables !== 'object' || Array.isArray(variables))) {
      return { status: 400, result: { data: null, errors: [{ message: '"variables" must be an object.', extensions: { code: 'BAD_USER_INPUT' } }] } };
    }
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
    try {
      const result = await reply.graphql(body.query, { ...context }, variables as Record<string, unknown> | undefined, operationName);
      return { status: 200, result };
    } catch (err) {
      const listed = (err as { errors?: unknown[] }).errors;
      const errors: GraphQLFormattedError[] = Array.isArray(listed) && listed.length > 0 ? listed.map((e) => formatError(e, fmt)) : [formatError(err, fmt)];
      return { status: statusForErrors(errors, false), result: { data: null, errors } };
    }
  }

  app.post('/graphql', { bodyLimit: GRAPHQL_BODY_LIMIT }, async (request, reply) => {
    const type = (request.headers['content-type'] ?? '').toLowerCase();
    if (!/^application\/(json|graphql-response\+json)\s*(;|$)/.test(type)) {
      return reply.code(415).send({ errors: [{ message: 'Send GraphQL as application/json.', extensions: { code: 'BAD_USER_INPUT' } }] });
    }
    const context: GraphQLContext = {
      viewer: viewerFromAccessToken(app, bearerToken(request.headers.authorization)),
      services: app.services,
      requestId: request.id,
      log: request.log,
    };
    const body = request.body as OperationBody | OperationBody[];
    if (Array.isArray(body)) {
      if (body.length === 0 || body.length > MAX_BATCH) {
        return reply.code(400).send({ errors: [{ message: `A batch holds 1 to ${MAX_BATCH} operations.`, extensions: { code: 'BAD_USER_INPUT' } }] });
      }
      const results = [];
      for (const op of body) results.push((await runOne(request, reply, op, context)).result);
      return reply.code(200).send(results);
    }
    const { status, result } = await runOne(request, reply, body, context);
    return reply.code(status).send(result);
  });
});
