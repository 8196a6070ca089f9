import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLFieldResolver, GraphQLFormattedError, GraphQLResolveInfo, GraphQLSchema, SelectionSetNode } from 'graphql';
import { graphql } from './graphql-runtime.js';
import { answerMediaOf, contentTypeOf } from './answer-media.js';
import { GRAPHQL_LIMIT_CODES, QUERY_TIMEOUT, RESPONSE_TOO_LARGE } from '../../shared/errors.js';
import { formatNumber } from '../../shared/format.js';

const { GraphQLError, getNullableType, isListType, isObjectType } = graphql;

/**
 * Budgets of one executing operation (docs/decisions/0043), the runtime side of the static
 * cost limit (query-cost.ts) for what an estimate can miss:
 * - time: a query or subscription event still resolving fields `maxMs` after its first
 *   resolver is cut with QUERY_TIMEOUT;
 * - size: lists resolved so far times the fields selected on their items past `maxValues`
 *   are cut with RESPONSE_TOO_LARGE (before they are completed and serialized), and an
 *   HTTP answer past `maxBytes` once serialized is replaced by the same code;
 * - fairness: after `sliceMs` of continuous resolving the next resolver waits for one turn
 *   of the event loop, and a long list is completed about `chunkValues` values (items times
 *   the fields selected on them) per turn, so other requests are served between the slices
 *   of a long operation. Relations of a long list are then loaded once per chunk.
 * Mutations are not cut (their writes are done by the time their result is resolved); they
 * only yield. Read at every check, so a test may lower a budget and restore it.
 */
export const EXECUTION_BUDGET = { maxMs: 5_000, maxValues: 1_000_000, maxBytes: 32 * 2 ** 20, sliceMs: 10, chunkValues: 2_500 };

type Budget = { started: number; slice: number; values: number; failed: InstanceType<typeof GraphQLError> | null; gate: Promise<void> | null };
type BudgetedContext = { budget?: Budget } | null | undefined;

const widths = new WeakMap<SelectionSetNode, number>();
/** Fields selected on each item of a list (top level of its selection set, at least 1). */
function width(info: GraphQLResolveInfo): number {
  const set = info.fieldNodes[0]?.selectionSet;
  if (!set) return 1;
  let n = widths.get(set);
  if (n === undefined) {
    n = Math.max(1, set.selections.length);
    widths.set(set, n);
  }
  return n;
}

function budgetOf(ctx: BudgetedContext): Budget | null {
  if (!ctx || typeof ctx !== 'object') return null;
  if (!ctx.budget) {
    const now = performance.now();
    ctx.budget = { started: now, slice: now, values: 0, failed: null, gate: null };
  }
  return ctx.budget;
}

function fail(budget: Budget, code: string, message: string): never {
  budget.failed ??= new GraphQLError(message, { extensions: { code } });
  throw budget.failed;
}

function countList(budget: Budget, result: unknown, info: GraphQLResolveInfo): void {
  if (!Array.isArray(result)) return;
  budget.values += result.length * width(info);
  if (budget.values > EXECUTION_BUDGET.maxValues) {
    fail(
      budget,
      RESPONSE_TOO_LARGE,
      `The answer would hold more than ${formatNumber(EXECUTION_BUDGET.maxValues)} values; ask for fewer fields or fewer nested lists.`,
    );
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The first chunk of items as they are, each later chunk one event-loop turn after the previous one. */
function chunked(items: readonly unknown[], info: GraphQLResolveInfo): unknown[] {
  const size = Math.max(1, Math.floor(EXECUTION_BUDGET.chunkValues / width(info)));
  if (items.length <= size) return items as unknown[];
  const out: unknown[] = items.slice(0, size);
  let gate: Promise<void> = Promise.resolve();
  for (let start = size; start < items.length; start += size) {
    gate = gate.then(nextTurn);
    const open = gate;
    for (const item of items.slice(start, start + size)) out.push(open.then(() => item));
  }
  return out;
}

function budgeted(resolve: GraphQLFieldResolver<unknown, unknown>, returnsList: boolean): GraphQLFieldResolver<unknown, unknown> {
  const run = (source: unknown, args: Record<string, unknown>, ctx: unknown, info: GraphQLResolveInfo): unknown => {
    const budget = budgetOf(ctx as BudgetedContext);
    if (!budget) return resolve(source, args, ctx, info);
    const cut = info.operation.operation !== 'mutation';
    if (budget.failed && cut) throw budget.failed;
    const now = performance.now();
    if (cut && now - budget.started > EXECUTION_BUDGET.maxMs) {
      fail(budget, QUERY_TIMEOUT, `The operation ran longer than ${EXECUTION_BUDGET.maxMs / 1000} s and was stopped; ask for less.`);
    }
    if (now - budget.slice > EXECUTION_BUDGET.sliceMs) {
      budget.gate ??= new Promise<void>((done) =>
        setImmediate(() => {
          budget.gate = null;
          budget.slice = performance.now();
          done();
        }),
      );
      return budget.gate.then(() => run(source, args, ctx, info));
    }
    const result = resolve(source, args, ctx, info);
    if (!returnsList) return result;
    const settle = (value: unknown) => {
      if (!Array.isArray(value)) return value;
      if (cut) countList(budget, value, info);
      return chunked(value, info);
    };
    return result instanceof Promise ? result.then(settle) : settle(result);
  };
  return run;
}

/** Wraps every resolver the schema defines (default property resolvers stay as they are). */
export function installExecutionBudget(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve;
      if (!resolve || (resolve as { budgeted?: boolean }).budgeted) continue;
      field.resolve = Object.assign(budgeted(resolve, isListType(getNullableType(field.type))), { budgeted: true });
    }
  }
}

/**
 * A cut operation answers with its one budget error and no data: the fields left
 * unresolved would otherwise each add an error (thousands for a long list).
 */
export function collapseBudgetErrors<T extends { data?: unknown; errors?: readonly unknown[] | undefined }>(result: T): T {
  const errors = result.errors as ReadonlyArray<GraphQLFormattedError> | undefined;
  const first = errors?.find((e) => GRAPHQL_LIMIT_CODES.has(String(e.extensions?.code)));
  if (!first) return result;
  const { locations: _l, path: _p, ...error } = first;
  return { ...result, data: null, errors: [error] };
}

export function responseTooLarge(bytes: number): { data: null; errors: GraphQLFormattedError[] } {
  return {
    data: null,
    errors: [
      {
        message: `The answer is larger than ${EXECUTION_BUDGET.maxBytes / 2 ** 20} MB (${(bytes / 2 ** 20).toFixed(1)} MB); ask for fewer fields or fewer nested lists.`,
        extensions: { code: RESPONSE_TOO_LARGE },
      },
    ],
  };
}

/**
 * The size budget of a POST /graphql answer, as that route's onSend hook: an answer past
 * maxBytes once serialized is replaced by RESPONSE_TOO_LARGE (compressed answers come from the
 * response cache, whose entries were checked when made). A callback hook: it runs for every answer.
 */
export function responseSizeBudget(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void {
  if (reply.getHeader('content-encoding')) return done(null, payload);
  const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : 0;
  if (bytes <= EXECUTION_BUDGET.maxBytes) return done(null, payload);
  request.log.warn({ bytes }, 'GraphQL answer over the response size budget');
  reply.code(200).type(contentTypeOf(answerMediaOf(request.headers.accept)));
  // A batch keeps its shape: one answer per operation.
  const batch = Array.isArray(request.body) ? request.body.length : 0;
  done(null, JSON.stringify(batch ? Array.from({ length: batch }, () => responseTooLarge(bytes)) : responseTooLarge(bytes)));
}

/**
 * Installs the budgets on the app: resolvers are wrapped once every feature has added its own.
 * Answers with errors are collapsed (collapseBudgetErrors) by the errorFormatter of
 * graphql.plugin.ts, and POST /graphql carries responseSizeBudget as its onSend hook.
 */
export function executionBudgetHooks(app: FastifyInstance): void {
  app.addHook('onReady', async () => installExecutionBudget(app.graphql.schema));
}
