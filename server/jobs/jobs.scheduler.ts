import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.js';
import { claimDueJobs, insertJob, markInterruptedJobs, type NewJob } from './jobs.repo.js';
import { firstIndexFrom, lastStartedIndex, periodStart, type Every } from './jobs.periods.js';
import { runClaimedJob, type Backoff, type EnqueueInput, type EnqueueResult, type JobHandler, type Registration, type RunOutcome } from './jobs.runner.js';
import { deleteScheduleByKey, findDueSchedules, materializePeriods, upsertSchedule } from './jobs.schedules.repo.js';
import type { CatchUpMode, JobRow, JobScheduleRow } from './jobs.tables.js';
import { classifyStorageError } from '../db/storage-errors.js';
import type { StorageHealth } from '../db/storage-health.js';

export type { EnqueueInput, EnqueueResult, JobContext, JobHandler } from './jobs.runner.js';

export type HandlerOptions = { maxAttempts?: number; backoff?: Partial<Backoff>; leaseMs?: number; transactional?: boolean };

export type ScheduleInput = {
  /** Stable name of the schedule (e.g. `reviews.rule:<rule-id>`); scheduling the same key again updates it. */
  key: string;
  kind: string;
  organizationId?: string | null;
  payload?: unknown;
  every: Every;
  /** Start of the first period; later periods keep its time of day (and, for months, its day). */
  startAt: Date | string;
  endAt?: Date | string | null;
  /** After downtime: run every missed period ('all') or only the latest ('latest', right for reminders). */
  catchUp: CatchUpMode;
  active?: boolean;
};

export type SchedulerOptions = {
  db: Db;
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  /** The clock (ms): tests drive time with it instead of sleeping. */
  now?: () => number;
  random?: () => number;
  pollMs?: number;
  batchSize?: number;
  maxJobsPerTick?: number;
  /** Where storage failures go (docs/decisions/0058); while it reports one, passes wait for its probe. */
  storage?: StorageHealth;
  /** The wait between passes while the storage fails (default STORAGE_RETRY_MS). */
  storageRetryMs?: number;
};

export type RunSummary = Record<RunOutcome, number>;

export const DEFAULT_HANDLER_OPTIONS = {
  maxAttempts: 5,
  backoff: { baseMs: 60_000, maxMs: 6 * 3_600_000, jitter: 0.2 },
  leaseMs: 5 * 60_000,
  transactional: false,
};
/** While the storage fails (disk full...), the loop waits this long between tries instead of pollMs. */
export const STORAGE_RETRY_MS = 30_000;
/** At most this many periods of one schedule per tick; a longer backlog continues on the next tick. */
export const MAX_PERIODS_PER_TICK = 500;

const iso = (value: Date | string | number): string => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${String(value)}`);
  return date.toISOString();
};

/**
 * The persisted job scheduler: jobs live in SQLite (server/jobs/jobs.tables.ts), the one process
 * runs them from a timer loop, and a unique key per job (with the period for recurring schedules)
 * makes running the same work twice impossible rather than unlikely. See docs/decisions/0013.
 */
export class Scheduler {
  readonly runnerId = crypto.randomUUID();
  private readonly db: Db;
  private readonly log: SchedulerOptions['log'];
  private readonly handlers = new Map<string, Registration>();
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly maxJobsPerTick: number;
  private readonly random: () => number;
  private clock: () => number;
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private ticking: Promise<RunSummary> | null = null;
  private rerun = false;
  private shutdown = new AbortController();
  private inFlight: readonly JobRow[] = [];
  private readonly storage: StorageHealth | undefined;
  private readonly storageRetryMs: number;

  constructor(options: SchedulerOptions) {
    this.db = options.db;
    this.log = options.log;
    this.clock = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.pollMs = options.pollMs ?? 5_000;
    this.batchSize = options.batchSize ?? 4;
    this.maxJobsPerTick = options.maxJobsPerTick ?? 100;
    this.storage = options.storage;
    this.storageRetryMs = options.storageRetryMs ?? STORAGE_RETRY_MS;
  }

  now(): number {
    return this.clock();
  }

  /** Replaces the clock (tests: a fake clock on the app's scheduler). */
  useClock(now: () => number): void {
    this.clock = now;
  }

  register<P>(kind: string, handler: JobHandler<P>, options: HandlerOptions = {}): void {
    if (this.handlers.has(kind)) throw new Error(`A job handler for ${kind} is already registered.`);
    const d = DEFAULT_HANDLER_OPTIONS;
    this.handlers.set(kind, {
      handler: handler as JobHandler,
      maxAttempts: options.maxAttempts ?? d.maxAttempts,
      backoff: { ...d.backoff, ...options.backoff },
      leaseMs: options.leaseMs ?? d.leaseMs,
      transactional: options.transactional ?? d.transactional,
    });
  }

  private registration(kind: string): Registration {
    const reg = this.handlers.get(kind);
    if (!reg) throw new Error(`No job handler is registered for ${kind}.`);
    return reg;
  }

  /** Stores a job unless its kind + unique key exists already; `created` says which. */
  enqueue = (input: EnqueueInput): EnqueueResult => {
    const reg = this.registration(input.kind);
    if (!input.uniqueKey || input.uniqueKey.length > 500) throw new Error('A job needs a unique key of 1 to 500 characters.');
    const now = this.now();
    const runAt = iso(input.runAt ?? now);
    const result = insertJob(this.db, {
      kind: input.kind,
      uniqueKey: input.uniqueKey,
      organizationId: input.organizationId ?? null,
      payload: input.payload ?? {},
      runAt,
      maxAttempts: reg.maxAttempts,
      now: iso(now),
    });
    if (result.created && runAt <= iso(now)) this.poke();
    return result;
  };

  /** Creates or updates a recurring schedule. A new one, a changed timing or a re-activation starts at the first period from now. */
  schedule(input: ScheduleInput): JobScheduleRow {
    this.registration(input.kind);
    if (!Number.isInteger(input.every.count) || input.every.count < 1) throw new Error('A schedule repeats every 1 or more units.');
    const anchorAt = iso(input.startAt);
    const active = input.active ?? true;
    const now = this.now();
    const every = input.every;
    return upsertSchedule(
      this.db,
      {
        key: input.key,
        kind: input.kind,
        organizationId: input.organizationId ?? null,
        payload: input.payload ?? {},
        everyUnit: every.unit,
        everyCount: every.count,
        anchorAt,
        endsAt: input.endAt ? iso(input.endAt) : null,
        catchUp: input.catchUp,
        active,
      },
      (existing) => {
        const timingChanged =
          !existing ||
          existing.anchor_at !== anchorAt ||
          existing.every_unit !== every.unit ||
          existing.every_count !== every.count ||
          (active && !existing.active);
        if (!timingChanged) return null;
        const index = firstIndexFrom(Date.parse(anchorAt), every, now);
        return { index, runAt: iso(periodStart(Date.parse(anchorAt), every, index)) };
      },
      iso(now),
    );
  }

  /** Removes a schedule; its jobs that have not started are dropped. */
  unschedule(key: string): boolean {
    return deleteScheduleByKey(this.db, key);
  }

  /** Turns started periods of due schedules into jobs (all missed ones, or only the latest). Returns how many jobs were new. */
  materializeSchedules(): number {
    const now = this.now();
    let created = 0;
    for (const schedule of findDueSchedules(this.db, iso(now), 100)) {
      if (!this.handlers.has(schedule.kind)) continue;
      try {
        created += this.materialize(schedule, now);
      } catch (err) {
        // Storage full or failing: no other schedule can be written either; the pass stops (loop()).
        if (classifyStorageError(err)) throw err;
        // One broken schedule must not hold up the others; it is tried again on the next pass.
        this.log.error({ err, schedule: schedule.key }, 'schedule could not be materialized');
      }
    }
    return created;
  }

  private materialize(schedule: JobScheduleRow, now: number): number {
    const every: Every = { unit: schedule.every_unit, count: schedule.every_count };
    const anchor = Date.parse(schedule.anchor_at);
    const endsAt = schedule.ends_at ? Date.parse(schedule.ends_at) : Infinity;
    let last = lastStartedIndex(anchor, every, Math.min(now, endsAt));
    if (last < schedule.next_index) return 0;
    let first = schedule.next_index;
    if (schedule.catch_up === 'latest') first = last;
    else last = Math.min(last, first + MAX_PERIODS_PER_TICK - 1);
    const reg = this.registration(schedule.kind);
    const periodJobs: NewJob[] = [];
    for (let index = first; index <= last; index += 1) {
      const period = iso(periodStart(anchor, every, index));
      periodJobs.push({
        kind: schedule.kind,
        uniqueKey: `${schedule.key}@${period}`,
        organizationId: schedule.organization_id,
        payload: schedule.payload,
        runAt: period,
        maxAttempts: reg.maxAttempts,
        scheduleId: schedule.id,
        period,
        now: iso(now),
      });
    }
    const next = { index: last + 1, runAt: iso(periodStart(anchor, every, last + 1)) };
    const created = materializePeriods(this.db, schedule, periodJobs, next, iso(now));
    if (first > schedule.next_index)
      this.log.info({ schedule: schedule.key, skipped: first - schedule.next_index }, 'schedule caught up with its latest period only');
    return created;
  }

  /** Claims and runs due jobs in batches until none is due (or the per-tick cap is reached). */
  async runDueJobs(): Promise<RunSummary> {
    const summary: RunSummary = { done: 0, failed: 0, dead: 0, lost: 0 };
    let budget = this.maxJobsPerTick;
    while (budget > 0 && !this.shutdown.signal.aborted) {
      const now = this.now();
      const kinds = [...this.handlers.keys()];
      const claimed = claimDueJobs(this.db, {
        now: iso(now),
        lockedUntil: (kind) => iso(now + this.registration(kind).leaseMs),
        runnerId: this.runnerId,
        kinds,
        limit: Math.min(this.batchSize, budget),
      });
      if (!claimed.length) break;
      budget -= claimed.length;
      const deps = { db: this.db, runnerId: this.runnerId, now: () => this.now(), random: this.random, enqueue: this.enqueue, shutdown: this.shutdown.signal };
      this.inFlight = claimed;
      const results = await Promise.all(claimed.map((job) => runClaimedJob(deps, job, this.registration(job.kind)))).finally(() => {
        this.inFlight = [];
      });
      results.forEach((result, i) => {
        summary[result.outcome] += 1;
        const job = claimed[i]!;
        if (result.outcome === 'done') this.log.debug({ jobId: job.id, kind: job.kind }, 'job done');
        else this.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, outcome: result.outcome, error: result.error }, 'job did not finish');
      });
      // A job failed on the storage (it was recorded failed, to run again): the next ones would too.
      const storageFailure = results.find((r) => r.storageError !== undefined);
      if (storageFailure) throw storageFailure.storageError;
    }
    return summary;
  }

  /** The jobs this process is running right now (shutdown names them when it has to cut them). */
  inProgress(): Array<Pick<JobRow, 'id' | 'kind'>> {
    return this.inFlight.map((j) => ({ id: j.id, kind: j.kind }));
  }

  /** One pass: materialize due schedules, then run due jobs. Concurrent calls share the pass in progress. */
  tick(): Promise<RunSummary> {
    this.ticking ??= this.pass().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async pass(): Promise<RunSummary> {
    this.materializeSchedules();
    return this.runDueJobs();
  }

  /** Starts the timer loop (catch-up and crash recovery happen on its first pass, right away). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.recoverInterrupted();
    this.arm(0);
  }

  /** Jobs another process left running (it stopped or was killed): interrupted, run again on the first pass. */
  recoverInterrupted(): { interrupted: number; dead: number } {
    const found = markInterruptedJobs(this.db, { runnerId: this.runnerId, now: iso(this.now()) });
    if (found.interrupted || found.dead) {
      this.log.warn(found, `jobs interrupted when the server stopped: ${found.interrupted} run again now, ${found.dead} had no attempts left (dead)`);
    }
    return found;
  }

  private arm(delayMs: number): void {
    if (!this.started) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), delayMs);
    this.timer.unref();
  }

  /**
   * Passes until no rerun is asked for, then waits pollMs. While the storage fails (docs/decisions/0058)
   * it does not spin: a failed pass is reported once, and the next tries are a probe every
   * storageRetryMs until a write works again.
   */
  private async loop(): Promise<void> {
    this.timer = null;
    let wait = this.pollMs;
    do {
      this.rerun = false;
      try {
        if (this.storage?.failing && this.storage.probe()) {
          wait = this.storageRetryMs;
          break;
        }
        await this.tick();
      } catch (err) {
        const storage = this.storage ? this.storage.report(err, 'job scheduler') : classifyStorageError(err);
        if (storage) {
          wait = this.storageRetryMs;
          break;
        }
        this.log.error({ err }, 'job scheduler pass failed');
      }
    } while (this.rerun && this.started);
    this.arm(wait);
  }

  /** A job became due now: run it soon instead of at the next poll. */
  poke(): void {
    if (!this.started) return;
    if (this.ticking) this.rerun = true;
    else this.arm(0);
  }

  /** Stops the loop; running jobs are told to stop (signal) and recorded as `interrupted`, to run again on the next start. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.shutdown.abort(new Error('The server stopped while this job ran.'));
    await this.ticking?.catch(() => undefined);
    this.shutdown = new AbortController();
  }
}
