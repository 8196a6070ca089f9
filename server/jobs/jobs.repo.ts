import { and, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { newId } from '../lib/tokens.js';
import { jobs, type JobRow, type JobStatus } from './jobs.tables.js';
import { sqliteTransaction } from '../db/sqlite.js';

export type NewJob = {
  kind: string;
  uniqueKey: string;
  organizationId: string | null;
  payload: unknown;
  runAt: string;
  maxAttempts: number;
  scheduleId?: string | null;
  period?: string | null;
  now: string;
};

export const INTERRUPTED_ERROR = 'The server stopped while this job ran.';
/** What an admin may run again now. */
export const RETRYABLE_JOB_STATUSES: JobStatus[] = ['failed', 'interrupted', 'dead'];

function jobValues(job: NewJob): JobRow {
  return {
    id: newId(),
    organization_id: job.organizationId,
    kind: job.kind,
    unique_key: job.uniqueKey,
    schedule_id: job.scheduleId ?? null,
    period: job.period ?? null,
    payload: job.payload ?? {},
    status: 'queued',
    attempts: 0,
    max_attempts: job.maxAttempts,
    run_at: job.runAt,
    last_error: null,
    locked_until: null,
    locked_by: null,
    started_at: null,
    finished_at: null,
    created_at: job.now,
  };
}

/** Inserts the job unless one with the same kind and unique key exists; returns the stored one. */
/** Runs `fn` in one synchronous transaction that takes the write lock at BEGIN (BEGIN IMMEDIATE); a throw rolls it back. */
export function inImmediateTransaction<T>(db: Db, fn: () => T): T {
  return sqliteTransaction(db, fn).immediate();
}

export function insertJob(db: Db, job: NewJob): { created: boolean; job: JobRow } {
  const row = jobValues(job);
  const created =
    db
      .insert(jobs)
      .values(row)
      .onConflictDoNothing({ target: [jobs.kind, jobs.unique_key] })
      .run().changes === 1;
  if (created) return { created, job: row };
  const existing = db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, job.kind), eq(jobs.unique_key, job.uniqueKey)))
    .get();
  if (!existing) throw new Error(`job ${job.kind}/${job.uniqueKey} neither inserted nor found`);
  return { created, job: existing };
}

/** Several jobs in one statement each, skipping keys that exist; returns how many were new. */
export function insertJobsIgnoringDuplicates(db: Db, list: readonly NewJob[]): number {
  let created = 0;
  for (const job of list)
    created += db
      .insert(jobs)
      .values(jobValues(job))
      .onConflictDoNothing({ target: [jobs.kind, jobs.unique_key] })
      .run().changes;
  return created;
}

/**
 * Claims up to `limit` due jobs of the given kinds for this runner, in one IMMEDIATE transaction
 * (one writer at a time, so two runners never claim the same job). Due: queued or failed with
 * run_at passed, or running with an expired lock (the process died mid-run). An interrupted job
 * that has used all its attempts becomes dead instead.
 */
/** Claims due jobs of the given kinds; each is locked until its own kind's lease ends (`lockedUntil(kind)`). */
export function claimDueJobs(
  db: Db,
  input: { now: string; lockedUntil: (kind: string) => string; runnerId: string; kinds: readonly string[]; limit: number },
): JobRow[] {
  if (!input.kinds.length) return [];
  return sqliteTransaction(db, () => {
    const interrupted = and(eq(jobs.status, 'running'), lte(jobs.locked_until, input.now));
    db.update(jobs)
      .set({ status: 'dead', last_error: INTERRUPTED_ERROR, locked_until: null, locked_by: null, finished_at: input.now })
      .where(and(interrupted, gte(jobs.attempts, jobs.max_attempts)))
      .run();
    const due = db
      .select({ id: jobs.id, kind: jobs.kind })
      .from(jobs)
      .where(
        and(inArray(jobs.kind, [...input.kinds]), or(and(inArray(jobs.status, ['queued', 'failed', 'interrupted']), lte(jobs.run_at, input.now)), interrupted)),
      )
      .orderBy(jobs.run_at)
      .limit(input.limit)
      .all();
    return due.flatMap((d) =>
      db
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          last_error: sql`case when ${jobs.status} = 'running' then ${INTERRUPTED_ERROR} else ${jobs.last_error} end`,
          locked_until: input.lockedUntil(d.kind),
          locked_by: input.runnerId,
          started_at: input.now,
        })
        .where(eq(jobs.id, d.id))
        .returning()
        .all(),
    );
  }).immediate();
}

/**
 * On start: jobs left `running` by another runner (this process has not claimed any yet) were
 * cut off when the server stopped or was killed. They become `interrupted`, due now (or `dead`
 * when the interrupted attempt was their last), without waiting for their lease to pass.
 * A transactional handler's writes were rolled back with the kill; the others are at-least-once.
 */
export function markInterruptedJobs(db: Db, input: { runnerId: string; now: string }): { interrupted: number; dead: number } {
  return sqliteTransaction(db, () => {
    const orphaned = and(eq(jobs.status, 'running'), or(isNull(jobs.locked_by), ne(jobs.locked_by, input.runnerId)));
    const dead = db
      .update(jobs)
      .set({ status: 'dead', last_error: INTERRUPTED_ERROR, locked_until: null, locked_by: null, finished_at: input.now })
      .where(and(orphaned, gte(jobs.attempts, jobs.max_attempts)))
      .run().changes;
    const interrupted = db
      .update(jobs)
      .set({ status: 'interrupted', last_error: INTERRUPTED_ERROR, run_at: input.now, locked_until: null, locked_by: null })
      .where(orphaned)
      .run().changes;
    return { interrupted, dead };
  }).immediate();
}

/** Only the runner that holds this attempt's lock may finish it (a re-claimed job ignores the old runner). */
const heldBy = (input: { id: string; runnerId: string; attempt: number }) =>
  and(eq(jobs.id, input.id), eq(jobs.status, 'running'), eq(jobs.locked_by, input.runnerId), eq(jobs.attempts, input.attempt));

export function markJobDone(db: Db, input: { id: string; runnerId: string; attempt: number; now: string }): boolean {
  return (
    db.update(jobs).set({ status: 'done', finished_at: input.now, locked_until: null, locked_by: null, last_error: null }).where(heldBy(input)).run()
      .changes === 1
  );
}

/** retryAt null: no attempts left, the job is dead. interrupted: the server is stopping (it runs again on the next start). */
export function markJobFailed(
  db: Db,
  input: { id: string; runnerId: string; attempt: number; now: string; error: string; retryAt: string | null; interrupted?: boolean },
): boolean {
  const set = input.retryAt
    ? {
        status: input.interrupted ? ('interrupted' as const) : ('failed' as const),
        run_at: input.retryAt,
        last_error: input.error,
        locked_until: null,
        locked_by: null,
      }
    : { status: 'dead' as const, finished_at: input.now, last_error: input.error, locked_until: null, locked_by: null };
  return db.update(jobs).set(set).where(heldBy(input)).run().changes === 1;
}

export function findJob(db: Db, id: string): JobRow | undefined {
  return db.select().from(jobs).where(eq(jobs.id, id)).get();
}

/** An organization's jobs (never system jobs), latest run time first. */
export function listOrganizationJobs(db: Db, organizationId: string, opts: { status: JobStatus | null; limit: number }): JobRow[] {
  const conds = [eq(jobs.organization_id, organizationId)];
  if (opts.status) conds.push(eq(jobs.status, opts.status));
  return db
    .select()
    .from(jobs)
    .where(and(...conds))
    .orderBy(desc(jobs.run_at), desc(jobs.created_at))
    .limit(opts.limit)
    .all();
}

/** The newest system job (no organization) of a kind, by its run time: how the last scheduled run went. */
export function latestSystemJob(db: Db, kind: string): JobRow | undefined {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), isNull(jobs.organization_id)))
    .orderBy(desc(jobs.run_at), desc(jobs.created_at))
    .limit(1)
    .get();
}

export function findOrganizationJob(db: Db, organizationId: string, id: string): JobRow | undefined {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.organization_id, organizationId)))
    .get();
}

/**
 * Runs a failed, interrupted or dead job again now: a dead one gets its full attempts back.
 * Returns false when the job is none of these any more (it ran meanwhile).
 */
export function requeueJob(db: Db, id: string, now: string): boolean {
  return (
    db
      .update(jobs)
      .set({ status: 'queued', run_at: now, attempts: sql`case when ${jobs.status} = 'dead' then 0 else ${jobs.attempts} end`, finished_at: null })
      .where(and(eq(jobs.id, id), inArray(jobs.status, RETRYABLE_JOB_STATUSES)))
      .run().changes === 1
  );
}

/** Jobs of a removed schedule that have not started do not run. */
export function deletePendingScheduleJobs(db: Db, scheduleId: string): number {
  return db
    .delete(jobs)
    .where(and(eq(jobs.schedule_id, scheduleId), inArray(jobs.status, ['queued', 'failed'])))
    .run().changes;
}

/** The scheduler's status of each of these jobs (a job the server left running shows `interrupted`; one not found is left out). */
export function jobStatusesByIds(db: Db, jobIds: readonly string[]): Map<string, string> {
  if (!jobIds.length) return new Map();
  return new Map(
    db
      .select({ id: jobs.id, status: jobs.status })
      .from(jobs)
      .where(inArray(jobs.id, [...jobIds]))
      .all()
      .map((j) => [j.id, j.status]),
  );
}
