import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { organizations } from '../features/org/org.tables.js';

/** interrupted: the server stopped (or was killed) while it ran; it runs again on the next pass (docs/decisions/0038). */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'dead', 'interrupted'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const SCHEDULE_UNITS = ['minutes', 'hours', 'days', 'weeks', 'months'] as const;
export type ScheduleUnit = (typeof SCHEDULE_UNITS)[number];

/** After downtime a schedule materializes every missed period, or only the latest one. */
export const CATCH_UP_MODES = ['all', 'latest'] as const;
export type CatchUpMode = (typeof CATCH_UP_MODES)[number];

/**
 * Recurring schedules (server/jobs/jobs.scheduler.ts): each period becomes one job whose unique key
 * carries the period, so materializing a period again (restart, two runners) inserts nothing.
 */
export const jobSchedules = sqliteTable(
  'job_schedules',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** The caller's stable name for the schedule, e.g. `reviews.rule:<rule-id>`. */
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    payload: text('payload', { mode: 'json' }).$type<unknown>().notNull(),
    every_unit: text('every_unit').$type<ScheduleUnit>().notNull(),
    every_count: integer('every_count').notNull(),
    /** Start of period 0; period k starts at anchor + k * every (months keep the anchor's day, clamped). */
    anchor_at: text('anchor_at').notNull(),
    ends_at: text('ends_at'),
    catch_up: text('catch_up').$type<CatchUpMode>().notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** The first period not materialized yet, and when it starts. */
    next_index: integer('next_index').notNull(),
    next_run_at: text('next_run_at').notNull(),
    created_at: text('created_at').notNull(),
    updated_at: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('job_schedules_key').on(t.key), index('job_schedules_due').on(t.active, t.next_run_at)],
);

/** Persisted jobs: one row per piece of work, run by the one process (server/jobs/jobs.scheduler.ts). */
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    /** null for system jobs (not shown to organization admins). */
    organization_id: text('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** With kind, unique: enqueueing the same work twice is a no-op. */
    unique_key: text('unique_key').notNull(),
    schedule_id: text('schedule_id').references(() => jobSchedules.id, { onDelete: 'set null' }),
    /** The period start (ISO) for jobs a schedule materialized. */
    period: text('period'),
    payload: text('payload', { mode: 'json' }).$type<unknown>().notNull(),
    status: text('status').$type<JobStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull(),
    /** When the job is due (for a failed job: when it is retried). */
    run_at: text('run_at').notNull(),
    last_error: text('last_error'),
    /** A running job whose lock has passed was interrupted (crash) and is claimed again. */
    locked_until: text('locked_until'),
    locked_by: text('locked_by'),
    started_at: text('started_at'),
    finished_at: text('finished_at'),
    created_at: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('jobs_kind_unique_key').on(t.kind, t.unique_key),
    index('jobs_status_run_at').on(t.status, t.run_at),
    index('jobs_org_run_at').on(t.organization_id, t.run_at),
    index('jobs_schedule').on(t.schedule_id),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type JobScheduleRow = typeof jobSchedules.$inferSelect;
