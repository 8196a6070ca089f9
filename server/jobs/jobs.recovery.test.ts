import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedOrg, signedIn } from '../test/helpers.js';
import { claimDueJobs, INTERRUPTED_ERROR } from './jobs.repo.js';
import type { Scheduler } from './jobs.scheduler.js';
import { createSchedulerTestApp, jobRows, type FakeClock } from './jobs.test-support.js';

let app: FastifyInstance;
let clock: FakeClock;
let scheduler: Scheduler;
beforeAll(async () => ({ app, clock, scheduler } = await createSchedulerTestApp('2026-11-23T09:00:00.000Z')));
afterAll(async () => {
  await app.close();
});

const MINUTE = 60_000;
const LIST = 'query($status: JobStatus) { scheduledJobs(status: $status) { id status attempts run_at last_error } }';
const RETRY = 'mutation($id: ID!) { retryJob(id: $id) { id status } }';

/** A process claims the job and dies: it stays `running`, locked for its lease. */
function claimAndDie(kind: string) {
  return claimDueJobs(app.services.db, {
    now: clock.iso(),
    lockedUntil: () => new Date(clock.now() + 5 * MINUTE).toISOString(),
    runnerId: 'process-that-died',
    kinds: [kind],
    limit: 10,
  });
}

it('on start, jobs another process left running are INTERRUPTED and due now (their lease is not waited out); the admin sees them so and can run one now', async () => {
  const o = await seedOrg(app, 'Recovering');
  const ran: string[] = [];
  scheduler.register(
    'test.recover',
    (p: { key: string }) => {
      ran.push(p.key);
    },
    { maxAttempts: 3 },
  );
  const a = scheduler.enqueue({ kind: 'test.recover', uniqueKey: 'a', payload: { key: 'a' }, organizationId: o.org.id }).job;
  const b = scheduler.enqueue({ kind: 'test.recover', uniqueKey: 'b', payload: { key: 'b' }, organizationId: o.org.id }).job;
  expect(claimAndDie('test.recover')).toHaveLength(2);

  clock.advance(MINUTE);
  expect(scheduler.recoverInterrupted()).toEqual({ interrupted: 2, dead: 0 });
  const admin = await signedIn(app, o.admin.email);
  const listed = await admin.gql(LIST, { status: 'INTERRUPTED' });
  expect(listed.errors).toBeUndefined();
  expect(listed.data!.scheduledJobs).toEqual(
    expect.arrayContaining([
      { id: a.id, status: 'INTERRUPTED', attempts: 1, run_at: clock.iso(), last_error: INTERRUPTED_ERROR },
      { id: b.id, status: 'INTERRUPTED', attempts: 1, run_at: clock.iso(), last_error: INTERRUPTED_ERROR },
    ]),
  );
  expect((await admin.gql(RETRY, { id: a.id })).data!.retryJob).toEqual({ id: a.id, status: 'QUEUED' });

  // Four minutes before the dead process's lease would have passed, both run.
  expect(await scheduler.runDueJobs()).toMatchObject({ done: 2 });
  expect(ran.sort()).toEqual(['a', 'b']);
  expect(jobRows(app, 'test.recover').map((j) => [j.unique_key, j.status, j.last_error])).toEqual([
    ['a', 'done', null],
    ['b', 'done', null],
  ]);
});

it('an interrupted job that used its last attempt is dead, with the reason; jobs this runner holds are left alone', async () => {
  scheduler.register('test.recover-last', () => undefined, { maxAttempts: 1 });
  scheduler.register('test.recover-mine', () => undefined);
  scheduler.enqueue({ kind: 'test.recover-last', uniqueKey: 'last' });
  scheduler.enqueue({ kind: 'test.recover-mine', uniqueKey: 'mine' });
  claimAndDie('test.recover-last');
  claimDueJobs(app.services.db, {
    now: clock.iso(),
    lockedUntil: () => new Date(clock.now() + 5 * MINUTE).toISOString(),
    runnerId: scheduler.runnerId,
    kinds: ['test.recover-mine'],
    limit: 1,
  });
  expect(scheduler.recoverInterrupted()).toEqual({ interrupted: 0, dead: 1 });
  expect(jobRows(app, 'test.recover-last')[0]).toMatchObject({ status: 'dead', attempts: 1, last_error: INTERRUPTED_ERROR, finished_at: clock.iso() });
  expect(jobRows(app, 'test.recover-mine')[0]).toMatchObject({ status: 'running', locked_by: scheduler.runnerId });
});

it('a clean stop records the jobs it cut as INTERRUPTED, due again at once', async () => {
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  scheduler.register('test.recover-slow', async (_: unknown, ctx) => {
    started();
    await new Promise((_r, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error)));
  });
  scheduler.enqueue({ kind: 'test.recover-slow', uniqueKey: 'slow' });
  const pass = scheduler.tick();
  await running;
  await scheduler.stop();
  await pass;
  expect(jobRows(app, 'test.recover-slow')[0]).toMatchObject({ status: 'interrupted', attempts: 1, run_at: clock.iso(), last_error: INTERRUPTED_ERROR });
});
