import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDay } from '../../../shared/format.js';
import { fakeClock } from '../../jobs/jobs.test-support.js';
import { codeOf } from '../../test/helpers.js';
import { api, cycleInput, future, setUpReviewOrgs } from './reviews.cycles.test-support.js';
import { DAY_MS } from '../../../shared/dates.days.js';

let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
let dueAt: string;
const clock = fakeClock();
const HOUR = 3_600_000;
const SETTINGS = 'days_before when_overdue updated_at';
const read = (c: typeof t.adminA) => c.gql(`{ reviewReminderSettings { ${SETTINGS} } }`);
const save = (c: typeof t.adminA, input: unknown) =>
  c.gql(`mutation($input: ReviewReminderSettingsInput!) { updateReviewReminderSettings(input: $input) { ${SETTINGS} } }`, { input });
const reminders = (userId: string) =>
  (
    t.app.services.db.$client
      .prepare("SELECT title, body FROM notifications WHERE user_id = ? AND kind = 'review_reminders' ORDER BY rowid")
      .all(userId) as Array<{ title: string; body: string }>
  )
    // "<title>: <cycle>": the cycle is named at the start of the body, not in the title (docs/decisions/0055).
    .map((n) => `${n.title}: ${n.body.slice(0, n.body.indexOf(': '))}`);

/** The report owes a self review due in 10 days; the scheduler runs on a hand-moved clock. */
beforeAll(async () => {
  t = await setUpReviewOrgs();
  await t.app.services.scheduler.stop();
  t.app.services.scheduler.useClock(clock.now);
  const cycle = (
    await api.create(
      t.adminA,
      cycleInput(t.templateId, { name: 'Winter', participant_ids: [t.a.report.id], perspectives: ['SELF'], nomination_end: null, review_end: future(10) }),
    )
  ).data!.createReviewCycle;
  dueAt = (await api.launch(t.adminA, cycle.id)).data!.launchReviewCycle.review_end;
});
afterAll(async () => {
  await t.app.close();
});

it('defaults to 2 days before and when overdue; only admins change them, with clear errors; another organization keeps its own', async () => {
  expect((await read(t.managerA)).data!.reviewReminderSettings).toEqual({ days_before: 2, when_overdue: true, updated_at: null });
  expect(codeOf(await read(t.memberA))).toBe('FORBIDDEN');
  expect(codeOf(await save(t.managerA, { days_before: 5, when_overdue: false }))).toBe('FORBIDDEN');
  for (const [days, message] of [
    [31, 'At most 30 days.'],
    [-1, 'At least 0 (0 sends no reminder before the due date).'],
  ] as const) {
    const refused = await save(t.adminA, { days_before: days, when_overdue: true });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors![0]!.extensions!.fields).toEqual({ days_before: message });
  }
  const saved = await save(t.adminA, { days_before: 5, when_overdue: false });
  expect(saved.data!.updateReviewReminderSettings).toEqual({ days_before: 5, when_overdue: false, updated_at: expect.any(String) });
  expect((await read(t.adminB)).data!.reviewReminderSettings).toMatchObject({ days_before: 2, when_overdue: true });
});

it("the scan follows the organization's window (5 days) and sends nothing once overdue when that is off", async () => {
  clock.set(new Date(Date.parse(dueAt) - 5.5 * DAY_MS).toISOString());
  await t.app.services.scheduler.tick();
  expect(reminders(t.a.report.id)).toEqual([]);
  clock.set(new Date(Date.parse(dueAt) - 4.5 * DAY_MS).toISOString());
  await t.app.services.scheduler.tick();
  expect(reminders(t.a.report.id)).toEqual([`Review due ${formatDay(dueAt)}: Winter`]);
  clock.set(new Date(Date.parse(dueAt) + DAY_MS).toISOString());
  await t.app.services.scheduler.tick();
  clock.advance(HOUR);
  await t.app.services.scheduler.tick();
  expect(reminders(t.a.report.id)).toHaveLength(1);
  // Switched back on: the next scan sends the overdue reminder, once.
  expect((await save(t.adminA, { days_before: 0, when_overdue: true })).errors).toBeUndefined();
  clock.advance(HOUR);
  await t.app.services.scheduler.tick();
  clock.advance(HOUR);
  await t.app.services.scheduler.tick();
  expect(reminders(t.a.report.id)).toEqual([`Review due ${formatDay(dueAt)}: Winter`, 'Overdue review: Winter']);
});
