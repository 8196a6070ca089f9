import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { upsertSchedule } from '../../jobs/jobs.schedules.repo.js';
import { appOnDataDir, jobRows, tempDataDir } from '../../jobs/jobs.test-support.js';
import { createRule, retroRows, ruleInput, setUpRetroAutomation } from '../retros/retros.automation.test-support.js';
import { AUTOMATION_PASS_KIND, registerAutomation } from './automation.run.js';
import type { Automation } from './automation.types.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const scheduleKeys = (a: FastifyInstance) =>
  (a.services.db.$client.prepare('SELECT key FROM job_schedules ORDER BY key').all() as Array<{ key: string }>).map((r) => r.key);

describe('the automation pass (docs/decisions/0073)', () => {
  it('an area whose pass fails holds up no other: the others create their periods and the job is done', async () => {
    const t = await setUpRetroAutomation();
    app = t.app;
    const broken: Automation<{ id: string; organization_id: string }, { key: string }> = {
      name: 'broken',
      claimIndex: 'nothing.',
      activeRules: () => {
        throw new Error('the broken area fails');
      },
      duePeriods: () => [],
      claimed: () => new Set(),
      create: () => null,
    };
    registerAutomation(app, broken);
    const sprint = t.sprint('Sprint 1', '2027-01-01', '2027-01-14');
    expect((await createRule(t.managerA, ruleInput(t.a.team.id))).errors).toBeUndefined();
    t.clock.set('2027-01-15T00:10:00.000Z');
    await t.runAll();
    expect(retroRows(app, t.a.org.id).map((r) => r.sprint_id)).toEqual([sprint]);
    expect(jobRows(app, AUTOMATION_PASS_KIND).map((j) => j.status)).toEqual(['done']);
  }, 60_000);

  it("on start, the areas' former hourly schedules are removed and the one pass is scheduled", async () => {
    const dataDir = tempDataDir();
    const first = await appOnDataDir(dataDir);
    app = first;
    // As an install from before the automation module has them.
    const now = new Date().toISOString();
    for (const key of ['reviews.automation', 'retros.automation.sprints', 'feedback.automation']) {
      upsertSchedule(
        first.services.db,
        {
          key,
          kind: key,
          organizationId: null,
          payload: {},
          everyUnit: 'hours',
          everyCount: 1,
          anchorAt: '2026-01-01T00:00:00.000Z',
          endsAt: null,
          catchUp: 'latest',
          active: true,
        },
        () => ({ index: 0, runAt: '2026-01-01T00:00:00.000Z' }),
        now,
      );
    }
    expect(scheduleKeys(first)).toEqual(expect.arrayContaining(['feedback.automation', 'retros.automation.sprints', 'reviews.automation']));
    await first.close();
    app = await appOnDataDir(dataDir);
    const keys = scheduleKeys(app);
    expect(keys).toContain(AUTOMATION_PASS_KIND);
    expect(keys.filter((k) => ['reviews.automation', 'retros.automation.sprints', 'feedback.automation'].includes(k))).toEqual([]);
    await app.close();
    app = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
