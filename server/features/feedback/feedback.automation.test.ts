import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedulerTestApp, type FakeClock } from '../../jobs/jobs.test-support.js';
import type { Scheduler } from '../../jobs/jobs.scheduler.js';
import { newId } from '../../lib/tokens.js';
import { codeOf } from '../../test/helpers.js';
import { insertSprint } from '../sprints/sprints.repo.js';
import { feedbackPerson, feedbackWorld, insertRequestRow, type FeedbackCaller, type FeedbackWorld } from './feedback.test-support.js';
import { runAutomationPass, scheduleAutomationPass as scheduleFeedbackAutomation } from '../automation/automation.run.js';
import { runReminderScan } from './feedback.reminders.js';

/**
 * Feedback automation on one app with a fake clock: rules (who may run them, bad input), periodic
 * requests created exactly once per rule, person and period (also when passes race or restart),
 * and the one reminder per unanswered ask after 3 working days in the organization's time zone.
 */

const RULE =
  'id trigger days_after_start responders responder_count paused last_run_at next_run_at requests_created team { id name } template { id name built_in }';

let app: FastifyInstance;
let clock: FakeClock;
let scheduler: Scheduler;
let w: FeedbackWorld;
let third: FeedbackCaller;

const runAll = async () => {
  for (let i = 0; i < 50; i += 1) {
    const s = await scheduler.tick();
    if (!s.done && !s.failed && !s.dead && !s.lost) return;
  }
  throw new Error('the scheduler did not settle');
};
const passCtx = () => ({ now: new Date(clock.now()), enqueue: scheduler.enqueue });

const createRule = (c: FeedbackCaller, input: Record<string, unknown>) =>
  c.gql(`mutation($i: FeedbackAutomationRuleInput!) { createFeedbackAutomationRule(input: $i) { ${RULE} } }`, { i: input });
const listRules = (c: FeedbackCaller) => c.gql(`{ feedbackAutomationRules { ${RULE} } }`);
const ruleOp = (c: FeedbackCaller, op: 'pause' | 'resume', id: string) =>
  c.gql(`mutation($id: ID!) { ${op}FeedbackAutomationRule(id: $id) { ${RULE} } }`, { id });

/** Requests a rule created, with their asks' responders, by subject and period. */
function requestsOf(ruleId: string) {
  const rows = app.services.db.$client
    .prepare(
      `SELECT r.id, r.subject_id, r.requester_id, r.period_key, r.template_name, group_concat(a.responder_id) AS responders
    FROM feedback_requests r JOIN feedback_request_asks a ON a.request_id = r.id WHERE r.automation_rule_id = ? GROUP BY r.id ORDER BY r.period_key, r.subject_id`,
    )
    .all(ruleId) as Array<{
    id: string;
    subject_id: string;
    requester_id: string;
    period_key: string;
    template_name: string;
    responders: string;
  }>;
  return rows.map((r) => ({ ...r, responders: r.responders.split(',').sort() }));
}

/** An ask written directly, asked at `at` (the request flow stamps the real time). */
function askAt(responderId: string, at: string, status = 'PENDING', cancelled = false): string {
  const requestId = insertRequestRow(app, { organizationId: w.org.id, requesterId: w.manager.id, subjectId: w.report.id });
  if (cancelled) app.services.db.$client.prepare('UPDATE feedback_requests SET cancelled_at = ? WHERE id = ?').run(at, requestId);
  const id = newId();
  app.services.db.$client
    .prepare('INSERT INTO feedback_request_asks (id, organization_id, request_id, responder_id, status, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(id, w.org.id, requestId, responderId, status, at);
  return id;
}
const remindersTo = (userId: string) =>
  app.services.db.$client.prepare(`SELECT title, body, link FROM notifications WHERE kind = 'review_reminders' AND user_id = ?`).all(userId) as Array<{
    title: string;
    body: string;
    link: string;
  }>;
const remindedAt = (askId: string) =>
  (app.services.db.$client.prepare('SELECT reminded_at FROM feedback_request_asks WHERE id = ?').get(askId) as { reminded_at: string | null }).reminded_at;

beforeAll(async () => {
  // Friday 8 January 2027, 20:00 in Los Angeles (PST, UTC-8): Saturday 04:00 UTC.
  ({ app, clock, scheduler } = await createSchedulerTestApp('2027-01-09T04:00:00.000Z'));
  w = await feedbackWorld(app);
  third = await feedbackPerson(app, w.org.id, { email: 'third@acme.example', full_name: 'Tia Third', manager_id: w.manager.id, team_id: w.team.id });
  // The organization works in Los Angeles (most of its people do).
  app.services.db.$client.prepare(`UPDATE users SET time_zone = 'America/Los_Angeles' WHERE organization_id = ?`).run(w.org.id);
  app.services.db.$client.prepare(`UPDATE users SET time_zone = 'Europe/Berlin' WHERE id = ?`).run(w.admin.id);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('feedback reminders', () => {
  it('reminds the responder once after 3 working days in the organization’s time zone: weekends skipped, never twice, never when answered', async () => {
    const pending = askAt(w.peer.id, clock.iso());
    const answered = askAt(w.owl.id, clock.iso(), 'ANSWERED');
    const declined = askAt(w.owl.id, clock.iso(), 'DECLINED');
    const cancelled = askAt(w.owl.id, clock.iso(), 'PENDING', true);
    // Tuesday: three calendar days, but the weekend does not count.
    clock.set('2027-01-12T05:00:00.000Z');
    await runAll();
    expect(remindersTo(w.peer.id)).toEqual([]);
    // Wednesday 17:00 in Los Angeles (Thursday 01:00 UTC): in UTC it would be due, in Los Angeles not before 20:00.
    clock.set('2027-01-14T01:00:00.000Z');
    await runAll();
    expect(remindersTo(w.peer.id)).toEqual([]);
    expect(remindedAt(pending)).toBeNull();
    clock.set('2027-01-14T04:30:00.000Z');
    await runAll();
    await runAll();
    // A scan racing the first one, then later scans: still one reminder.
    expect(runReminderScan(app.services, passCtx())).toEqual([]);
    clock.set('2027-01-15T04:30:00.000Z');
    await runAll();
    const sent = remindersTo(w.peer.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: 'Reminder: a feedback request is waiting for your answer', link: '/continuous-feedback/pending' });
    // Who asked about whom is read on the pending page: the reminder is private (docs/decisions/0055).
    expect(sent[0]!.body).toBeNull();
    expect(remindedAt(pending)).toBe('2027-01-14T04:30:00.000Z');
    expect(remindersTo(w.owl.id)).toEqual([]);
    for (const id of [answered, declined, cancelled]) expect(remindedAt(id)).toBeNull();
  });
});

describe('feedback automation rules', () => {
  it('lets a team’s lead or manager and admins run rules; others are refused; bad input is explained', async () => {
    const core = { team_id: w.team.id, trigger: 'MONTHLY', template_id: 'builtin:general', responders: 'TEAMMATES', responder_count: 1 };
    const byLead = await createRule(w.teamLead, core);
    expect(byLead.errors).toBeUndefined();
    const rule = byLead.data!.createFeedbackAutomationRule;
    expect(rule).toMatchObject({
      trigger: 'MONTHLY',
      paused: false,
      requests_created: 0,
      team: { name: 'Core' },
      template: { id: 'builtin:general', built_in: true },
      next_run_at: '2027-02-01T00:00:00.000Z',
    });
    // The report's direct manager runs no team; another team's manager may not touch Core's rules.
    expect(codeOf(await createRule(w.manager, core))).toBe('FORBIDDEN');
    expect(codeOf(await createRule(w.otherManager, core))).toBe('FORBIDDEN');
    expect(codeOf(await ruleOp(w.otherManager, 'pause', rule.id))).toBe('FORBIDDEN');
    expect(codeOf(await ruleOp(w.otherAdmin, 'pause', rule.id))).toBe('NOT_FOUND');
    expect(codeOf(await listRules(w.report))).toBe('FORBIDDEN');
    expect((await listRules(w.otherManager)).data!.feedbackAutomationRules).toEqual([]);
    expect((await listRules(w.teamLead)).data!.feedbackAutomationRules.map((r: { id: string }) => r.id)).toEqual([rule.id]);
    // The whole organization: admins only; sprints need a team; the template must exist; START_DATE needs its days.
    expect(codeOf(await createRule(w.teamLead, { ...core, team_id: null }))).toBe('FORBIDDEN');
    expect(codeOf(await createRule(w.admin, { ...core, team_id: null, trigger: 'SPRINT_END' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await createRule(w.admin, { ...core, template_id: 'builtin:nope' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await createRule(w.admin, { ...core, team_id: w.otherOrg.id }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await createRule(w.admin, { ...core, trigger: 'START_DATE' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await createRule(w.admin, { ...core, responder_count: 11 }))).toBe('BAD_USER_INPUT');
    const paused = await ruleOp(w.teamLead, 'pause', rule.id);
    expect(paused.data!.pauseFeedbackAutomationRule).toMatchObject({ paused: true, next_run_at: null });
    expect((await ruleOp(w.admin, 'resume', rule.id)).data!.resumeFeedbackAutomationRule).toMatchObject({ paused: false });
    const spare = (await createRule(w.admin, { ...core, team_id: null })).data!.createFeedbackAutomationRule;
    expect(spare).toMatchObject({ team: null });
    expect((await w.admin.gql('mutation($id: ID!) { deleteFeedbackAutomationRule(id: $id) }', { id: spare.id })).data!.deleteFeedbackAutomationRule).toBe(true);
    expect((await listRules(w.admin)).data!.feedbackAutomationRules.map((r: { id: string }) => r.id)).toEqual([rule.id]);
  });

  it('creates each active person’s monthly request once per month, asking teammates in turn, however often or in parallel the pass runs', async () => {
    const rule = (await listRules(w.admin)).data!.feedbackAutomationRules[0] as { id: string };
    clock.set('2027-01-31T23:30:00.000Z');
    await runAll();
    expect(requestsOf(rule.id)).toEqual([]);
    clock.set('2027-02-01T00:30:00.000Z');
    await runAll();
    await runAll();
    // A pass racing the first one, and the hourly schedule made again as on a restart.
    expect(runAutomationPass(app.services, passCtx())).toEqual([]);
    scheduleFeedbackAutomation(app, false);
    scheduleFeedbackAutomation(app, true);
    clock.set('2027-02-01T02:30:00.000Z');
    await runAll();
    const feb = requestsOf(rule.id);
    const core = [w.peer.id, w.report.id, third.id];
    expect(feb.map((r) => r.subject_id).sort()).toEqual([...core].sort());
    for (const r of feb) {
      expect(r).toMatchObject({ period_key: '2027-02', requester_id: r.subject_id, template_name: 'General' });
      expect(r.responders).toHaveLength(1);
      expect(core).toContain(r.responders[0]);
      expect(r.responders[0]).not.toBe(r.subject_id);
    }
    // Fair turns: each teammate asked once.
    expect(feb.map((r) => r.responders[0]).sort()).toEqual([...core].sort());
    // The guard is the unique index: a second request for the period cannot be stored.
    expect(() =>
      app.services.db.$client
        .prepare(
          `INSERT INTO feedback_requests (id, organization_id, subject_id, questions, automation_rule_id, period_key) VALUES ('dup', ?, ?, '[]', ?, '2027-02')`,
        )
        .run(w.org.id, w.report.id, rule.id),
    ).toThrow(/UNIQUE/);
    // The responders were told.
    const told = app.services.db.$client
      .prepare(`SELECT count(*) AS n FROM notifications WHERE kind = 'feedback_received' AND user_id IN (?, ?, ?)`)
      .get(...core) as { n: number };
    expect(told.n).toBe(3);
    const listed = (await listRules(w.teamLead)).data!.feedbackAutomationRules[0];
    expect(listed).toMatchObject({ requests_created: 3, last_run_at: '2027-02-01T00:30:00.000Z', next_run_at: '2027-03-01T00:00:00.000Z' });

    // A month later, after downtime: once more each, and still everyone asked as often.
    clock.set('2027-03-03T10:00:00.000Z');
    await runAll();
    await runAll();
    const all = requestsOf(rule.id);
    expect(all.filter((r) => r.period_key === '2027-03')).toHaveLength(3);
    const asked = new Map<string, number>();
    for (const r of all) for (const id of r.responders) asked.set(id, (asked.get(id) ?? 0) + 1);
    expect([...asked.values()]).toEqual([2, 2, 2]);
  });

  it('asks the manager at each sprint end, and N days after a person’s start, once per period', async () => {
    const sprint = insertSprint(
      app.services.db,
      w.org.id,
      { team_id: w.team.id, name: 'Sprint 7', starts_on: '2027-03-01', ends_on: '2027-03-12' },
      w.admin.id,
    );
    const sprintRule = (await createRule(w.teamLead, { team_id: w.team.id, trigger: 'SPRINT_END', template_id: 'builtin:after-sprint', responders: 'MANAGER' }))
      .data!.createFeedbackAutomationRule;
    expect(sprintRule.next_run_at).toBe('2027-03-13T00:00:00.000Z');
    const newcomer = await feedbackPerson(app, w.org.id, { email: 'new@acme.example', full_name: 'Nico New', team_id: w.otherTeam.id });
    app.services.db.$client.prepare('UPDATE users SET created_at = ? WHERE id = ?').run('2027-02-15T09:00:00.000Z', newcomer.id);
    const startRule = (
      await createRule(w.admin, {
        team_id: null,
        trigger: 'START_DATE',
        days_after_start: 30,
        template_id: 'builtin:general',
        responders: 'BOTH',
        responder_count: 2,
      })
    ).data!.createFeedbackAutomationRule;
    expect(startRule.next_run_at).toBe('2027-03-17T00:00:00.000Z');

    clock.set('2027-03-13T01:00:00.000Z');
    await runAll();
    await runAll();
    expect(runAutomationPass(app.services, passCtx())).toEqual([]);
    const bySprint = requestsOf(sprintRule.id);
    expect(bySprint.map((r) => [r.subject_id, r.period_key, r.responders])).toEqual(
      [w.peer.id, w.report.id, third.id].sort().map((id) => [id, `sprint:${sprint}`, [w.manager.id]]),
    );
    expect(requestsOf(startRule.id)).toEqual([]);

    clock.set('2027-03-17T00:30:00.000Z');
    await runAll();
    await runAll();
    // Nico: their team's manager and their one teammate; Nobody else started 30 days ago.
    expect(requestsOf(startRule.id).map((r) => [r.subject_id, r.period_key, r.responders])).toEqual([
      [newcomer.id, '2027-03-17', [w.otherManager.id, w.owl.id].sort()],
    ]);
    clock.set('2027-03-20T00:30:00.000Z');
    await runAll();
    expect(requestsOf(startRule.id)).toHaveLength(1);
    expect(requestsOf(sprintRule.id)).toHaveLength(3);
  });
});

describe('feedback reminders across a DST change on a working day', () => {
  it('reminds on time when the clocks go forward on a Friday: 3 working days in Jerusalem are then 71 hours', async () => {
    app.services.db.$client.prepare(`UPDATE users SET time_zone = 'Asia/Jerusalem' WHERE organization_id = ?`).run(w.org.id);
    try {
      // Tuesday 23 March 2027, 09:00 in Jerusalem (UTC+2); summer time (UTC+3) starts on Friday 26 March at 02:00.
      const ask = askAt(w.peer.id, '2027-03-23T07:00:00.000Z');
      clock.set('2027-03-26T05:30:00.000Z'); // Friday 08:30
      await runAll();
      expect(remindedAt(ask)).toBeNull();
      clock.set('2027-03-26T06:30:00.000Z'); // Friday 09:30: three working days have passed, 71.5 hours after the ask
      await runAll();
      expect(remindedAt(ask)).toBe('2027-03-26T06:30:00.000Z');
    } finally {
      app.services.db.$client.prepare(`UPDATE users SET time_zone = 'America/Los_Angeles' WHERE organization_id = ?`).run(w.org.id);
      app.services.db.$client.prepare(`UPDATE users SET time_zone = 'Europe/Berlin' WHERE id = ?`).run(w.admin.id);
    }
  });
});
