/**
 * The scheduler on a full disk (docs/decisions/0058), for real (a small tmpfs filled up): one failed
 * pass, one log line, then a probe every storageRetryMs instead of a pass every pollMs; the job
 * runs once a write works again. Timers are faked, so "no pass in between" is counted, not waited for.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { captureLogs } from '../test/helpers.js';
import { createSmallDiskApp } from '../db/storage.test-support.js';
import { Scheduler } from './jobs.scheduler.js';
import { jobRows } from './jobs.test-support.js';

let t: Awaited<ReturnType<typeof createSmallDiskApp>>;
beforeAll(async () => {
  t = await createSmallDiskApp({ LOG_LEVEL: 'info' });
  await t.app.services.scheduler.stop();
});
afterAll(async () => {
  vi.useRealTimers();
  t?.free();
  await t?.close();
});

it('does not spin on a full disk: one failed pass and one log line, then a probe every 30 s until writes work, then the job runs', async () => {
  const { db, storage } = t.app.services;
  const logs = captureLogs(t.app);
  const scheduler = new Scheduler({ db, log: t.app.log, storage, pollMs: 1_000, storageRetryMs: 30_000 });
  const ran: number[] = [];
  scheduler.register('test.storage', (payload: { n: number }) => {
    ran.push(payload.n);
  });
  scheduler.enqueue({ kind: 'test.storage', uniqueKey: 'full-disk', payload: { n: 1 } });
  const passes = vi.spyOn(scheduler, 'tick');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    t.fill();
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toHaveBeenCalledTimes(1);
    // Twenty poll intervals: no pass, no claim, no line.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(passes).toHaveBeenCalledTimes(1);
    // The next try is a probe, which fails: still no pass.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(passes).toHaveBeenCalledTimes(1);
    expect(ran).toEqual([]);
    expect(jobRows(t.app, 'test.storage')).toMatchObject([{ status: 'queued', attempts: 0 }]);
    const failures = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'storage_failure');
    expect(failures).toEqual([expect.objectContaining({ code: 'STORAGE_FULL', where: 'job scheduler', storage_error: 'SQLITE_FULL' })]);
    expect(logs.text()).not.toContain('job scheduler pass failed');

    t.free();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(passes).toHaveBeenCalledTimes(2);
    expect(ran).toEqual([1]);
    expect(jobRows(t.app, 'test.storage')).toMatchObject([{ status: 'done', attempts: 1 }]);
  } finally {
    await scheduler.stop();
    vi.useRealTimers();
    logs.restore();
  }
});
