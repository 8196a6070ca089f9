import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addPerson, cycles, RULE, ruleInput, setUpAutomation } from './reviews.automation.test-support.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

type Setup = Awaited<ReturnType<typeof setUpAutomation>>;
async function template(t: Setup, key = '360_review'): Promise<string> {
  const res = await t.adminA.gql('{ reviewTemplates { id built_in_key } }');
  return (res.data!.reviewTemplates as Array<{ id: string; built_in_key: string | null }>).find((x) => x.built_in_key === key)!.id;
}
const create = (c: Setup['adminA'], input: unknown) =>
  c.gql(`mutation($input: ReviewAutomationRuleInput!) { createReviewAutomationRule(input: $input) { ${RULE} } }`, { input });
const runs = (c: Setup['adminA'], ruleId: string) =>
  c.gql('query($id: ID!) { reviewAutomationRuns(ruleId: $id) { period_key skipped_reason cycle { name status } } }', { id: ruleId });

describe('review automation: repeating rules', () => {
  it('creates exactly one cycle per period, catches up on missed periods once after downtime, and nothing when run again', async () => {
    const t = await setUpAutomation();
    app = t.app;
    // Core also holds the world's deactivated person; one more member opted out of automation.
    await addPerson(app, t.a.org.id, 'excluded@acme.example', { team_id: t.a.team.id, excluded: true });
    const created = await create(t.adminA, ruleInput({ template_id: await template(t), team_ids: [t.a.team.id] }));
    expect(created.errors).toBeUndefined();
    const rule = created.data!.createReviewAutomationRule;
    expect(rule).toMatchObject({ active: true, starts_as_draft: false, anchor_on: '2027-01-15', next_run_at: '2027-01-15T00:00:00.000Z', run_count: 0 });

    t.clock.set('2027-01-14T23:30:00.000Z');
    await t.runAll();
    expect(cycles(app, t.a.org.id)).toHaveLength(0);

    t.clock.set('2027-01-15T00:30:00.000Z');
    await t.runAll();
    await t.runAll();
    const first = cycles(app, t.a.org.id);
    expect(first).toHaveLength(1);
    // Launched at once (no peers to nominate), for the team's active people only, owned by the rule's creator.
    expect(first[0]).toMatchObject({
      name: 'Monthly check-in: 2027-01',
      type: '360',
      status: 'ACTIVE',
      created_by: t.a.admin.id,
      people: ['lead@acme.example', 'peer@acme.example', 'report@acme.example'],
    });

    // The server is down from mid-February to late May: every missed month is created once, on restart.
    t.clock.set('2027-05-20T10:00:00.000Z');
    await t.runAll();
    await t.runAll();
    expect(cycles(app, t.a.org.id).map((c) => c.name)).toEqual(['2027-01', '2027-02', '2027-03', '2027-04', '2027-05'].map((m) => `Monthly check-in: ${m}`));
    const listed = await runs(t.adminA, rule.id);
    expect(listed.data!.reviewAutomationRuns.map((r: { period_key: string }) => r.period_key)).toEqual(['2027-05', '2027-04', '2027-03', '2027-02', '2027-01']);
    const after = await t.adminA.gql(`{ reviewAutomationRules { ${RULE} } }`);
    expect(after.data!.reviewAutomationRules[0]).toMatchObject({ run_count: 5, next_run_at: '2027-06-15T00:00:00.000Z' });

    // The guard is the unique index, not the pass: inserting a period again fails.
    expect(() =>
      app!.services.db.$client
        .prepare("INSERT INTO review_automation_runs (id, organization_id, rule_id, period_key) VALUES ('x', ?, ?, '2027-03')")
        .run(t.a.org.id, rule.id),
    ).toThrow(/UNIQUE/);
    // The creator (admin) was told about each cycle.
    const notes = app.services.db.$client
      .prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND title = 'A rule created a review cycle'")
      .get(t.a.admin.id) as { n: number };
    expect(notes.n).toBe(5);
  }, 60_000);

  it('skips what fell due while paused and resumes from then on', async () => {
    const t = await setUpAutomation();
    app = t.app;
    const rule = (await create(t.adminA, ruleInput({ template_id: await template(t), user_ids: [t.a.report.id] }))).data!.createReviewAutomationRule;
    const paused = await t.adminA.gql('mutation($id: ID!) { pauseReviewAutomationRule(id: $id) { active next_run_at } }', { id: rule.id });
    expect(paused.data!.pauseReviewAutomationRule).toEqual({ active: false, next_run_at: null });
    t.clock.set('2027-02-20T00:00:00.000Z');
    await t.runAll();
    expect(cycles(app, t.a.org.id)).toHaveLength(0);
    const resumed = await t.adminA.gql('mutation($id: ID!) { resumeReviewAutomationRule(id: $id) { active next_run_at } }', { id: rule.id });
    expect(resumed.data!.resumeReviewAutomationRule).toEqual({ active: true, next_run_at: '2027-03-15T00:00:00.000Z' });
    t.clock.set('2027-03-15T02:00:00.000Z');
    await t.runAll();
    expect(cycles(app, t.a.org.id).map((c) => c.name)).toEqual(['Monthly check-in: 2027-03']);
  }, 60_000);
});

describe('review automation: after a start date and at sprint ends', () => {
  it('AFTER_START creates one draft per new person, skipping excluded, deactivated and earlier starters', async () => {
    const t = await setUpAutomation();
    app = t.app;
    const team = t.a.team.id;
    await addPerson(app, t.a.org.id, 'newbie@acme.example', { team_id: team, created_at: '2027-01-12T09:00:00.000Z', manager_id: t.a.manager.id });
    await addPerson(app, t.a.org.id, 'later@acme.example', { team_id: team, created_at: '2027-01-20T09:00:00.000Z' });
    await addPerson(app, t.a.org.id, 'optout@acme.example', { team_id: team, created_at: '2027-01-12T09:00:00.000Z', excluded: true });
    await addPerson(app, t.a.org.id, 'left@acme.example', { team_id: team, created_at: '2027-01-12T09:00:00.000Z', status: 'DEACTIVATED' });
    await addPerson(app, t.a.org.id, 'veteran@acme.example', { team_id: team, created_at: '2026-06-01T09:00:00.000Z' });
    await addPerson(app, t.a.org.id, 'elsewhere@acme.example', { created_at: '2027-01-12T09:00:00.000Z' });
    const created = await create(
      t.adminA,
      ruleInput({
        name: 'New starter',
        type: 'AFTER_START',
        every_count: 30,
        anchor_on: null,
        team_ids: [team],
        template_id: await template(t),
        perspectives: ['SELF', 'MANAGER', 'PEER'],
        min_peers: 2,
        nomination_days: 5,
      }),
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createReviewAutomationRule).toMatchObject({ starts_as_draft: true, next_run_at: '2027-02-11T09:00:00.000Z' });

    t.clock.set('2027-02-11T10:00:00.000Z');
    await t.runAll();
    await t.runAll();
    const made = cycles(app, t.a.org.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      name: 'New starter: newbie',
      status: 'DRAFT',
      nomination_end: '2027-02-16T10:00:00.000Z',
      people: ['newbie@acme.example'],
    });

    t.clock.set('2027-02-20T10:00:00.000Z');
    await t.runAll();
    expect(cycles(app, t.a.org.id).map((c) => c.people[0])).toEqual(['newbie@acme.example', 'later@acme.example']);
  }, 60_000);

  it('SPRINT_END creates one sprint review per ended sprint of the team', async () => {
    const t = await setUpAutomation();
    app = t.app;
    const sprint = (name: string, starts_on: string, ends_on: string) =>
      t.managerA.gql('mutation($input: ReviewSprintInput!) { createReviewSprint(input: $input) { id name team { id } } }', {
        input: { team_id: t.a.team.id, name, starts_on, ends_on },
      });
    expect((await sprint('Sprint 1', '2027-01-04', '2027-01-15')).errors).toBeUndefined();
    await sprint('Sprint 2', '2027-01-18', '2027-01-29');
    const bad = await sprint('Backwards', '2027-02-10', '2027-02-01');
    expect(bad.errors![0]!.extensions!.fields).toEqual({ ends_on: 'The sprint ends on or after its first day.' });
    const created = await create(
      t.managerA,
      ruleInput({ name: 'Sprint retro', type: 'SPRINT_END', anchor_on: null, team_ids: [t.a.team.id], template_id: null, perspectives: ['SELF', 'MANAGER'] }),
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createReviewAutomationRule).toMatchObject({ template_name: 'Sprint review', next_run_at: '2027-01-15T23:59:59.999Z' });

    t.clock.set('2027-01-16T01:00:00.000Z');
    await t.runAll();
    expect(cycles(app, t.a.org.id).map((c) => [c.name, c.type])).toEqual([['Sprint retro: Sprint 1', 'sprint']]);
    t.clock.set('2027-01-30T01:00:00.000Z');
    await t.runAll();
    await t.runAll();
    expect(cycles(app, t.a.org.id).map((c) => c.name)).toEqual(['Sprint retro: Sprint 1', 'Sprint retro: Sprint 2']);
  }, 60_000);

  it('editing a sprint: an ended sprint that had its review gets no second one; a sprint not yet ended starts its review at the new end', async () => {
    const t = await setUpAutomation();
    app = t.app;
    const save = (input: Record<string, string>, id?: string) =>
      t.managerA.gql(
        id
          ? 'mutation($id: ID!, $input: ReviewSprintInput!) { updateReviewSprint(id: $id, input: $input) { id name starts_on ends_on } }'
          : 'mutation($input: ReviewSprintInput!) { createReviewSprint(input: $input) { id name starts_on ends_on } }',
        { ...(id ? { id } : {}), input: { team_id: t.a.team.id, ...input } },
      );
    const one = (await save({ name: 'Sprint 1', starts_on: '2027-01-04', ends_on: '2027-01-15' })).data!.createReviewSprint;
    const two = (await save({ name: 'Sprint 2', starts_on: '2027-01-18', ends_on: '2027-02-05' })).data!.createReviewSprint;
    const rule = (await create(t.managerA, ruleInput({ name: 'Retro', type: 'SPRINT_END', anchor_on: null, team_ids: [t.a.team.id], template_id: null }))).data!
      .createReviewAutomationRule;
    const nextRun = async () => (await t.managerA.gql('{ reviewAutomationRules { next_run_at } }')).data!.reviewAutomationRules[0].next_run_at;

    t.clock.set('2027-01-16T01:00:00.000Z');
    await t.runAll();
    expect(cycles(app, t.a.org.id).map((c) => c.name)).toEqual(['Retro: Sprint 1']);

    // Sprint 1 ended and has its review: moving its end later neither plans nor starts another one.
    const moved = await save({ name: 'Sprint 1 (longer)', starts_on: '2027-01-04', ends_on: '2027-01-22' }, one.id);
    expect(moved.data!.updateReviewSprint).toEqual({ id: one.id, name: 'Sprint 1 (longer)', starts_on: '2027-01-04', ends_on: '2027-01-22' });
    expect(await nextRun()).toBe('2027-02-05T23:59:59.999Z');
    // Sprint 2 is cut short: its review comes at the new end.
    await save({ name: 'Sprint 2', starts_on: '2027-01-18', ends_on: '2027-01-29' }, two.id);
    expect(await nextRun()).toBe('2027-01-29T23:59:59.999Z');

    t.clock.set('2027-01-23T01:00:00.000Z');
    await t.runAll();
    expect(cycles(app, t.a.org.id)).toHaveLength(1);
    t.clock.set('2027-01-30T01:00:00.000Z');
    await t.runAll();
    await t.runAll();
    expect(cycles(app, t.a.org.id).map((c) => c.name)).toEqual(['Retro: Sprint 1', 'Retro: Sprint 2']);
    const listed = (await runs(t.managerA, rule.id)).data!.reviewAutomationRuns.map((r: { period_key: string }) => r.period_key).sort();
    expect(listed).toEqual([`sprint:${one.id}`, `sprint:${two.id}`].sort());
    expect(await nextRun()).toBeNull();
  }, 60_000);
});
