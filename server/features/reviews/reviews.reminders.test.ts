import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../../shared/format.js';
import { fakeClock, jobRows } from '../../jobs/jobs.test-support.js';
import { api, cycleInput, future, setUpReviewOrgs } from './reviews.cycles.test-support.js';
import { REMINDER_SEND_KIND } from './reviews.reminders.js';
import { DAY_MS } from '../../../shared/dates.days.js';

let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
let dueAt: string;
const clock = fakeClock();
const HOUR = 3_600_000;

const reminders = (userId: string) =>
  (
    t.app.services.db.$client
      .prepare("SELECT title, body FROM notifications WHERE user_id = ? AND kind = 'review_reminders' ORDER BY rowid")
      .all(userId) as Array<{ title: string; body: string }>
  )
    // "<title>: <cycle>": the cycle is named at the start of the body, not in the title (docs/decisions/0055).
    .map((n) => `${n.title}: ${n.body.slice(0, n.body.indexOf(': '))}`);
const at = (ms: number) => clock.set(new Date(Date.parse(dueAt) + ms).toISOString());

/** Self reviews for the report and the member (who is excluded from review automation), due in 10 days; the scheduler on a hand-moved clock. */
beforeAll(async () => {
  t = await setUpReviewOrgs();
  await t.app.services.scheduler.stop();
  t.app.services.scheduler.useClock(clock.now);
  t.app.services.db.$client.prepare('UPDATE users SET excluded_review_automation = 1 WHERE id = ?').run(t.a.member.id);
  const cycle = (
    await api.create(
      t.adminA,
      cycleInput(t.templateId, {
        name: 'Spring',
        participant_ids: [t.a.report.id, t.a.member.id],
        perspectives: ['SELF'],
        nomination_end: null,
        review_end: future(10),
      }),
    )
  ).data!.createReviewCycle;
  const launched = await api.launch(t.adminA, cycle.id);
  expect(launched.errors).toBeUndefined();
  dueAt = launched.data!.launchReviewCycle.review_end;
});
afterAll(async () => {
  await t.app.close();
});

describe('scheduled review reminders', () => {
  it('nothing before the window; one reminder 2 days before, however many scans; one when overdue; catch-up after downtime', async () => {
    at(-3 * DAY_MS);
    await t.app.services.scheduler.tick();
    expect(reminders(t.a.report.id)).toEqual([]);

    // The server was down from 3 days to 1.5 days before the due date: the latest period runs once.
    at(-1.5 * DAY_MS);
    await t.app.services.scheduler.tick();
    expect(reminders(t.a.report.id)).toEqual([`Review due ${formatDay(dueAt)}: Spring`]);
    for (let i = 0; i < 3; i += 1) {
      clock.advance(HOUR);
      await t.app.services.scheduler.tick();
    }
    expect(reminders(t.a.report.id)).toHaveLength(1);

    // Down again over the due date: one overdue reminder, then no more.
    at(2 * DAY_MS);
    await t.app.services.scheduler.tick();
    clock.advance(HOUR);
    await t.app.services.scheduler.tick();
    expect(reminders(t.a.report.id)).toEqual([`Review due ${formatDay(dueAt)}: Spring`, 'Overdue review: Spring']);
    const keys = jobRows(t.app, REMINDER_SEND_KIND).map((j) => j.unique_key);
    expect(keys).toHaveLength(2);
    expect(keys.every((k) => k.includes(`:${dueAt}:`))).toBe(true);
    expect(keys.map((k) => k.split(':').at(-1)).sort()).toEqual(['before', 'overdue']);
  });

  it('skips people excluded from review automation', () => {
    expect(reminders(t.a.member.id)).toEqual([]);
  });
});

describe('one message per reviewer', () => {
  it('a manager owing four reviews in a cycle gets one reminder listing them; a review submitted meanwhile is left out', async () => {
    const cycle = (
      await api.create(
        t.adminA,
        cycleInput(t.templateId, {
          name: 'Quarterly',
          participant_ids: t.peers.map((p) => p.id),
          perspectives: ['MANAGER'],
          nomination_end: null,
          review_end: future(20),
        }),
      )
    ).data!.createReviewCycle;
    const launched = (await api.launch(t.adminA, cycle.id)).data!.launchReviewCycle;
    type Req = { id: string; cycle_id: string; reviewee: { full_name: string }; questions: Array<{ id: string; kind: string }> };
    const mine = (await t.managerA.gql('{ myReviewRequests { id cycle_id reviewee { full_name } questions { id kind } } }')).data!.myReviewRequests as Req[];
    const owed = mine.filter((r) => r.cycle_id === cycle.id);
    expect(owed).toHaveLength(4);
    // Pol's review is submitted before the reminder goes out.
    const pol = owed.find((r) => r.reviewee.full_name === 'Pol Peer')!;
    const answers = pol.questions.map((q) => (q.kind === 'RATING' ? { question_id: q.id, rating: 4 } : { question_id: q.id, choices: ['Soon'] }));
    expect((await api.submit(t.managerA, pol.id, answers)).errors).toBeUndefined();

    clock.set(new Date(Date.parse(launched.review_end) - 1.5 * DAY_MS).toISOString());
    await t.app.services.scheduler.tick();
    clock.advance(HOUR);
    await t.app.services.scheduler.tick();
    const quarterly = t.app.services.db.$client
      .prepare("SELECT title, body FROM notifications WHERE user_id = ? AND kind = 'review_reminders' AND body LIKE 'Quarterly:%'")
      .all(t.a.manager.id) as Array<{ title: string; body: string }>;
    expect(quarterly).toEqual([
      {
        title: `3 reviews due ${formatDay(launched.review_end)}`,
        body: `Quarterly: please write your 3 reviews (Paz Peer, Pia Peer and Pim Peer) by ${formatDay(launched.review_end)}.`,
      },
    ]);
  });
});

it('a reminder job queued by an earlier version (one per request) still reaches its reviewer', async () => {
  const request = (await t.reportA.gql('{ myReviewRequests { id cycle_name status } }')).data!.myReviewRequests.find(
    (r: { cycle_name: string; status: string }) => r.cycle_name === 'Spring' && r.status === 'PENDING',
  ) as { id: string } | undefined;
  expect(request).toBeDefined();
  const before = reminders(t.a.report.id).length;
  t.app.services.scheduler.enqueue({
    kind: REMINDER_SEND_KIND,
    uniqueKey: `${request!.id}:legacy`,
    organizationId: t.a.org.id,
    payload: { requestId: request!.id, moment: 'manual' },
  });
  await t.app.services.scheduler.tick();
  expect(reminders(t.a.report.id).slice(before)).toEqual(['Overdue review: Spring']);
});
