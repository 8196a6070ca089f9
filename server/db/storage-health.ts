import type { Db } from './connection.js';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageCause } from '../../shared/errors.js';
import { classifyStorageError, describeForOperator, type StorageFailure } from './storage-errors.js';

/** While nothing failed, the health check writes its probe at most this often; in between it answers what it last found. */
export const PROBE_EVERY_MS = 5_000;
/** A failure of the same cause is logged again at most this often (with how many were not logged). */
export const LOG_REPEAT_MS = 60_000;

export type StorageStatus = { status: 'ok' } | { status: 'failing'; code: StorageFailure['code']; cause: StorageCause; since: string; last_failure_at: string };

export type StorageHealthOptions = {
  db: Db;
  dataDir: string;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  now?: () => number;
};

type Problem = { failure: StorageFailure; since: number; lastAt: number };

/**
 * What the server knows about its storage (docs/decisions/0058): every storage failure any part
 * of the server meets is reported here, which logs it (one line, no stack) and keeps it for the
 * health check until a write works again. Its probe is a real write, so the check also tells a
 * disk that filled up while nobody wrote.
 */
export class StorageHealth {
  private problem: Problem | null = null;
  private probedAt = -Infinity;
  private readonly logged = new Map<StorageCause, { at: number; unlogged: number }>();
  private readonly now: () => number;

  constructor(private readonly options: StorageHealthOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  /** The storage failure behind `err` (recorded and logged), or null when `err` is something else. */
  report(err: unknown, where: string): StorageFailure | null {
    const failure = classifyStorageError(err, this.options.dataDir);
    if (failure) this.record(failure, where);
    return failure;
  }

  /** True while the latest word on storage is a failure. */
  get failing(): boolean {
    return this.problem !== null;
  }

  /**
   * A small real write: the database header's user_version written back unchanged (one page to
   * the WAL; no table, no trigger, no cache to forget). Answers its failure, or null when the
   * write worked; that clears a recorded failure, except a damaged database, which stays
   * reported until the server restarts.
   */
  probe(): StorageFailure | null {
    const sqlite = this.options.db.$client;
    this.probedAt = this.now();
    // Never inside someone's transaction: its writes are not this probe's to commit.
    if (sqlite.inTransaction) return null;
    try {
      const version = Number(sqlite.pragma('user_version', { simple: true }));
      sqlite.pragma(`user_version = ${version}`);
    } catch (err) {
      const failure = this.report(err, 'storage check');
      if (!failure) throw err;
      return failure;
    }
    if (this.problem && this.problem.failure.cause !== 'corrupt') {
      this.options.log.info({ event: 'storage_recovered', cause: this.problem.failure.cause }, 'storage: writes work again');
      this.problem = null;
      this.logged.clear();
    }
    return null;
  }

  /**
   * For the health check: probes while a failure is recorded (to see it end), otherwise when the
   * last probe is older than PROBE_EVERY_MS (to see a disk that filled up while nobody wrote).
   */
  check(): StorageStatus {
    if (this.problem || this.now() - this.probedAt >= PROBE_EVERY_MS) this.probe();
    const p = this.problem;
    if (!p) return { status: 'ok' };
    return {
      status: 'failing',
      code: p.failure.code,
      cause: p.failure.cause,
      since: new Date(p.since).toISOString(),
      last_failure_at: new Date(p.lastAt).toISOString(),
    };
  }

  private record(failure: StorageFailure, where: string): void {
    const at = this.now();
    // A damaged database stays the problem until a restart, whatever comes after it.
    if (this.problem?.failure.cause !== 'corrupt' || failure.cause === 'corrupt') {
      this.problem = { failure, since: this.problem?.failure.cause === failure.cause ? this.problem.since : at, lastAt: at };
    } else {
      this.problem.lastAt = at;
    }
    const seen = this.logged.get(failure.cause);
    if (seen && at - seen.at < LOG_REPEAT_MS) {
      seen.unlogged += 1;
      return;
    }
    this.logged.set(failure.cause, { at, unlogged: 0 });
    this.options.log.error(
      {
        event: 'storage_failure',
        code: failure.code,
        cause: failure.cause,
        storage_error: failure.raw,
        where,
        ...(seen ? { not_logged_since: seen.unlogged } : {}),
      },
      `storage failure: ${describeForOperator(failure, this.options.dataDir)}`,
    );
  }
}
