import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appOnDataDir, fakeClock, tempDataDir } from '../../jobs/jobs.test-support.js';
import { signedIn } from '../../test/helpers.js';
import { seedWorldOrg } from '../../test/world.js';
import { insertSprint } from '../sprints/sprints.repo.js';
import { createRule, listRules, retroRows, ruleInput, ruleOp, setUpRetroAutomation, switchRetros, toldAbout } from './retros.automation.test-support.js';
import { runCadenceRetro } from './retros.automation.run.js';
import { runAutomationPass as runSprintRetroPass, scheduleAutomationPass as scheduleSprintRetroPass } from '../automation/automation.run.js';
import type { RetroAutomationSetup } from './retros.automation.test-support.js';

const passCtx = (t: RetroAutomationSetup) => ({ now: new Date(t.clock.now()), enqueue: t.scheduler.enqueue });

/** Rewinds every cadence schedule's cursor to its anchor and runs what is due, as a restart that lost its cursor would. */
async function runSchedulesAgain(t: RetroAutomationSetup) {
  t.app.services.db.$client.prepare("UPDATE job_schedules SET next_index = 0, next_run_at = anchor_at WHERE key LIKE 'retros.rule:%'").run();
  await t.runAll();
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('retro automation: after every sprint', () => {
  it('creates one retro per ended sprint, however often the pass runs, also racing or after a restart; the team is told', async () => {
    const t = await setUpRetroAutomation();
    app = t.app;
    const s1 = t.sprint('Sprint 1', '2027-01-01', '2027-01-14');
    const s2 = t.sprint('Sprint 2', '2027-01-15', '2027-01-28');
    t.sprint('Old sprint', '2026-12-01', '2026-12-14');
    const created = await createRule(t.managerA, ruleInput(t.a.team.id, { facilitator_id: t.a.report.id }));
    expect(created.errors).toBeUndefined();
    const rule = created.data!.createRetroAutomationRule;
    expect(rule).toMatchObject({
      trigger: 'SPRINT_END',
      paused: false,
      anchor_at: null,
      next_run_at: '2027-01-15T00:00:00.000Z',
      team: { name: 'Core' },
      template: { name: '4Ls' },
      retros: [],
    });

    t.clock.set('2027-01-14T23:30:00.000Z');
    await t.runAll();
    expect(retroRows(app, t.a.org.id)).toHaveLength(0);

    t.clock.set('2027-01-15T00:10:00.000Z');
    await t.runAll();
    await t.runAll();
    // A pass that raced the first one, and the schedule made again as on a restart (its cursor rewound).
    expect(runSprintRetroPass(app.services, passCtx(t))).toEqual([]);
    scheduleSprintRetroPass(app, false);
    scheduleSprintRetroPass(app, true);
    t.clock.set('2027-01-15T02:10:00.000Z');
    await t.runAll();
    const rows = retroRows(app, t.a.org.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Core retro: Sprint 1',
      sprint_id: s1,
      phase: 'SCHEDULED',
      facilitator_id: t.a.report.id,
      automation_rule_id: rule.id,
      period_key: `sprint:${s1}`,
      reflect_deadline: null,
    });
    // The team's members, its manager and its lead are told; people outside the team are not.
    expect(toldAbout(app, rows[0]!.id)).toEqual(['lead@acme.example', 'manager@acme.example', 'peer@acme.example', 'report@acme.example']);

    // The guard is the unique index, not the pass: a second retro for the period cannot be stored.
    expect(() =>
      app!.services.db.$client
        .prepare(
          `INSERT INTO retros (id, organization_id, team_id, title, template_id, template_name, prompts, scheduled_at, automation_rule_id, period_key)
      VALUES ('dup', ?, ?, 'x', 'builtin:4ls', '4Ls', '[]', '2027-01-15', ?, ?)`,
        )
        .run(t.a.org.id, t.a.team.id, rule.id, `sprint:${s1}`),
    ).toThrow(/UNIQUE/);

    const listed = (await listRules(t.managerA)).data!.retroAutomationRules;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      next_run_at: '2027-01-29T00:00:00.000Z',
      retros: [{ id: rows[0]!.id, title: 'Core retro: Sprint 1', phase: 'SCHEDULED' }],
    });

    // The server was down over the second sprint's end: created once when it is back.
    t.clock.set('2027-01-31T09:00:00.000Z');
    await t.runAll();
    await t.runAll();
    expect(retroRows(app, t.a.org.id).map((r) => r.sprint_id)).toEqual([s1, s2]);
  }, 60_000);

  it('creates nothing while paused (nor later for what ended meanwhile), nor while the area is off', async () => {
    const t = await setUpRetroAutomation();
    app = t.app;
    t.sprint('Sprint 1', '2027-01-01', '2027-01-14');
    const s2 = t.sprint('Sprint 2', '2027-01-15', '2027-01-28');
    const s3 = t.sprint('Sprint 3', '2027-01-29', '2027-02-11');
    const rule = (await createRule(t.adminA, ruleInput(t.a.team.id))).data!.createRetroAutomationRule;
    const paused = await ruleOp(t.adminA, 'pause', rule.id);
    expect(paused.data!.pauseRetroAutomationRule).toMatchObject({ paused: true, next_run_at: null });
    t.clock.set('2027-01-16T00:00:00.000Z');
    await t.runAll();
    expect(retroRows(app, t.a.org.id)).toHaveLength(0);

    const resumed = await ruleOp(t.adminA, 'resume', rule.id);
    expect(resumed.data!.resumeRetroAutomationRule).toMatchObject({ paused: false, next_run_at: '2027-01-29T00:00:00.000Z' });
    await t.runAll();
    expect(retroRows(app, t.a.org.id)).toHaveLength(0);

    // Area off over the second sprint's end: nothing, not even for the organization's admin.
    expect((await switchRetros(t.adminA, false)).errors).toBeUndefined();
    t.clock.set('2027-01-29T01:00:00.000Z');
    await t.runAll();
    expect(retroRows(app, t.a.org.id)).toHaveLength(0);
    expect((await switchRetros(t.adminA, true)).errors).toBeUndefined();
    t.clock.set('2027-02-12T01:00:00.000Z');
    await t.runAll();
    // Back on: sprints that ended in the last week get their retro (Sprint 2 ended 14 days ago: too late to be useful).
    expect(retroRows(app, t.a.org.id).map((r) => r.sprint_id)).toEqual([s3]);
    expect(retroRows(app, t.a.org.id).map((r) => r.sprint_id)).not.toContain(s2);
  }, 60_000);
});

describe('retro automation: a template archived after the rule was made', () => {
  it('makes no retro while the template is archived (the rule shows it) and catches up once it is restored', async () => {
    const t = await setUpRetroAutomation();
    app = t.app;
    const template = (
      await t.managerA.gql('mutation($i: RetroTemplateInput!) { createRetroTemplate(input: $i) { id } }', {
        i: { name: 'Ours', prompts: [{ title: 'Good', colour: '#2f7d4f' }] },
      })
    ).data!.createRetroTemplate.id;
    const rule = (await createRule(t.managerA, ruleInput(t.a.team.id, { template_id: template }))).data!.createRetroAutomationRule;
    const s1 = t.sprint('Sprint 1', '2027-01-01', '2027-01-14');
    expect((await t.managerA.gql('mutation($id: ID!) { archiveRetroTemplate(id: $id) { archived } }', { id: template })).errors).toBeUndefined();
    expect((await listRules(t.managerA)).data!.retroAutomationRules[0].template).toMatchObject({ id: template, archived: true });
    t.clock.set('2027-01-15T01:00:00.000Z');
    await t.runAll();
    expect(retroRows(app, t.a.org.id)).toHaveLength(0);
    await t.managerA.gql('mutation($id: ID!) { restoreRetroTemplate(id: $id) { archived } }', { id: template });
    t.clock.set('2027-01-15T03:00:00.000Z');
    await t.runAll();
    expect(retroRows(app, t.a.org.id)).toMatchObject([{ sprint_id: s1, automation_rule_id: rule.id }]);
  }, 60_000);
});

describe('retro automation: on a cadence', () => {
  it('creates one retro per period at the period start, once after downtime (the latest period), never twice', async () => {
    const t = await setUpRetroAutomation();
    app = t.app;
    const res = await createRule(
      t.leadA,
      ruleInput(t.a.team.id, {
        trigger: 'CADENCE',
        every_weeks: 2,
        anchor_at: '2027-01-11T10:00:00Z',
        health_check_id: 'builtin:quick-pulse',
        anonymous: false,
        max_votes: 3,
      }),
    );
    expect(res.errors).toBeUndefined();
    const rule = res.data!.createRetroAutomationRule;
    expect(rule).toMatchObject({
      every_weeks: 2,
      anchor_at: '2027-01-11T10:00:00.000Z',
      next_run_at: '2027-01-11T10:00:00.000Z',
      anonymous: false,
      max_votes: 3,
      max_votes_per_group: 3,
      health_check: { name: 'Quick pulse' },
    });

    t.clock.set('2027-01-11T09:59:00.000Z');
    await t.runAll();
    expect(retroRows(app, t.a.org.id)).toHaveLength(0);
    t.clock.set('2027-01-11T10:01:00.000Z');
    await t.runAll();
    await t.runAll();
    let rows = retroRows(app, t.a.org.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ scheduled_at: '2027-01-11T10:00:00.000Z', period_key: 'cadence:2027-01-11T10:00:00.000Z', phase: 'SCHEDULED' });
    expect(JSON.parse(rows[0]!.health_statements!)).toHaveLength(3);
    // No facilitator chosen: the team's manager runs it.
    expect(rows[0]!.facilitator_id).toBe(t.a.manager.id);
    expect(toldAbout(app, rows[0]!.id)).toContain('report@acme.example');

    // The same period's job run again (a second runner, a rewound cursor): still one retro.
    expect(
      runCadenceRetro(app.services, rule.id, { ...passCtx(t), period: '2027-01-11T10:00:00.000Z', runAt: new Date('2027-01-11T10:00:00.000Z') }),
    ).toBeNull();
    await runSchedulesAgain(t);
    expect(retroRows(app, t.a.org.id)).toHaveLength(1);

    // Down from late January to early March: the latest missed period only, once.
    t.clock.set('2027-03-01T12:00:00.000Z');
    await t.runAll();
    await t.runAll();
    rows = retroRows(app, t.a.org.id);
    expect(rows.map((r) => r.scheduled_at)).toEqual(['2027-01-11T10:00:00.000Z', '2027-02-22T10:00:00.000Z']);
    const listed = (await listRules(t.managerA)).data!.retroAutomationRules[0];
    expect(listed.next_run_at).toBe('2027-03-08T10:00:00.000Z');
    expect(listed.retros.map((r: { scheduled_at: string }) => r.scheduled_at)).toEqual(['2027-02-22T10:00:00.000Z', '2027-01-11T10:00:00.000Z']);
  }, 60_000);

  it('a paused cadence skips its periods and resumes at the next one; a deleted rule creates nothing more', async () => {
    const t = await setUpRetroAutomation();
    app = t.app;
    const rule = (await createRule(t.adminA, ruleInput(t.a.team.id, { trigger: 'CADENCE', every_weeks: 1, anchor_at: '2027-01-11T10:00:00Z' }))).data!
      .createRetroAutomationRule;
    await ruleOp(t.adminA, 'pause', rule.id);
    t.clock.set('2027-01-19T00:00:00.000Z');
    await t.runAll();
    expect(retroRows(app, t.a.org.id)).toHaveLength(0);
    const resumed = await ruleOp(t.adminA, 'resume', rule.id);
    expect(resumed.data!.resumeRetroAutomationRule).toMatchObject({ paused: false, next_run_at: '2027-01-25T10:00:00.000Z' });
    t.clock.set('2027-01-25T10:30:00.000Z');
    await t.runAll();
    expect(retroRows(app, t.a.org.id).map((r) => r.scheduled_at)).toEqual(['2027-01-25T10:00:00.000Z']);

    // Area off: the period passes without a retro.
    await switchRetros(t.adminA, false);
    t.clock.set('2027-02-01T10:30:00.000Z');
    await t.runAll();
    await switchRetros(t.adminA, true);
    expect(retroRows(app, t.a.org.id)).toHaveLength(1);

    expect((await t.adminA.gql('mutation($id: ID!) { deleteRetroAutomationRule(id: $id) }', { id: rule.id })).data).toEqual({
      deleteRetroAutomationRule: true,
    });
    t.clock.set('2027-02-15T10:30:00.000Z');
    await t.runAll();
    expect(retroRows(app, t.a.org.id)).toHaveLength(1);
    expect((await listRules(t.adminA)).data!.retroAutomationRules).toEqual([]);
  }, 60_000);
});

describe('retro automation across a restart', () => {
  it('the server stops and starts again: each sprint end and period keeps its one retro, and the next ones still come once', async () => {
    const dataDir = tempDataDir();
    const clock = fakeClock('2027-01-10T08:30:00.000Z');
    const boot = async () => {
      const started = await appOnDataDir(dataDir);
      await started.services.scheduler.stop();
      started.services.scheduler.useClock(clock.now);
      return started;
    };
    const settle = async (a: FastifyInstance) => {
      for (let i = 0; i < 50; i += 1) {
        const s = await a.services.scheduler.tick();
        if (!s.done && !s.failed && !s.dead && !s.lost) return;
      }
    };
    const first = await boot();
    app = first;
    const org = await seedWorldOrg(first, 'Acme');
    const admin = await signedIn(first, org.admin.email);
    const sprintId = insertSprint(
      first.services.db,
      org.org.id,
      { team_id: org.team.id, name: 'Sprint 1', starts_on: '2027-01-01', ends_on: '2027-01-10' },
      org.admin.id,
    );
    expect((await createRule(admin, ruleInput(org.team.id))).errors).toBeUndefined();
    expect((await createRule(admin, ruleInput(org.team.id, { trigger: 'CADENCE', every_weeks: 1, anchor_at: '2027-01-11T10:00:00Z' }))).errors).toBeUndefined();
    clock.set('2027-01-11T10:05:00.000Z');
    await settle(first);
    expect(
      retroRows(first, org.org.id)
        .map((r) => r.period_key)
        .sort(),
    ).toEqual(['cadence:2027-01-11T10:00:00.000Z', `sprint:${sprintId}`]);
    await first.close();
    app = undefined;

    clock.set('2027-01-11T11:05:00.000Z');
    app = await boot();
    await settle(app);
    expect(retroRows(app, org.org.id)).toHaveLength(2);
    clock.set('2027-01-18T10:05:00.000Z');
    await settle(app);
    await settle(app);
    expect(
      retroRows(app, org.org.id)
        .map((r) => r.period_key)
        .sort(),
    ).toEqual(['cadence:2027-01-11T10:00:00.000Z', 'cadence:2027-01-18T10:00:00.000Z', `sprint:${sprintId}`]);
    await app.close();
    app = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
