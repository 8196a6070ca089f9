import { afterEach, expect, it } from 'vitest';
import { readDb, removeServer, spawnServer, type ServerProcess } from '../test/process.js';

/**
 * SIGKILL while the scheduler runs jobs, then a restart on the same data directory (the real
 * process, with one test job kind: server/test/fixtures/jobs-crash-server.ts).
 */
let servers: ServerProcess[] = [];
afterEach(async () => {
  for (const s of servers) await removeServer(s).catch(() => undefined);
  servers = [];
});

const ENTRY = 'server/test/fixtures/jobs-crash-server.ts';
const JOBS = 60;
type Counts = { done: number; running: number; effects: number };
const counts = (dataDir: string): Counts =>
  readDb(dataDir, (db) => ({
    done: (db.prepare("SELECT count(*) AS n FROM jobs WHERE kind = 'test.effect' AND status = 'done'").get() as { n: number }).n,
    running: (db.prepare("SELECT count(*) AS n FROM jobs WHERE kind = 'test.effect' AND status = 'running'").get() as { n: number }).n,
    effects: (db.prepare('SELECT count(*) AS n FROM test_job_effects').get() as { n: number }).n,
  }));

it('killed during a scheduler run: on restart the jobs it held run again at once (not after their lease), and every job ran exactly once', async () => {
  const first = await spawnServer({ entry: ENTRY });
  servers.push(first);
  const { dataDir } = first;
  // Kill once some jobs are done and a batch is held (read together: between two batches none is).
  let before: Counts;
  for (;;) {
    before = counts(dataDir);
    if (before.done >= 4 && before.running > 0) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  first.child.kill('SIGKILL');
  await first.exited;
  before = counts(dataDir);
  expect(before.done).toBeLessThan(JOBS);
  // Held by the dead process, with a 5-minute lease still to run.
  expect(before.running, `the server said:\n${first.output()}`).toBeGreaterThan(0);
  // Committed work is exactly the done jobs: the transaction the kill cut wrote nothing.
  expect(before.effects).toBe(before.done);

  const startedAgain = Date.now();
  const second = await spawnServer({ entry: ENTRY, dataDir });
  servers.push(second);
  for (;;) {
    if (counts(dataDir).done === JOBS) break;
    if (Date.now() - startedAgain > 20_000) throw new Error(`jobs did not finish after the restart: ${JSON.stringify(counts(dataDir))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(second.output()).toContain(`jobs interrupted when the server stopped: ${before.running} run again now, 0 had no attempts left (dead)`);
  readDb(dataDir, (db) => {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // Each job's effect exists once: none lost, none twice.
    const perJob = db.prepare('SELECT job_key, count(*) AS n FROM test_job_effects GROUP BY job_key ORDER BY job_key').all() as Array<{
      job_key: string;
      n: number;
    }>;
    expect(perJob).toHaveLength(JOBS);
    expect(perJob.every((r) => r.n === 1)).toBe(true);
    // The interrupted ones ran on their second attempt; the rest on their first.
    const attempts = db.prepare("SELECT attempts, count(*) AS n FROM jobs WHERE kind = 'test.effect' GROUP BY attempts ORDER BY attempts").all();
    expect(attempts).toEqual([
      { attempts: 1, n: JOBS - before.running },
      { attempts: 2, n: before.running },
    ]);
  });
}, 60_000);
