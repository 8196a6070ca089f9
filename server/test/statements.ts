import type { FastifyInstance } from 'fastify';
import { EXECUTION_BUDGET } from '../graphql/execution-budget.js';

/** The response cache's own statements (EXPLAIN once per SQL text, data_version checks: docs/decisions/0039) are not the query's. */
const BOOKKEEPING = /^\s*(explain|pragma)\b/i;

/**
 * Counts the SQL statements `work` runs (runs, not prepares: statements are prepared once and
 * reused), for tests that hold a list query to a constant number of statements. Meanwhile the
 * scheduler is paused (a background pass is not the query's), and the execution budget's fairness
 * slices are turned off: after 10 ms of resolving the executor yields a turn of the event loop,
 * which on a busy machine splits a level's loads into two batches (docs/decisions/0043).
 */
export async function countStatements(app: FastifyInstance, work: () => Promise<unknown>): Promise<number> {
  await app.services.scheduler.stop();
  const sliceMs = EXECUTION_BUDGET.sliceMs;
  EXECUTION_BUDGET.sliceMs = Number.POSITIVE_INFINITY;
  const proto = Object.getPrototypeOf(app.services.db.$client.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  const originals = { all: proto.all!, get: proto.get!, run: proto.run!, iterate: proto.iterate! };
  let statements = 0;
  for (const [name, fn] of Object.entries(originals)) {
    proto[name] = function (this: { source: string }, ...args: unknown[]) {
      if (!BOOKKEEPING.test(this.source)) statements++;
      return fn.apply(this, args);
    };
  }
  try {
    await work();
    return statements;
  } finally {
    Object.assign(proto, originals);
    EXECUTION_BUDGET.sliceMs = sliceMs;
    app.services.scheduler.start();
  }
}
