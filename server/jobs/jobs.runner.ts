import type { Db } from '../db/connection.js';
import { inImmediateTransaction, INTERRUPTED_ERROR, markJobDone, markJobFailed } from './jobs.repo.js';
import type { JobRow } from './jobs.tables.js';
import { classifyStorageError } from '../db/storage-errors.js';

export type Backoff = { baseMs: number; maxMs: number; jitter: number };

export type EnqueueInput = {
  kind: string;
  /** With the kind, unique forever: enqueueing the same key again does nothing. */
  uniqueKey: string;
  runAt?: Date | string;
  payload?: unknown;
  organizationId?: string | null;
};
export type EnqueueResult = { created: boolean; job: JobRow };

export type JobContext = {
  jobId: string;
  kind: string;
  attempt: number;
  maxAttempts: number;
  organizationId: string | null;
  /** Start (ISO) of the schedule period this job is for; null for jobs enqueued directly. */
  period: string | null;
  now: Date;
  runAt: Date;
  /** Aborted when the job runs past its lease or the server stops. */
  signal: AbortSignal;
  enqueue: (input: EnqueueInput) => EnqueueResult;
};

export type JobHandler<P = any> = (payload: P, ctx: JobContext) => void | Promise<void>;

export type Registration = {
  handler: JobHandler;
  maxAttempts: number;
  backoff: Backoff;
  leaseMs: number;
  /** A synchronous handler that runs in the same transaction as marking the job done: its writes happen exactly once. */
  transactional: boolean;
};

export type RunOutcome = 'done' | 'failed' | 'dead' | 'lost';

/** Exponential back-off: base * 2^(attempt-1), at most max, spread by +-jitter. */
export function retryDelayMs(attempt: number, backoff: Backoff, random: () => number): number {
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (1 - backoff.jitter + 2 * backoff.jitter * random()));
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'Unknown error';

class Interrupted extends Error {}

function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new Interrupted(signal.reason instanceof Error ? signal.reason.message : INTERRUPTED_ERROR));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

export type RunDeps = { db: Db; runnerId: string; now: () => number; random: () => number; enqueue: JobContext['enqueue']; shutdown: AbortSignal };

/**
 * Runs one claimed job and records the outcome (done, failed with a retry time, or dead).
 * `storageError`: the handler failed on the storage (disk full...), which the scheduler waits out.
 */
export async function runClaimedJob(deps: RunDeps, job: JobRow, reg: Registration): Promise<{ outcome: RunOutcome; error?: string; storageError?: unknown }> {
  const lease = new AbortController();
  const timer = setTimeout(() => lease.abort(new Error(`Timed out after ${Math.round(reg.leaseMs / 1000)} s.`)), reg.leaseMs);
  timer.unref?.();
  const signal = AbortSignal.any([lease.signal, deps.shutdown]);
  const held = { id: job.id, runnerId: deps.runnerId, attempt: job.attempts };
  const ctx: JobContext = {
    jobId: job.id,
    kind: job.kind,
    attempt: job.attempts,
    maxAttempts: job.max_attempts,
    organizationId: job.organization_id,
    period: job.period,
    now: new Date(deps.now()),
    runAt: new Date(job.run_at),
    signal,
    enqueue: deps.enqueue,
  };
  try {
    if (reg.transactional) {
      const finished = inImmediateTransaction(deps.db, () => {
        const result: unknown = reg.handler(job.payload, ctx);
        if (result && typeof (result as Promise<void>).then === 'function')
          throw new Error(`The handler of ${job.kind} is transactional and must be synchronous.`);
        // Lost the lock (another runner took the job over): roll the handler's writes back.
        if (!markJobDone(deps.db, { ...held, now: new Date(deps.now()).toISOString() })) throw new Interrupted('lost');
        return true;
      });
      return { outcome: finished ? 'done' : 'lost' };
    }
    await Promise.race([reg.handler(job.payload, ctx), untilAborted(signal)]);
    return { outcome: markJobDone(deps.db, { ...held, now: new Date(deps.now()).toISOString() }) ? 'done' : 'lost' };
  } catch (err) {
    if (err instanceof Interrupted && err.message === 'lost') return { outcome: 'lost' };
    const error = errorText(err);
    const now = deps.now();
    const retryAt =
      job.attempts >= job.max_attempts
        ? null
        : new Date(now + (deps.shutdown.aborted ? 0 : retryDelayMs(job.attempts, reg.backoff, deps.random))).toISOString();
    // Cut by the shutdown (not by its own lease): interrupted, due again as soon as the server is back.
    const interrupted = deps.shutdown.aborted && !lease.signal.aborted;
    const recorded = markJobFailed(deps.db, { ...held, now: new Date(now).toISOString(), error, retryAt, interrupted });
    return { outcome: !recorded ? 'lost' : retryAt ? 'failed' : 'dead', error, ...(classifyStorageError(err) ? { storageError: err } : {}) };
  } finally {
    clearTimeout(timer);
  }
}
