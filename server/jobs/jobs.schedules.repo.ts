import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { newId } from '../lib/tokens.js';
import { deletePendingScheduleJobs, insertJobsIgnoringDuplicates, type NewJob } from './jobs.repo.js';
import { jobSchedules, type CatchUpMode, type JobScheduleRow, type ScheduleUnit } from './jobs.tables.js';
import { sqliteTransaction } from '../db/sqlite.js';

export type ScheduleValues = {
  key: string;
  kind: string;
  organizationId: string | null;
  payload: unknown;
  everyUnit: ScheduleUnit;
  everyCount: number;
  anchorAt: string;
  endsAt: string | null;
  catchUp: CatchUpMode;
  active: boolean;
};

export function findScheduleByKey(db: Db, key: string): JobScheduleRow | undefined {
  return db.select().from(jobSchedules).where(eq(jobSchedules.key, key)).get();
}

function unchanged(row: JobScheduleRow, fields: Omit<JobScheduleRow, 'id' | 'key' | 'next_index' | 'next_run_at' | 'created_at'>): boolean {
  return (
    row.kind === fields.kind &&
    row.organization_id === fields.organization_id &&
    row.every_unit === fields.every_unit &&
    row.every_count === fields.every_count &&
    row.anchor_at === fields.anchor_at &&
    row.ends_at === fields.ends_at &&
    row.catch_up === fields.catch_up &&
    row.active === fields.active &&
    JSON.stringify(row.payload) === JSON.stringify(fields.payload)
  );
}

/**
 * Creates or updates the schedule with this key. `cursor` (the first period still to run) is
 * used for a new schedule and whenever `resetCursor` says the timing changed or it was re-activated.
 */
export function upsertSchedule(
  db: Db,
  values: ScheduleValues,
  cursor: (existing: JobScheduleRow | undefined) => { index: number; runAt: string } | null,
  now: string,
): JobScheduleRow {
  return sqliteTransaction(db, () => {
    const existing = findScheduleByKey(db, values.key);
    const fields = {
      kind: values.kind,
      organization_id: values.organizationId,
      payload: values.payload ?? {},
      every_unit: values.everyUnit,
      every_count: values.everyCount,
      anchor_at: values.anchorAt,
      ends_at: values.endsAt,
      catch_up: values.catchUp,
      active: values.active,
      updated_at: now,
    };
    const next = cursor(existing);
    if (!existing) {
      if (!next) throw new Error('a new schedule needs a cursor');
      const row: JobScheduleRow = { id: newId(), key: values.key, ...fields, next_index: next.index, next_run_at: next.runAt, created_at: now };
      db.insert(jobSchedules).values(row).run();
      return row;
    }
    // Every start schedules its recurring work again, mostly unchanged: then nothing is written (docs/decisions/0062, warm start).
    if (!next && unchanged(existing, fields)) return existing;
    const patch = next ? { ...fields, next_index: next.index, next_run_at: next.runAt } : fields;
    db.update(jobSchedules).set(patch).where(eq(jobSchedules.id, existing.id)).run();
    return { ...existing, ...patch };
  }).immediate();
}

/** Removes the schedule and the jobs it queued that have not started. */
export function deleteScheduleByKey(db: Db, key: string): boolean {
  return sqliteTransaction(db, () => {
    const existing = findScheduleByKey(db, key);
    if (!existing) return false;
    deletePendingScheduleJobs(db, existing.id);
    db.delete(jobSchedules).where(eq(jobSchedules.id, existing.id)).run();
    return true;
  }).immediate();
}

/** Active schedules whose next period has started (and has not passed their end). */
export function findDueSchedules(db: Db, now: string, limit: number): JobScheduleRow[] {
  return db
    .select()
    .from(jobSchedules)
    .where(
      and(
        eq(jobSchedules.active, true),
        lte(jobSchedules.next_run_at, now),
        or(isNull(jobSchedules.ends_at), lte(jobSchedules.next_run_at, jobSchedules.ends_at)),
      ),
    )
    .orderBy(asc(jobSchedules.next_run_at))
    .limit(limit)
    .all();
}

/**
 * Inserts one job per period (duplicates by unique key are skipped) and moves the cursor, in one
 * IMMEDIATE transaction, only if the cursor is still where this runner read it: another runner
 * that got there first makes this a no-op. Returns how many jobs were new.
 */
export function materializePeriods(
  db: Db,
  schedule: JobScheduleRow,
  periodJobs: readonly NewJob[],
  next: { index: number; runAt: string },
  now: string,
): number {
  return sqliteTransaction(db, () => {
    const moved = db
      .update(jobSchedules)
      .set({ next_index: next.index, next_run_at: next.runAt, updated_at: now })
      .where(and(eq(jobSchedules.id, schedule.id), eq(jobSchedules.next_index, schedule.next_index)))
      .run().changes;
    if (moved !== 1) return 0;
    return insertJobsIgnoringDuplicates(db, periodJobs);
  }).immediate();
}
