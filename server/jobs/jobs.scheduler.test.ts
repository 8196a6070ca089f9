import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers.js';
import { claimDueJobs, INTERRUPTED_ERROR } from './jobs.repo.js';
import { retryDelayMs } from './jobs.runner.js';
import { createSchedulerTestApp, jobRows, secondRunner, type FakeClock } from './jobs.test-support.js';
import type { Scheduler } from './jobs.scheduler.js';

let app: FastifyInstance;
let clock: FakeClock;
let scheduler: Scheduler;
beforeAll(async () => ({ app, clock, scheduler } = await createSchedulerTestApp()));
afterAll(async () => {
  await app.close();
});

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('stores a unique key once: enqueueing it again, before or after it ran, runs nothing more', async () => {
  const seen: unknown[] = [];
  scheduler.register('test.once', (payload: { n: number }, ctx) => {
    seen.push([payload.n, ctx.attempt, ctx.now.toISOString()]);
  });
  const first = scheduler.enqueue({ kind: 'test.once', uniqueKey: 'cycle-1:request-1:2026-11-30', payload: { n: 1 } });
  const again = scheduler.enqueue({ kind: 'test.once', uniqueKey: 'cycle-1:request-1:2026-11-30', payload: { n: 2 } });
  expect(first.created).toBe(true);
  expect(again).toMatchObject({ created: false, job: { id: first.job.id, payload: { n: 1 } } });
  expect(await scheduler.runDueJobs()).toMatchObject({ done: 1, failed: 0 });
  expect(scheduler.enqueue({ kind: 'test.once', uniqueKey: 'cycle-1:request-1:2026-11-30', payload: { n: 3 } }).created).toBe(false);
  await scheduler.runDueJobs();
  expect(seen).toEqual([[1, 1, clock.iso()]]);
  expect(jobRows(app, 'test.once')).toMatchObject([{ status: 'done', attempts: 1, finished_at: clock.iso(), locked_by: null }]);
  expect(() => scheduler.enqueue({ kind: 'test.unknown', uniqueKey: 'x' })).toThrow('No job handler is registered for test.unknown.');
});

it('waits for run_at: a job for later runs when the clock reaches it', async () => {
  const ran: string[] = [];
  scheduler.register('test.later', (_: unknown, ctx) => {
    ran.push(ctx.runAt.toISOString());
  });
  const runAt = new Date(clock.now() + 10 * MINUTE);
  scheduler.enqueue({ kind: 'test.later', uniqueKey: 'later', runAt });
  clock.advance(9 * MINUTE);
  await scheduler.runDueJobs();
  expect(ran).toEqual([]);
  clock.advance(MINUTE);
  await scheduler.runDueJobs();
  expect(ran).toEqual([runAt.toISOString()]);
});

it('two runners on the same database file run each job exactly once', async () => {
  const other = secondRunner(app, { now: clock.now, batchSize: 3 });
  const runs = new Map<string, string[]>();
  const handler = (runner: string) => async (payload: { i: number }) => {
    await sleep(2);
    runs.set(String(payload.i), [...(runs.get(String(payload.i)) ?? []), runner]);
  };
  scheduler.register('test.shared', handler('a'));
  other.scheduler.register('test.shared', handler('b'));
  for (let i = 0; i < 24; i += 1) {
    // Both runners enqueue the same work: only the first insert of each key counts.
    scheduler.enqueue({ kind: 'test.shared', uniqueKey: `item-${i}`, payload: { i } });
    other.scheduler.enqueue({ kind: 'test.shared', uniqueKey: `item-${i}`, payload: { i } });
  }
  const [a, b] = await Promise.all([scheduler.runDueJobs(), other.scheduler.runDueJobs()]);
  other.close();
  expect(a.done + b.done).toBe(24);
  expect(a.done).toBeGreaterThan(0);
  expect(b.done).toBeGreaterThan(0);
  expect([...runs.values()].every((by) => by.length === 1)).toBe(true);
  expect(runs.size).toBe(24);
  expect(jobRows(app, 'test.shared').every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
});

it('retries with exponential back-off, then gives up: dead, with the last error', async () => {
  scheduler.register(
    'test.flaky',
    () => {
      throw new Error('Slack answered 503');
    },
    { maxAttempts: 3, backoff: { baseMs: MINUTE, jitter: 0 } },
  );
  const start = clock.now();
  scheduler.enqueue({ kind: 'test.flaky', uniqueKey: 'flaky' });
  expect(await scheduler.runDueJobs()).toMatchObject({ failed: 1 });
  expect(jobRows(app, 'test.flaky')[0]).toMatchObject({
    status: 'failed',
    attempts: 1,
    last_error: 'Slack answered 503',
    run_at: new Date(start + MINUTE).toISOString(),
  });
  clock.advance(MINUTE - 1);
  expect(await scheduler.runDueJobs()).toMatchObject({ failed: 0 });
  clock.advance(1);
  expect(await scheduler.runDueJobs()).toMatchObject({ failed: 1 });
  expect(jobRows(app, 'test.flaky')[0]).toMatchObject({ status: 'failed', attempts: 2, run_at: new Date(clock.now() + 2 * MINUTE).toISOString() });
  clock.advance(2 * MINUTE);
  expect(await scheduler.runDueJobs()).toMatchObject({ dead: 1 });
  expect(jobRows(app, 'test.flaky')[0]).toMatchObject({ status: 'dead', attempts: 3, last_error: 'Slack answered 503', finished_at: clock.iso() });
  clock.advance(60 * MINUTE);
  expect(await scheduler.runDueJobs()).toMatchObject({ dead: 0, failed: 0, done: 0 });
});

it('spreads back-off delays by the jitter and caps them', () => {
  const backoff = { baseMs: 1000, maxMs: 10_000, jitter: 0.2 };
  expect([1, 2, 3].map((a) => retryDelayMs(a, backoff, () => 0.5))).toEqual([1000, 2000, 4000]);
  expect(retryDelayMs(2, backoff, () => 0)).toBe(1600);
  expect(retryDelayMs(2, backoff, () => 1)).toBe(2400);
  expect(retryDelayMs(10, backoff, () => 0.5)).toBe(10_000);
});

it('re-runs a job left running by a crash once its lock has passed; never while the lock holds', async () => {
  const ran: Array<{ attempt: number }> = [];
  scheduler.register(
    'test.crash',
    (_: unknown, ctx) => {
      ran.push({ attempt: ctx.attempt });
    },
    { leaseMs: 5 * MINUTE },
  );
  scheduler.enqueue({ kind: 'test.crash', uniqueKey: 'crash' });
  // A process claims it and dies before finishing.
  const [claimed] = claimDueJobs(app.services.db, {
    now: clock.iso(),
    lockedUntil: () => new Date(clock.now() + 5 * MINUTE).toISOString(),
    runnerId: 'process-that-died',
    kinds: ['test.crash'],
    limit: 1,
  });
  expect(claimed).toMatchObject({ status: 'running', attempts: 1 });
  clock.advance(4 * MINUTE);
  await scheduler.runDueJobs();
  expect(ran).toEqual([]);
  clock.advance(MINUTE);
  await scheduler.runDueJobs();
  expect(ran).toEqual([{ attempt: 2 }]);
  expect(jobRows(app, 'test.crash')[0]).toMatchObject({ status: 'done', attempts: 2 });
});

it('a transactional handler writes exactly once: its writes roll back when it fails or lost its lock', async () => {
  const db = app.services.db.$client;
  db.exec('CREATE TABLE IF NOT EXISTS test_effects (key TEXT)');
  let failFirst = true;
  scheduler.register(
    'test.tx',
    (payload: { key: string }) => {
      db.prepare('INSERT INTO test_effects (key) VALUES (?)').run(payload.key);
      if (failFirst) {
        failFirst = false;
        throw new Error('boom after writing');
      }
    },
    { transactional: true, backoff: { baseMs: 1000, jitter: 0 } },
  );
  scheduler.enqueue({ kind: 'test.tx', uniqueKey: 'tx', payload: { key: 'cycle-created' } });
  expect(await scheduler.runDueJobs()).toMatchObject({ failed: 1 });
  expect(db.prepare('SELECT key FROM test_effects').all()).toEqual([]);
  clock.advance(1000);
  expect(await scheduler.runDueJobs()).toMatchObject({ done: 1 });
  expect(db.prepare('SELECT key FROM test_effects').all()).toEqual([{ key: 'cycle-created' }]);
});

it('a dead-by-crash job that used its attempts is marked dead, not run again', async () => {
  scheduler.register('test.poison', () => undefined, { maxAttempts: 1 });
  scheduler.enqueue({ kind: 'test.poison', uniqueKey: 'poison' });
  claimDueJobs(app.services.db, {
    now: clock.iso(),
    lockedUntil: () => new Date(clock.now() + MINUTE).toISOString(),
    runnerId: 'gone',
    kinds: ['test.poison'],
    limit: 1,
  });
  clock.advance(2 * MINUTE);
  expect(await scheduler.runDueJobs()).toMatchObject({ done: 0 });
  expect(jobRows(app, 'test.poison')[0]).toMatchObject({ status: 'dead', attempts: 1, last_error: INTERRUPTED_ERROR });
});

it('runs in the app process: started when the app is ready, a due job runs without a call, stopped on close', async () => {
  const live = await createTestApp();
  const ran: string[] = [];
  live.services.scheduler.register('test.live', (payload: { id: string }) => {
    ran.push(payload.id);
  });
  live.services.scheduler.enqueue({ kind: 'test.live', uniqueKey: 'live-1', payload: { id: 'live-1' } });
  await vi.waitFor(() => expect(ran).toEqual(['live-1']), { timeout: 3000, interval: 20 });
  await live.close();
});

it('a runner whose lock passed while its handler hung cannot record the job: the runner that took it over does', async () => {
  const other = secondRunner(app, { now: clock.now });
  const runs: string[] = [];
  let release: () => void = () => undefined;
  scheduler.register('test.hung', async () => {
    runs.push('a');
    await new Promise<void>((resolve) => {
      release = resolve;
    });
  });
  other.scheduler.register('test.hung', () => {
    runs.push('b');
  });
  scheduler.enqueue({ kind: 'test.hung', uniqueKey: 'hung' });
  const first = scheduler.runDueJobs();
  await vi.waitFor(() => expect(runs).toEqual(['a']));
  clock.advance(5 * MINUTE);
  expect(await other.scheduler.runDueJobs()).toMatchObject({ done: 1 });
  release();
  expect(await first).toMatchObject({ done: 0, lost: 1 });
  other.close();
  expect(runs).toEqual(['a', 'b']);
  expect(jobRows(app, 'test.hung')[0]).toMatchObject({ status: 'done', attempts: 2, last_error: null });
});
