import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { createTestApp } from '../test/helpers.js';
import { Scheduler, type SchedulerOptions } from './jobs.scheduler.js';
import type { JobRow } from './jobs.tables.js';

/** A clock tests move by hand: the scheduler reads it instead of Date.now. */
export function fakeClock(start = '2026-11-23T09:00:00.000Z') {
  let t = Date.parse(start);
  return {
    now: () => t,
    set: (at: string) => {
      t = Date.parse(at);
    },
    advance: (ms: number) => {
      t += ms;
    },
    iso: () => new Date(t).toISOString(),
  };
}
export type FakeClock = ReturnType<typeof fakeClock>;

/** The real app on a fresh SQLite file, its scheduler stopped and on a fake clock: tests call tick()/runDueJobs(). */
export async function createSchedulerTestApp(start?: string) {
  const app = await createTestApp();
  const clock = fakeClock(start);
  const scheduler = app.services.scheduler;
  await scheduler.stop();
  scheduler.useClock(clock.now);
  return { app, clock, scheduler };
}

/** Another runner on the same database file (its own connection), as a second process would be. */
export function secondRunner(app: FastifyInstance, options: Partial<SchedulerOptions> = {}) {
  const db = openDatabase(path.join(app.services.config.dataDir, 'teamlens.db'));
  const scheduler = new Scheduler({ db, log: app.log, ...options });
  return { scheduler, close: () => db.$client.close() };
}

/** The app built on a data directory that outlives it, to stop and start it again like a restart. */
export async function appOnDataDir(dataDir: string): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', BASE_URL: 'http://localhost:3000' });
  const app = await buildApp(config);
  await app.ready();
  return app;
}

export const tempDataDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-jobs-'));

export function jobRows(app: FastifyInstance, kind: string): JobRow[] {
  return app.services.db.$client.prepare('SELECT * FROM jobs WHERE kind = ? ORDER BY run_at, unique_key').all(kind) as JobRow[];
}
