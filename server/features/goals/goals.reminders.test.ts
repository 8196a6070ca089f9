import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedulerTestApp, type FakeClock } from '../../jobs/jobs.test-support.js';
import type { Scheduler } from '../../jobs/jobs.scheduler.js';
import { addUser, codeOf, seedOrg, signedIn } from '../../test/helpers.js';
import { setFeatureAreas } from '../feature-areas/feature-areas.repo.js';
import { insertGoal } from './goals.test-support.js';
import { checkInDay, runGoalReminderScan, scheduleGoalReminders } from './goals.reminders.js';

/**
 * Goal settings and reminders on one app with a fake clock, in an organization that works in Los
 * Angeles (UTC-8): the check-in reminder once per person and period (two runs, a restart of the
 * schedule), only for goals without a recent check-in, team goals to the team's manager and lead;
 * the due-date reminder once per goal and due date; GOALS off and people's choices respected.
 */

let app: FastifyInstance;
let clock: FakeClock;
let scheduler: Scheduler;
let w: Awaited<ReturnType<typeof seedOrg>>;
let lead: { id: string };
let quiet: { id: string };
let goalA: string;

const runAll = async () => {
  for (let i = 0; i < 50; i += 1) {
    const s = await scheduler.tick();
    if (!s.done && !s.failed && !s.dead && !s.lost) return;
  }
  throw new Error('the scheduler did not settle');
};
const at = async (iso: string) => {
  clock.set(iso);
  await runAll();
};
const remindersTo = (userId: string) =>
  app.services.db.$client
    .prepare(`SELECT title, body, link FROM notifications WHERE kind = 'goal_reminders' AND user_id = ? ORDER BY created_at, rowid`)
    .all(userId) as Array<{ title: string; body: string; link: string }>;
const count = (userId: string, titleStart: string) => remindersTo(userId).filter((n) => n.title.startsWith(titleStart)).length;
const CHECK = 'Time to check in';
const DUE = 'A goal is due soon';
const sql = (q: string, ...p: unknown[]) => app.services.db.$client.prepare(q).run(...p);

beforeAll(async () => {
  // Friday 1 January 2027, 12:00 UTC (04:00 in Los Angeles).
  ({ app, clock, scheduler } = await createSchedulerTestApp('2027-01-01T12:00:00.000Z'));
  w = await seedOrg(app, 'Remind');
  lead = await addUser(app, w.org.id, { email: 'lead@remind.example', full_name: 'Lee Lead', team_id: w.team.id });
  quiet = await addUser(app, w.org.id, { email: 'quiet@remind.example', full_name: 'Quinn Quiet' });
  sql('UPDATE teams SET manager_id = ?, team_lead_id = ? WHERE id = ?', w.manager.id, lead.id, w.team.id);
  sql(`UPDATE users SET time_zone = 'America/Los_Angeles' WHERE organization_id = ?`, w.org.id);
  sql(`UPDATE users SET time_zone = 'Europe/Berlin' WHERE id = ?`, w.admin.id);
  // Quinn wants goal updates but no goal reminders.
  sql(`UPDATE users SET notifications = '["email","in_app","goal_updates"]' WHERE id = ?`, quiet.id);
  const org = w.org.id;
  goalA = insertGoal(app, {
    organization_id: org,
    owner_user_id: w.report.id,
    title: 'Ship the importer',
    due_date: '2027-01-20',
    key_results: [{ target_value: 10 }],
  });
  insertGoal(app, { organization_id: org, owner_user_id: w.report.id, title: 'Write the guide' });
  const checkedIn = insertGoal(app, { organization_id: org, owner_user_id: w.member.id, title: 'Checked in lately' });
  sql('UPDATE goals SET last_check_in_at = ? WHERE id = ?', '2027-01-02T18:00:00.000Z', checkedIn);
  insertGoal(app, { organization_id: org, owner_user_id: w.manager.id, title: 'Finished', status: 'DONE', due_date: '2027-01-05' });
  insertGoal(app, { organization_id: org, owner_user_id: w.admin.id, title: 'Dropped', status: 'DROPPED' });
  insertGoal(app, { organization_id: org, owner_team_id: w.team.id, title: 'Team ships weekly', due_date: '2027-02-28' });
  insertGoal(app, { organization_id: org, owner_user_id: quiet.id, title: 'Quiet goal' });
  // The schedule restarts its hourly periods from the fake clock.
  scheduleGoalReminders(app, false);
  scheduleGoalReminders(app, true);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('goal settings', () => {
  it('reads the defaults for anyone signed in; only admins change them, with clear errors for bad values', async () => {
    const member = await signedIn(app, w.member.email);
    const read = await member.gql('{ goalSettings { check_in_cadence check_in_weekday due_reminder_days } }');
    expect(read.data?.goalSettings).toEqual({ check_in_cadence: 'WEEKLY', check_in_weekday: 1, due_reminder_days: 7 });
    const update = 'mutation($i: GoalSettingsInput!) { updateGoalSettings(input: $i) { check_in_cadence check_in_weekday due_reminder_days } }';
    expect(codeOf(await member.gql(update, { i: { check_in_cadence: 'OFF', check_in_weekday: 1, due_reminder_days: 0 } }))).toBe('FORBIDDEN');
    const admin = await signedIn(app, w.admin.email);
    const bad = await admin.gql(update, { i: { check_in_cadence: 'WEEKLY', check_in_weekday: 8, due_reminder_days: 7 } });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toContain('A weekday from Monday to Sunday.');
    expect(codeOf(await admin.gql(update, { i: { check_in_cadence: 'WEEKLY', check_in_weekday: 1, due_reminder_days: 61 } }))).toBe('BAD_USER_INPUT');
    const saved = await admin.gql(update, { i: { check_in_cadence: 'MONTHLY', check_in_weekday: 3, due_reminder_days: 3 } });
    expect(saved.data?.updateGoalSettings).toEqual({ check_in_cadence: 'MONTHLY', check_in_weekday: 3, due_reminder_days: 3 });
    expect((await member.gql('{ goalSettings { check_in_cadence check_in_weekday due_reminder_days } }')).data?.goalSettings).toEqual({
      check_in_cadence: 'MONTHLY',
      check_in_weekday: 3,
      due_reminder_days: 3,
    });
    // Back to the defaults for the reminder tests.
    await admin.gql(update, { i: { check_in_cadence: 'WEEKLY', check_in_weekday: 1, due_reminder_days: 7 } });
  });

  it('places check-in days by cadence: weekly, every other week, the first such weekday of the month, never', () => {
    const s = (check_in_cadence: 'OFF' | 'WEEKLY' | 'BIWEEKLY' | 'MONTHLY', check_in_weekday = 1) => ({
      check_in_cadence,
      check_in_weekday,
      due_reminder_days: 7,
    });
    expect(checkInDay('2027-01-04', s('WEEKLY'))).toEqual({ previous: '2026-12-28' });
    expect(checkInDay('2027-01-05', s('WEEKLY'))).toBeNull();
    expect(checkInDay('2027-01-04', s('OFF'))).toBeNull();
    const biweekly = ['2027-01-04', '2027-01-11', '2027-01-18'].map((d) => checkInDay(d, s('BIWEEKLY')));
    expect(biweekly.filter(Boolean)).toHaveLength(2);
    expect(biweekly[1]).toBeNull();
    expect(checkInDay('2027-02-03', s('MONTHLY', 3))).toEqual({ previous: '2027-01-06' });
    expect(checkInDay('2027-02-10', s('MONTHLY', 3))).toBeNull();
  });
});

describe('check-in reminders', () => {
  it("come on the check-in day from 09:00 in the organization's time zone, once per person, also after a second run and a restart", async () => {
    // Monday 4 January, 10:00 UTC is still 02:00 in Los Angeles: nothing yet.
    await at('2027-01-04T10:00:00.000Z');
    expect(remindersTo(w.report.id)).toEqual([]);
    // Monday 10:00 in Los Angeles.
    await at('2027-01-04T18:00:00.000Z');
    expect(remindersTo(w.report.id)).toEqual([
      {
        title: 'Time to check in on your goals',
        body: expect.stringContaining('2 of your goals have had no check-in') as unknown as string,
        link: '/goals/my-goals',
      },
    ]);
    // The team goal reminds the team's manager and lead; a recent check-in, closed goals and Quinn's choice: nothing.
    expect(count(w.manager.id, CHECK)).toBe(1);
    expect(count(lead.id, CHECK)).toBe(1);
    expect(count(w.member.id, CHECK)).toBe(0);
    expect(count(w.admin.id, CHECK)).toBe(0);
    expect(count(quiet.id, CHECK)).toBe(0);

    // The scan again (next hour, and directly), then the schedule re-created as after a restart.
    await at('2027-01-04T19:00:00.000Z');
    expect(runGoalReminderScan(app.services, { now: new Date(clock.now()), enqueue: scheduler.enqueue })).toEqual([]);
    scheduleGoalReminders(app, false);
    scheduleGoalReminders(app, true);
    await at('2027-01-04T20:30:00.000Z');
    expect(count(w.report.id, CHECK)).toBe(1);
    expect(count(w.manager.id, CHECK)).toBe(1);
    // Tuesday: not a check-in day.
    await at('2027-01-05T18:00:00.000Z');
    expect(count(w.report.id, CHECK)).toBe(1);
  });

  it('come again the next period, only to people with no check-in since the previous check-in day', async () => {
    // The report checked in on both goals on Thursday; the member's check-in of 2 January is now too old.
    sql('UPDATE goals SET last_check_in_at = ? WHERE owner_user_id = ?', '2027-01-07T17:00:00.000Z', w.report.id);
    await at('2027-01-11T17:30:00.000Z');
    expect(count(w.report.id, CHECK)).toBe(1);
    expect(count(w.member.id, CHECK)).toBe(1);
    expect(count(w.manager.id, CHECK)).toBe(2);
  });

  it('skip an organization whose GOALS area is off', async () => {
    setFeatureAreas(app.services.db, w.org.id, w.admin.id, [{ area: 'GOALS', enabled: false }]);
    try {
      await at('2027-01-18T18:00:00.000Z');
      expect(count(w.manager.id, CHECK)).toBe(2);
      expect(count(w.report.id, DUE)).toBe(0);
    } finally {
      setFeatureAreas(app.services.db, w.org.id, w.admin.id, [{ area: 'GOALS', enabled: true }]);
    }
  });
});

describe('due-date reminders', () => {
  it('come once per goal and due date, to the owner, from due_reminder_days before; a new due date re-arms it', async () => {
    // Due 20 January, 7 days before: the 13th (Los Angeles). The GOALS-off day above sent nothing; the 19th does.
    await at('2027-01-19T18:00:00.000Z');
    expect(remindersTo(w.report.id).filter((n) => n.title.startsWith(DUE))).toEqual([
      // The goal is named in the body only (docs/decisions/0055).
      {
        title: 'A goal is due soon, on Jan 20, 2027',
        body: '“Ship the importer” is due on Jan 20, 2027. Check in, or mark it done.',
        link: `/goals/my-goals/${goalA}`,
      },
    ]);
    await at('2027-01-19T20:00:00.000Z');
    await at('2027-01-20T18:00:00.000Z');
    expect(count(w.report.id, DUE)).toBe(1);
    sql('UPDATE goals SET due_date = ? WHERE id = ?', '2027-01-25', goalA);
    await at('2027-01-21T18:00:00.000Z');
    expect(count(w.report.id, DUE)).toBe(2);
    await at('2027-01-22T18:00:00.000Z');
    expect(count(w.report.id, DUE)).toBe(2);
  });

  it('go to the manager and lead for a team goal, and never for a closed goal', async () => {
    await at('2027-02-22T18:00:00.000Z');
    expect(count(w.manager.id, DUE)).toBe(1);
    expect(count(lead.id, DUE)).toBe(1);
    expect(count(w.member.id, DUE)).toBe(0);
    expect(remindersTo(w.manager.id).some((n) => n.title.includes('Finished'))).toBe(false);
  });
});
