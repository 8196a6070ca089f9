import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { firstIndexFrom, lastStartedIndex, periodStart } from './jobs.periods.js';
import { findScheduleByKey } from './jobs.schedules.repo.js';
import { appOnDataDir, createSchedulerTestApp, fakeClock, jobRows, secondRunner, tempDataDir, type FakeClock } from './jobs.test-support.js';
import type { Scheduler } from './jobs.scheduler.js';
import { DAY_MS } from '../../shared/dates.days.js';

let app: FastifyInstance;
let clock: FakeClock;
let scheduler: Scheduler;
beforeAll(async () => ({ app, clock, scheduler } = await createSchedulerTestApp('2026-11-23T09:00:00.000Z')));
afterAll(async () => {
  await app.close();
});

it('counts months from the anchor and keeps its day, clamped to short months', () => {
  const anchor = Date.parse('2026-01-31T09:00:00.000Z');
  const every = { unit: 'months' as const, count: 1 };
  expect([0, 1, 2, 3].map((k) => new Date(periodStart(anchor, every, k)).toISOString())).toEqual([
    '2026-01-31T09:00:00.000Z',
    '2026-02-28T09:00:00.000Z',
    '2026-03-31T09:00:00.000Z',
    '2026-04-30T09:00:00.000Z',
  ]);
  expect(lastStartedIndex(anchor, every, Date.parse('2026-03-31T08:59:59.999Z'))).toBe(1);
  expect(lastStartedIndex(anchor, every, Date.parse('2026-03-31T09:00:00.000Z'))).toBe(2);
  expect(lastStartedIndex(anchor, every, Date.parse('2025-12-01T00:00:00.000Z'))).toBe(-1);
  expect(firstIndexFrom(anchor, { unit: 'months', count: 3 }, Date.parse('2026-05-01T00:00:00.000Z'))).toBe(2);
  expect(lastStartedIndex(anchor, { unit: 'days', count: 2 }, anchor + 5 * DAY_MS)).toBe(2);
});

it('a recurring schedule materializes each period once, and catches up every missed period after downtime', async () => {
  const periods: string[] = [];
  scheduler.register(
    'test.rule',
    (payload: { rule: string }, ctx) => {
      periods.push(`${payload.rule}@${ctx.period}`);
    },
    { transactional: true },
  );
  // "Every month on day 31 (or the month's last day) at 09:00", created on Nov 23: the first period is Nov 30.
  const row = scheduler.schedule({
    key: 'rule-1',
    kind: 'test.rule',
    payload: { rule: 'r1' },
    every: { unit: 'months', count: 1 },
    startAt: '2026-01-31T09:00:00.000Z',
    catchUp: 'all',
  });
  expect(row.next_run_at).toBe('2026-11-30T09:00:00.000Z');
  await scheduler.tick();
  expect(periods).toEqual([]);

  clock.set('2026-11-30T09:00:00.000Z');
  await scheduler.tick();
  await scheduler.tick();
  expect(periods).toEqual(['r1@2026-11-30T09:00:00.000Z']);

  // Down from Dec 1 to Mar 5: Dec 31, Jan 31 and Feb 28 were missed; all run, oldest first.
  clock.set('2027-03-05T12:00:00.000Z');
  await scheduler.tick();
  expect(periods).toEqual(['r1@2026-11-30T09:00:00.000Z', 'r1@2026-12-31T09:00:00.000Z', 'r1@2027-01-31T09:00:00.000Z', 'r1@2027-02-28T09:00:00.000Z']);
  expect(jobRows(app, 'test.rule').map((j) => [j.unique_key, j.status])).toEqual([
    ['rule-1@2026-11-30T09:00:00.000Z', 'done'],
    ['rule-1@2026-12-31T09:00:00.000Z', 'done'],
    ['rule-1@2027-01-31T09:00:00.000Z', 'done'],
    ['rule-1@2027-02-28T09:00:00.000Z', 'done'],
  ]);
});

it('materializing a period again (cursor rewound, a second runner, scheduling the same rule again) runs nothing twice', async () => {
  const periods: string[] = [];
  scheduler.register('test.again', (_: unknown, ctx) => {
    periods.push(ctx.period ?? '');
  });
  clock.set('2027-04-01T00:00:00.000Z');
  scheduler.schedule({ key: 'rule-again', kind: 'test.again', every: { unit: 'days', count: 1 }, startAt: '2027-04-01T08:00:00.000Z', catchUp: 'all' });
  clock.set('2027-04-03T09:00:00.000Z');
  await scheduler.tick();
  expect(periods).toEqual(['2027-04-01T08:00:00.000Z', '2027-04-02T08:00:00.000Z', '2027-04-03T08:00:00.000Z']);

  // As if the cursor had not moved (e.g. two processes read it at once): the unique keys refuse the copies.
  app.services.db.$client.prepare("UPDATE job_schedules SET next_index = 0, next_run_at = '2027-04-01T08:00:00.000Z' WHERE key = 'rule-again'").run();
  const other = secondRunner(app, { now: clock.now });
  other.scheduler.register('test.again', (_: unknown, ctx) => {
    periods.push(`other ${ctx.period}`);
  });
  expect(other.scheduler.materializeSchedules()).toBe(0);
  await Promise.all([scheduler.tick(), other.scheduler.tick()]);
  other.close();
  // Scheduling the same rule again with the same timing keeps its cursor.
  scheduler.schedule({ key: 'rule-again', kind: 'test.again', every: { unit: 'days', count: 1 }, startAt: '2027-04-01T08:00:00.000Z', catchUp: 'all' });
  await scheduler.tick();
  expect(periods).toHaveLength(3);
  expect(jobRows(app, 'test.again')).toHaveLength(3);
});

it('scheduling the same work again, as every start does, writes nothing; a changed schedule is written', () => {
  scheduler.register('test.same', () => {});
  clock.set('2027-06-01T00:00:00.000Z');
  const input = {
    key: 'same-1',
    kind: 'test.same',
    payload: { team: 't1' },
    every: { unit: 'days', count: 1 },
    startAt: '2027-06-01T08:00:00.000Z',
    catchUp: 'latest',
  } as const;
  scheduler.schedule(input);
  clock.set('2027-06-01T01:00:00.000Z');
  expect(scheduler.schedule(input).updated_at).toBe('2027-06-01T00:00:00.000Z');
  expect(findScheduleByKey(app.services.db, 'same-1')?.updated_at).toBe('2027-06-01T00:00:00.000Z');
  scheduler.schedule({ ...input, payload: { team: 't2' } });
  expect(findScheduleByKey(app.services.db, 'same-1')).toMatchObject({
    payload: { team: 't2' },
    updated_at: '2027-06-01T01:00:00.000Z',
    next_run_at: '2027-06-01T08:00:00.000Z',
  });
});

it('a "latest only" schedule runs just the latest missed period after downtime', async () => {
  const periods: string[] = [];
  scheduler.register('test.reminder', (_: unknown, ctx) => {
    periods.push(ctx.period ?? '');
  });
  clock.set('2027-05-01T10:00:00.000Z');
  scheduler.schedule({ key: 'reminder-1', kind: 'test.reminder', every: { unit: 'days', count: 1 }, startAt: '2027-05-01T09:00:00.000Z', catchUp: 'latest' });
  clock.set('2027-05-06T09:30:00.000Z');
  await scheduler.tick();
  expect(periods).toEqual(['2027-05-06T09:00:00.000Z']);
  clock.set('2027-05-07T09:00:00.000Z');
  await scheduler.tick();
  expect(periods).toEqual(['2027-05-06T09:00:00.000Z', '2027-05-07T09:00:00.000Z']);
});

it('an ended, paused or removed schedule makes no more jobs', async () => {
  const periods: string[] = [];
  scheduler.register('test.bounded', (_: unknown, ctx) => {
    periods.push(ctx.period ?? '');
  });
  clock.set('2027-06-01T00:00:00.000Z');
  scheduler.schedule({
    key: 'bounded',
    kind: 'test.bounded',
    every: { unit: 'weeks', count: 1 },
    startAt: '2027-06-01T00:00:00.000Z',
    endAt: '2027-06-10T00:00:00.000Z',
    catchUp: 'all',
  });
  clock.set('2027-07-01T00:00:00.000Z');
  await scheduler.tick();
  expect(periods).toEqual(['2027-06-01T00:00:00.000Z', '2027-06-08T00:00:00.000Z']);

  scheduler.schedule({
    key: 'paused',
    kind: 'test.bounded',
    every: { unit: 'hours', count: 1 },
    startAt: '2027-07-01T00:00:00.000Z',
    catchUp: 'all',
    active: false,
  });
  clock.set('2027-07-01T05:00:00.000Z');
  await scheduler.tick();
  expect(periods).toHaveLength(2);

  scheduler.schedule({ key: 'removed', kind: 'test.bounded', every: { unit: 'hours', count: 1 }, startAt: '2027-07-01T06:00:00.000Z', catchUp: 'all' });
  clock.set('2027-07-01T06:00:00.000Z');
  scheduler.materializeSchedules();
  expect(scheduler.unschedule('removed')).toBe(true);
  await scheduler.tick();
  expect(periods).toHaveLength(2);
  expect(jobRows(app, 'test.bounded').filter((j) => j.unique_key.startsWith('removed@'))).toEqual([]);
});

it('survives a restart: queued jobs and missed periods run when the app starts again', async () => {
  const dataDir = tempDataDir();
  const clock2 = fakeClock('2026-11-23T09:00:00.000Z');
  const first = await appOnDataDir(dataDir);
  await first.services.scheduler.stop();
  first.services.scheduler.useClock(clock2.now);
  first.services.scheduler.register('test.restart', () => undefined);
  first.services.scheduler.enqueue({ kind: 'test.restart', uniqueKey: 'one-off', runAt: '2026-11-23T12:00:00.000Z' });
  first.services.scheduler.schedule({
    key: 'hourly',
    kind: 'test.restart',
    every: { unit: 'hours', count: 1 },
    startAt: '2026-11-23T10:00:00.000Z',
    catchUp: 'all',
  });
  await first.close();

  clock2.set('2026-11-23T13:30:00.000Z');
  const second = await appOnDataDir(dataDir);
  await second.services.scheduler.stop();
  const seen: string[] = [];
  second.services.scheduler.useClock(clock2.now);
  second.services.scheduler.register('test.restart', (_: unknown, ctx) => {
    seen.push(ctx.period ?? 'one-off');
  });
  await second.services.scheduler.tick();
  await second.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  expect(seen.sort()).toEqual(['2026-11-23T10:00:00.000Z', '2026-11-23T11:00:00.000Z', '2026-11-23T12:00:00.000Z', '2026-11-23T13:00:00.000Z', 'one-off']);
});
