import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { jobRows } from '../../jobs/jobs.test-support.js';
import { createRule, retroRows, ruleInput, setUpRetroAutomation, type RetroAutomationSetup } from './retros.automation.test-support.js';
import { DEADLINE_KIND } from './retros.automation.deadlines.js';
import { moveRetroPhase } from './retros.phases.js';
import { insertRetro } from './retros.repo.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const phaseOf = (t: RetroAutomationSetup, id: string) => retroRows(t.app, t.a.org.id).find((r) => r.id === id)!.phase;
const HOUR = 3_600_000;
const at = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR).toISOString();
/** Deadline jobs that did not finish cleanly (a CONFLICT must be swallowed, never a failed job). */
const badDeadlineJobs = (t: RetroAutomationSetup) => jobRows(t.app, DEADLINE_KIND).filter((j) => j.status !== 'done' && j.status !== 'queued');

describe('async retros', () => {
  it("a rule's async retro opens in REFLECT at once; REFLECT and VOTE close by themselves at their deadlines", async () => {
    const t = await setUpRetroAutomation();
    app = t.app;
    const res = await createRule(
      t.managerA,
      ruleInput(t.a.team.id, {
        trigger: 'CADENCE',
        every_weeks: 2,
        anchor_at: '2027-01-11T10:00:00Z',
        health_check_id: 'builtin:quick-pulse',
        reflect_hours: 24,
        vote_hours: 48,
      }),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.createRetroAutomationRule).toMatchObject({ reflect_hours: 24, vote_hours: 48 });

    // The report reads times in Tokyo (their profile); the manager set no time zone.
    const zone = await t.reportA.gql('mutation($id: ID!) { updateUser(id: $id, input: { time_zone: "Asia/Tokyo" }) { time_zone } }', { id: t.a.report.id });
    expect(zone.errors).toBeUndefined();
    t.clock.set('2027-01-11T10:00:00.000Z');
    await t.runAll();
    const [retro] = retroRows(app, t.a.org.id);
    // Opened through its health check phase straight into REFLECT, with deadlines from the opening.
    expect(retro).toMatchObject({
      phase: 'REFLECT',
      scheduled_at: '2027-01-11T10:00:00.000Z',
      reflect_deadline: '2027-01-12T10:00:00.000Z',
      vote_deadline: '2027-01-14T10:00:00.000Z',
    });
    const noteOf = (email: string) =>
      app!.services.db.$client
        .prepare("SELECT title, body FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = ? AND n.kind = 'retro_started'")
        .get(email) as { title: string; body: string };
    const note = noteOf(t.a.report.email);
    expect(note.title).toBe('A retro of your team starts');
    // Each reader's own clock (docs/decisions/0070): Tokyo is UTC+9; without a zone, UTC and said so.
    expect(note.body).toBe(`${retro!.title}: write your reflections by Jan 12, 2027, 19:00; voting closes Jan 14, 2027, 19:00.`);
    expect(noteOf(t.a.manager.email).body).toBe(`${retro!.title}: write your reflections by Jan 12, 2027, 10:00 UTC; voting closes Jan 14, 2027, 10:00 UTC.`);

    t.clock.set('2027-01-12T09:59:00.000Z');
    await t.runAll();
    expect(phaseOf(t, retro!.id)).toBe('REFLECT');
    t.clock.set('2027-01-12T10:00:30.000Z');
    await t.runAll();
    expect(phaseOf(t, retro!.id)).toBe('GROUP');
    // Nobody opened voting: at the vote deadline it goes through VOTE to DISCUSS; the facilitator ends it later.
    t.clock.set('2027-01-14T10:00:30.000Z');
    await t.runAll();
    expect(phaseOf(t, retro!.id)).toBe('DISCUSS');
    expect(badDeadlineJobs(t)).toEqual([]);
  }, 60_000);

  it('voting opened by the facilitator closes at the vote deadline', async () => {
    const t = await setUpRetroAutomation();
    app = t.app;
    t.sprint('Sprint 1', '2027-01-01', '2027-01-14');
    await createRule(t.adminA, ruleInput(t.a.team.id, { reflect_hours: 2, vote_hours: 3 }));
    t.clock.set('2027-01-15T00:30:00.000Z');
    await t.runAll();
    const [retro] = retroRows(app, t.a.org.id);
    expect(retro).toMatchObject({ phase: 'REFLECT', reflect_deadline: '2027-01-15T02:30:00.000Z', vote_deadline: '2027-01-15T05:30:00.000Z' });
    t.clock.set('2027-01-15T02:31:00.000Z');
    await t.runAll();
    expect(phaseOf(t, retro!.id)).toBe('GROUP');
    moveRetroPhase(app.services, t.a.org.id, retro!.id, 'GROUP', 'VOTE');
    t.clock.set('2027-01-15T05:29:00.000Z');
    await t.runAll();
    expect(phaseOf(t, retro!.id)).toBe('VOTE');
    t.clock.set('2027-01-15T05:31:00.000Z');
    await t.runAll();
    expect(phaseOf(t, retro!.id)).toBe('DISCUSS');
    expect(badDeadlineJobs(t)).toEqual([]);
  }, 60_000);

  it('a retro made by hand with deadlines closes them by itself once started; a phase already moved is left alone; a deadline moved later is kept', async () => {
    const t = await setUpRetroAutomation();
    app = t.app;
    const start = '2027-01-10T09:00:00.000Z';
    const retro = insertRetro(
      app.services.db,
      t.a.org.id,
      {
        team_id: t.a.team.id,
        template_id: 'builtin:mad-sad-glad',
        scheduled_at: start,
        reflect_deadline: at(start, 24),
        vote_deadline: at(start, 48),
      },
      t.a.manager.id,
    );
    // The facilitator starts it (no earlier retro, no check-in, no health check: straight to REFLECT).
    moveRetroPhase(app.services, t.a.org.id, retro.id, 'SCHEDULED', 'REFLECT');
    expect(jobRows(app, DEADLINE_KIND).map((j) => j.run_at)).toEqual([at(start, 24), at(start, 48)]);

    // The reflect deadline is moved a day later (settings may change deadlines while it runs).
    app.services.db.$client.prepare('UPDATE retros SET reflect_deadline = ? WHERE id = ?').run(at(start, 36), retro.id);
    t.clock.set(at(start, 25));
    await t.runAll();
    expect(phaseOf(t, retro.id)).toBe('REFLECT');
    t.clock.set(at(start, 37));
    await t.runAll();
    expect(phaseOf(t, retro.id)).toBe('GROUP');

    // The facilitator runs ahead: voting and discussion before the vote deadline; the deadline then changes nothing.
    moveRetroPhase(app.services, t.a.org.id, retro.id, 'GROUP', 'VOTE');
    moveRetroPhase(app.services, t.a.org.id, retro.id, 'VOTE', 'DISCUSS');
    moveRetroPhase(app.services, t.a.org.id, retro.id, 'DISCUSS', 'SUMMARY');
    t.clock.set(at(start, 49));
    await t.runAll();
    expect(phaseOf(t, retro.id)).toBe('SUMMARY');
    expect(badDeadlineJobs(t)).toEqual([]);
    expect(jobRows(app, DEADLINE_KIND).every((j) => j.status === 'done')).toBe(true);
  }, 60_000);

  it('a deadline set or brought forward on a running retro (updateRetro) closes at its new time', async () => {
    const t = await setUpRetroAutomation();
    app = t.app;
    const start = '2027-01-10T09:00:00.000Z';
    const retro = insertRetro(app.services.db, t.a.org.id, { team_id: t.a.team.id, template_id: 'builtin:mad-sad-glad', scheduled_at: start }, t.a.manager.id);
    moveRetroPhase(app.services, t.a.org.id, retro.id, 'SCHEDULED', 'REFLECT');
    expect(jobRows(app, DEADLINE_KIND)).toEqual([]);
    // The facilitator makes it async while it runs: reflect until 12:00, vote until 15:00.
    const set = await t.managerA.gql(
      'mutation($id: ID!, $input: RetroSettingsInput!) { updateRetro(id: $id, input: $input) { reflect_deadline vote_deadline } }',
      { id: retro.id, input: { reflect_deadline: '2027-01-10T12:00:00Z', vote_deadline: '2027-01-10T15:00:00Z' } },
    );
    expect(set.errors).toBeUndefined();
    // ...then brings reflecting forward to 11:00.
    await t.managerA.gql('mutation($id: ID!, $input: RetroSettingsInput!) { updateRetro(id: $id, input: $input) { reflect_deadline } }', {
      id: retro.id,
      input: { reflect_deadline: '2027-01-10T11:00:00Z' },
    });
    t.clock.set('2027-01-10T11:00:30.000Z');
    await t.runAll();
    expect(phaseOf(t, retro.id)).toBe('GROUP');
    t.clock.set('2027-01-10T15:00:30.000Z');
    await t.runAll();
    expect(phaseOf(t, retro.id)).toBe('DISCUSS');
    expect(badDeadlineJobs(t)).toEqual([]);
  }, 60_000);
});
