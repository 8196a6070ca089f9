import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { codeOf, seedOrg, signedIn } from '../test/helpers.js';
import { createSchedulerTestApp, type FakeClock } from './jobs.test-support.js';
import type { Scheduler } from './jobs.scheduler.js';

let app: FastifyInstance;
let clock: FakeClock;
let scheduler: Scheduler;
beforeAll(async () => ({ app, clock, scheduler } = await createSchedulerTestApp('2026-11-23T09:00:00.000Z')));
afterAll(async () => {
  await app.close();
});

const LIST =
  'query($status: JobStatus, $limit: Int) { scheduledJobs(status: $status, limit: $limit) { id kind unique_key status attempts max_attempts run_at last_error finished_at period } }';
const RETRY = 'mutation($id: ID!) { retryJob(id: $id) { id status attempts run_at last_error } }';

it("admins see their organization's jobs only (no system jobs), filter by status, and retry a dead one", async () => {
  const acme = await seedOrg(app, 'Jobsacme');
  const other = await seedOrg(app, 'Jobsother');
  let failing = true;
  scheduler.register(
    'reviews.reminder',
    () => {
      if (failing) throw new Error('No mail server answered');
    },
    { maxAttempts: 1 },
  );
  scheduler.register('system.cleanup', () => undefined);
  const dead = scheduler.enqueue({ kind: 'reviews.reminder', uniqueKey: 'cycle-1:req-1:2026-11-25', organizationId: acme.org.id }).job;
  const later = scheduler.enqueue({
    kind: 'reviews.reminder',
    uniqueKey: 'cycle-1:req-2:2026-11-30',
    organizationId: acme.org.id,
    runAt: '2026-11-30T09:00:00.000Z',
  }).job;
  const theirs = scheduler.enqueue({ kind: 'reviews.reminder', uniqueKey: 'cycle-9:req-9:2026-11-25', organizationId: other.org.id }).job;
  const system = scheduler.enqueue({ kind: 'system.cleanup', uniqueKey: 'daily@2026-11-23' }).job;
  await scheduler.runDueJobs();

  const admin = await signedIn(app, acme.admin.email);
  const all = await admin.gql(LIST);
  expect(all.errors).toBeUndefined();
  expect(all.data!.scheduledJobs).toEqual([
    {
      id: later.id,
      kind: 'reviews.reminder',
      unique_key: 'cycle-1:req-2:2026-11-30',
      status: 'QUEUED',
      attempts: 0,
      max_attempts: 1,
      run_at: '2026-11-30T09:00:00.000Z',
      last_error: null,
      finished_at: null,
      period: null,
    },
    {
      id: dead.id,
      kind: 'reviews.reminder',
      unique_key: 'cycle-1:req-1:2026-11-25',
      status: 'DEAD',
      attempts: 1,
      max_attempts: 1,
      run_at: clock.iso(),
      last_error: 'No mail server answered',
      finished_at: clock.iso(),
      period: null,
    },
  ]);
  expect((await admin.gql(LIST, { status: 'DEAD' })).data!.scheduledJobs.map((j: { id: string }) => j.id)).toEqual([dead.id]);
  expect((await admin.gql(LIST, { limit: 1 })).data!.scheduledJobs).toHaveLength(1);
  expect(codeOf(await admin.gql(LIST, { limit: 1000 }))).toBe('BAD_USER_INPUT');

  // Another organization's job and a system job do not exist for this admin.
  expect(codeOf(await admin.gql(RETRY, { id: theirs.id }))).toBe('NOT_FOUND');
  expect(codeOf(await admin.gql(RETRY, { id: system.id }))).toBe('NOT_FOUND');
  expect(codeOf(await admin.gql(RETRY, { id: later.id }))).toBe('CONFLICT');

  clock.advance(60_000);
  const retried = await admin.gql(RETRY, { id: dead.id });
  expect(retried.data!.retryJob).toEqual({ id: dead.id, status: 'QUEUED', attempts: 0, run_at: clock.iso(), last_error: 'No mail server answered' });
  failing = false;
  expect(await scheduler.runDueJobs()).toMatchObject({ done: 1 });
  expect((await admin.gql(LIST, { status: 'DONE' })).data!.scheduledJobs).toMatchObject([{ id: dead.id, attempts: 1, last_error: null }]);

  const theirAdmin = await signedIn(app, other.admin.email);
  expect((await theirAdmin.gql(LIST)).data!.scheduledJobs.map((j: { id: string }) => j.id)).toEqual([theirs.id]);
});

it('refuses people who are not admins, and anonymous callers', async () => {
  const o = await seedOrg(app, 'Jobsmembers');
  for (const email of [o.member.email, o.manager.email]) {
    const user = await signedIn(app, email);
    expect(codeOf(await user.gql(LIST))).toBe('FORBIDDEN');
    expect(codeOf(await user.gql(RETRY, { id: 'x' }))).toBe('FORBIDDEN');
  }
  const res = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query: LIST }) });
  expect(res.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
});
