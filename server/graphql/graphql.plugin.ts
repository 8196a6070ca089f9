import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import type { GraphQLFormattedError } from 'graphql';
import { createContext, type GraphQLContext } from './context.js';
import { formatError, isRequestError } from './errors.js';
import { answerMediaOf, contentTypeOf, requestErrorStatus, type AnswerMedia } from './answer-media.js';
import { validationRules } from './validation-rules.js';
import { collapseBudgetErrors, EXECUTION_BUDGET, executionBudgetHooks, responseSizeBudget } from './execution-budget.js';
import { graphql } from './graphql-runtime.js';
import { COMPRESS_ABOVE, encode, pickEncoding, ResponseCache, type Encoded } from './response-cache.js';
import { tableVersionsOf } from '../db/table-versions.js';
import type { Viewer } from '../features/auth/viewer.js';
import { bearerToken, viewerFromAccessToken } from '../features/auth/viewer.js';
import { GRAPHQL_VALIDATION_FAILED } from '../../shared/errors.js';
import { GRAPHQL_MAX_BATCH } from '../../shared/limits.js';
import { variablesError, variablesProblem } from './variables-limits.js';

const BASE_SCHEMA = /* GraphQL */ `
  scalar DateTime
  type Query { _ping: Boolean! }
  type Mutation { _ping: Boolean! }
  type Subscription { _ping: Boolean! }
`;

export const MAX_BATCH = GRAPHQL_MAX_BATCH;
export const GRAPHQL_BODY_LIMIT = 1024 * 1024;
export const MAX_TOKENS = 5000;

type OperationBody = { query?: unknown; variables?: unknown; operationName?: unknown; extensions?: unknown };

/**
 * What makes a body no GraphQL request at all (answered 400 in either media type), or null: checked
 * before the response cache is asked, whose key leaves out `extensions`.
 */
function malformed(body: OperationBody): { errors: GraphQLFormattedError[] } | null {
  const refused = (message: string) => ({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }] });
  if (typeof body !== 'object' || body === null || typeof body.query !== 'string' || body.query.length === 0) return refused('A "query" string is required.');
  const isMap = (v: unknown) => v === undefined || v === null || (typeof v === 'object' && !Array.isArray(v));
  if (!isMap(body.variables)) return refused('"variables" must be an object.');
  if (body.operationName !== undefined && body.operationName !== null && typeof body.operationName !== 'string')
    return refused('"operationName" must be a string.');
  if (!isMap(body.extensions)) return refused('"extensions" must be an object.');
  return null;
}

/**
 * mercurius takes a source that fails GraphQL parsing but passes JSON.parse as a ready-made
 * AST, which skips the parser and its maxTokens limit (and a non-document like `null` throws
 * inside graphql-js). No GraphQL document is valid JSON, so such sources are refused up front.
 */
function isJsonText(source: string): boolean {
  if (!/^[\s\uFEFF]*[[{"\-0-9tfn]/.test(source)) return false;
  try {
    JSON.parse(source);
    return true;
  } catch {
    return false;
  }
}

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
    jit: 1,
    cache: 1024,
    validationRules: validationRules(config.introspection),
    graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
    // Runs only for an answer with errors. A cut operation answers with its one budget error and no
    // data (execution-budget.ts): done here rather than in an onResolution hook, which would cost
    // every answer two more promises.
    errorFormatter: (execution, context) => {
      const ctx = context as unknown as GraphQLContext;
      const errors = (execution.errors ?? []).map((e) =>
        formatError(e, { log: ctx.log, requestId: ctx.requestId, hideSuggestions: !config.introspection, storage: app.services.storage }),
      );
      // No data at all: the operation never ran (its variables did not coerce), and says so by having no `data` entry.
      return { statusCode: 200, response: collapseBudgetErrors(execution.data === undefined ? { errors } : { data: execution.data, errors }) };
    },
  });
  executionBudgetHooks(app); // time and size budgets per operation (docs/decisions/0043)

  // RESPONSE_CACHE=off: every query is executed (its answer still compressed the same way).
  const versions = tableVersionsOf(app.services.db);
  const responseCache = config.responseCache ? new ResponseCache(versions) : null;
  app.decorate('responseCache', responseCache);
  const inFlight = new Map<string, Promise<void>>();
  type DocumentKind = { json: boolean; kind: string | null };
  /** Sources sent without an operation name, and per operation name (a key joining the two would be a new string to hash per request). */
  const unnamed = new Map<string, DocumentKind>();
  const named = new Map<string, Map<string, DocumentKind>>();
  let kindCount = 0;
  /**
   * Whether a source is JSON text, and query / mutation / subscription, remembered per source and
   * operation name (bounded): a query starting with `{` would otherwise cost a thrown JSON.parse
   * error on every request.
   */
  function documentKind(source: string, operationName: unknown): DocumentKind {
    const name = typeof operationName === 'string' ? operationName : undefined;
    let bySource = name === undefined ? unnamed : named.get(name);
    let known = bySource?.get(source);
    if (known === undefined) {
      const json = isJsonText(source);
      let kind: string | null = null;
      if (!json) {
        try {
          kind = graphql.getOperationAST(graphql.parse(source), name)?.operation ?? null;
        } catch {
          kind = null;
        }
      }
      if (kindCount >= 1000) {
        unnamed.clear();
        named.clear();
        kindCount = 0;
        if (name !== undefined) bySource = undefined;
      }
      if (!bySource) named.set(name!, (bySource = new Map()));
      bySource.set(source, (known = { json, kind }));
      kindCount++;
    }
    return known;
  }

  /**
   * One operation, answered in `media` (answer-media.ts): a request that is not a GraphQL request
   * answers 400; an operation that never ran answers no `data` and requestErrorStatus(media); one
   * that ran answers 200. Mercurius adds its fields to the context it is given: a batch passes each
   * operation a copy.
   */
  async function runOne(request: FastifyRequest, reply: FastifyReply, body: OperationBody, context: GraphQLContext, media: AnswerMedia) {
    const problem = malformed(body);
    if (problem) return { status: 400, result: problem };
    const notRun = (message: string, code: string) => ({ status: requestErrorStatus(media), result: { errors: [{ message, extensions: { code } }] } });
    const variables = body.variables ?? undefined;
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
    const document = documentKind(body.query as string, operationName);
    if (document.json) return notRun('Syntax Error: the query must be a GraphQL document.', GRAPHQL_VALIDATION_FAILED);
    if (document.kind === 'subscription')
      return notRun('Subscriptions run over the websocket at /graphql (graphql-transport-ws), not over POST.', 'BAD_USER_INPUT');
    try {
      const result = await reply.graphql(body.query as string, context, variables as Record<string, unknown> | undefined, operationName);
      // Without data the operation never ran: its variables did not coerce (errorFormatter).
      return { status: result.data === undefined ? requestErrorStatus(media) : 200, result };
    } catch (err) {
      const fmt = { log: request.log, requestId: request.id, hideSuggestions: !config.introspection, storage: app.services.storage };
      const listed = (err as { errors?: unknown[] }).errors;
      const errors: GraphQLFormattedError[] = Array.isArray(listed) && listed.length > 0 ? listed.map((e) => formatError(e, fmt)) : [formatError(err, fmt)];
      // The document did not parse or validate; anything else is a failure of ours, answered as an operation that failed.
      return isRequestError(errors) ? { status: requestErrorStatus(media), result: { errors } } : { status: 200, result: { data: null, errors } };
    }
  }

  app.post('/graphql', { bodyLimit: GRAPHQL_BODY_LIMIT, config: { rule: 'PUBLIC' }, onSend: responseSizeBudget }, async (request, reply) => {
    const type = (request.headers['content-type'] ?? '').toLowerCase();
    if (!/^application\/(json|graphql-response\+json)\s*(;|$)/.test(type)) {
      return reply.code(415).send({ errors: [{ message: 'Send GraphQL as application/json.', extensions: { code: 'BAD_USER_INPUT' } }] });
    }
    const media = answerMediaOf(request.headers.accept);
    const context = createContext({
      viewer: viewerFromAccessToken(app, bearerToken(request.headers.authorization)),
      services: app.services,
      requestId: request.id,
      log: request.log,
    });
    const body = request.body as OperationBody | OperationBody[];
    if (Array.isArray(body)) {
      if (body.length === 0 || body.length > MAX_BATCH) {
        return reply.code(400).send({ errors: [{ message: `A batch holds 1 to ${MAX_BATCH} operations.`, extensions: { code: 'BAD_USER_INPUT' } }] });
      }
      // Every part's variables are bounded before any part runs (decision 0057): the batch is refused whole, like one too long.
      for (const op of body) {
        const problem = variablesProblem(op?.variables);
        if (problem) return reply.code(400).send({ errors: [variablesError(problem)] });
      }
      // Each operation of a batch is answered as it would be alone, through the cache when it is a
      // query: the web app batches the queries a page asks at once (client/lib/graphql.ts).
      const parts: string[] = [];
      for (const op of body) parts.push(await batchPart(request, reply, op, { ...context }, media));
      return sendJson(request, reply, `[${parts.join(',')}]`, media);
    }
    // Before the cache key (JSON.stringify) or graphql-js walk them (decision 0057).
    const problem = variablesProblem(body?.variables);
    if (problem) return reply.code(400).send({ errors: [variablesError(problem)] });
    const bad = malformed(body);
    if (bad) return reply.code(400).send(bad);
    const key = cacheKeyOf(context, body);
    if (!responseCache || !key) {
      const { status, result } = await runOne(request, reply, body, context, media);
      if (status !== 200 || result.errors) return reply.code(status).type(contentTypeOf(media)).send(result);
      return sendJson(request, reply, JSON.stringify(result), media);
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const answer = await onceCached(
      key,
      () => responseCache.get(key, encoding),
      async () => {
        const ran = await runAndStore(request, reply, key, body, context, media);
        return ran.entry ? responseCache.encodedOf(ran.entry, encoding) : ran;
      },
    );
    return 'bytes' in answer ? sendEncoded(reply, answer, media) : reply.code(answer.status).type(contentTypeOf(media)).send(answer.result);
  });

  /** Runs a query, tracking the tables it reads, and stores a good answer in the cache (entry: null for an answer not to keep: errors, noStore). */
  async function runAndStore(request: FastifyRequest, reply: FastifyReply, key: string, body: OperationBody, context: GraphQLContext, media: AnswerMedia) {
    const tracked = versions.track(() => runOne(request, reply, body, context, media));
    const ran = await tracked.result;
    const good = ran.status === 200 && !ran.result.errors && !context.cache?.noStore;
    const json = JSON.stringify(ran.result);
    return { ...ran, json, entry: good ? responseCache!.store(key, tracked.read, json) : null };
  }

  /** The cache key of a query of a signed-in viewer; null for anything that does not go through the cache (mutations are neither looked up nor counted). */
  function cacheKeyOf(context: GraphQLContext, body: OperationBody): string | null {
    if (!responseCache || !context.viewer || typeof body?.query !== 'string') return null;
    return documentKind(body.query, body.operationName).kind === 'query' ? responseCacheKey(context.viewer, body) : null;
  }

  /**
   * The cached answer of `key`, or `compute`'s. The same query already running for this viewer
   * is waited for instead of computed twice.
   */
  async function onceCached<T>(key: string, lookup: () => T | undefined, compute: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key);
    if (running) await running;
    const cached = lookup();
    if (cached !== undefined) return cached;
    let done = (): void => {};
    inFlight.set(key, new Promise<void>((resolve) => (done = resolve)));
    try {
      return await compute();
    } finally {
      inFlight.delete(key);
      done();
    }
  }

  /** One operation of a batch, as JSON text: from the cache when it holds the answer. */
  async function batchPart(request: FastifyRequest, reply: FastifyReply, body: OperationBody, context: GraphQLContext, media: AnswerMedia): Promise<string> {
    const bad = malformed(body);
    if (bad) return JSON.stringify(bad);
    const key = cacheKeyOf(context, body);
    if (!responseCache || !key) return JSON.stringify((await runOne(request, reply, body, context, media)).result);
    return onceCached(
      key,
      () => responseCache.body(key),
      async () => (await runAndStore(request, reply, key, body, context, media)).json,
    );
  }
});

/**
 * A 200 JSON answer, compressed as the client accepts when large. An answer that stays
 * uncompressed goes out as the string it is: Node writes it in one write with the headers, where
 * a Buffer costs a pool allocation and a second chunk (writev). One past the size budget goes out
 * as text, for responseSizeBudget to replace.
 */
function sendJson(request: FastifyRequest, reply: FastifyReply, json: string, media: AnswerMedia): FastifyReply {
  const bytes = Buffer.byteLength(json);
  if (bytes < COMPRESS_ABOVE || bytes > EXECUTION_BUDGET.maxBytes) return sendEncoded(reply, json, media);
  const wanted = pickEncoding(request.headers['accept-encoding']);
  return sendEncoded(reply, wanted === 'identity' ? json : encode(json, wanted), media);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The GraphQL response cache; null when RESPONSE_CACHE=off. */
    responseCache: ResponseCache | null;
  }
}

function responseCacheKey(viewer: Viewer, body: OperationBody): string {
  return JSON.stringify([viewer.userId, viewer.permissionLevel, body.operationName ?? null, body.variables ?? null, body.query]);
}

/** A 200 JSON answer: encoded bytes, or a JSON string sent as it is (identity). */
function sendEncoded(reply: FastifyReply, encoded: Encoded | string, media: AnswerMedia): FastifyReply {
  reply.code(200).type(contentTypeOf(media)).header('Vary', 'Accept, Accept-Encoding');
  if (typeof encoded === 'string') return reply.send(encoded);
  if (encoded.encoding !== 'identity') reply.header('Content-Encoding', encoded.encoding);
  return reply.send(encoded.bytes);
}
