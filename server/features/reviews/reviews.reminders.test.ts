import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, jobRows } from '../../jobs/jobs.test-support.js';
import { api, cycleInput, future, setUpReviewOrgs } from './reviews.cycles.test-support.js';
import { REMINDER_SEND_KIND } from './reviews.reminders.js';

let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
let dueAt: string;
const clock = fakeClock();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const reminders = (userId: string) => (t.app.services.db.$client
  .prepare("SELECT title FROM notifications WHERE user_id = ? AND kind = 'review_reminders' ORDER BY rowid").all(userId) as Array<{ title: string }>).map((n) => n.title);
const at = (ms: number) => clock.set(new Date(Date.parse(dueAt) + ms).toISOString());

/** Self reviews for the report and the member (who is excluded from review automation), due in 10 days; the scheduler on a hand-moved clock. */
beforeAll(async () => {
  t = await setUpReviewOrgs();
  await t.app.services.scheduler.stop();
  t.app.services.scheduler.useClock(clock.now);
  t.app.services.db.$client.prepare('UPDATE users SET excluded_review_automation = 1 WHERE id = ?').run(t.a.member.id);
  const cycle = (await api.create(t.adminA, cycleInput(t.templateId, {
    name: 'Spring', participant_ids: [t.a.report.id, t.a.member.id], perspectives: ['SELF'], nomination_end: null, review_end: future(10),
  }))).data!.createReviewCycle;
  const launched = await api.launch(t.adminA, cycle.id);
  expect(launched.errors).toBeUndefined();
  dueAt = launched.data!.launchReviewCycle.review_end;
});
afterAll(async () => { await t.app.close(); });

describe('scheduled review reminders', () => {
  it('nothing before the window; one reminder 2 days before, however many scans; one when overdue; catch-up after downtime', async () => {
    at(-3 * DAY);
    await t.app.services.scheduler.tick();
    expect(reminders(t.a.report.id)).toEqual([]);

    // The server was down from 3 days to 1.5 days before the due date: the latest period runs once.
    at(-1.5 * DAY);
    await t.app.services.scheduler.tick();
    expect(reminders(t.a.report.id)).toEqual([`Review due ${dueAt.slice(0, 10)}: Spring`]);
    for (let i = 0; i < 3; i += 1) {
      clock.advance(HOUR);
      await t.app.services.scheduler.tick();
    }
    expect(reminders(t.a.report.id)).toHaveLength(1);

    // Down again over the due date: one overdue reminder, then no more.
    at(2 * DAY);
    await t.app.services.scheduler.tick();
    clock.advance(HOUR);
    await t.app.services.scheduler.tick();
    expect(reminders(t.a.report.id)).toEqual([`Review due ${dueAt.slice(0, 10)}: Spring`, 'Overdue review: Spring']);
    const keys = jobRows(t.app, REMINDER_SEND_KIND).map((j) => j.unique_key);
    expect(keys).toHaveLength(2);
    expect(keys.every((k) => k.includes(`:${dueAt}:`))).toBe(true);
    expect(keys.map((k) => k.split(':').at(-1)).sort()).toEqual(['before', 'overdue']);
  });

  it('skips people excluded from review automation', () => {
    expect(reminders(t.a.member.id)).toEqual([]);
  });
});
