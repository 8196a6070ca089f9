import { afterEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { featureAreaOffMessage } from '../feature-areas/feature-areas.guard.js';
import { REMINDER_SEND_KIND } from './reviews.reminders.js';
import { cycles, RULE, ruleInput, setUpAutomation } from './reviews.automation.test-support.js';
import { api, cycleInput } from './reviews.cycles.test-support.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

type Setup = Awaited<ReturnType<typeof setUpAutomation>>;
const switchReviews = (t: Setup, enabled: boolean) =>
  t.adminA.gql('mutation($c: [FeatureAreaChange!]!) { setFeatureAreas(changes: $c) { area enabled } }', { c: [{ area: 'REVIEWS', enabled }] });
const notificationsOf = (t: Setup, userId: string) =>
  (
    t.app.services.db.$client.prepare("SELECT title, body FROM notifications WHERE user_id = ? AND kind = 'review_reminders'").all(userId) as Array<{
      title: string;
      body: string;
    }>
  ).map((n) => `${n.title}: ${n.body.slice(0, n.body.indexOf(': '))}`);

it('an organization that switched reviews off gets FORBIDDEN from every reviews operation, its export and scheduled work; others are untouched; on again, all is back', async () => {
  const t = await setUpAutomation();
  app = t.app;
  const { reviewTemplates } = (await t.adminA.gql('{ reviewTemplates { id built_in_key } }')).data! as {
    reviewTemplates: Array<{ id: string; built_in_key: string | null }>;
  };
  const templateId = reviewTemplates.find((x) => x.built_in_key === '360_review')!.id;
  const rule = (
    await t.adminA.gql(`mutation($input: ReviewAutomationRuleInput!) { createReviewAutomationRule(input: $input) { ${RULE} } }`, {
      input: ruleInput({ template_id: templateId, team_ids: [t.a.team.id] }),
    })
  ).data!.createReviewAutomationRule;
  // A running cycle in which the report owes a self review.
  const manual = (
    await api.create(
      t.adminA,
      cycleInput(templateId, { name: 'Manual', participant_ids: [t.a.report.id], perspectives: ['SELF'], nomination_end: null, min_peers: 0 }),
    )
  ).data!.createReviewCycle;
  expect((await api.launch(t.adminA, manual.id)).errors).toBeUndefined();
  const remind = (key: string) =>
    t.app.services.scheduler.enqueue({
      kind: REMINDER_SEND_KIND,
      uniqueKey: key,
      organizationId: t.a.org.id,
      payload: { reviewerId: t.a.report.id, cycleId: manual.id, moment: 'manual' },
    });

  expect((await switchReviews(t, false)).errors).toBeUndefined();
  const message = featureAreaOffMessage('REVIEWS');
  for (const [caller, query] of [
    [t.adminA, '{ reviewCycles { id } }'],
    [t.memberA, '{ myReviewRequests { id } }'],
    [t.managerA, '{ reviewTemplates { id } }'],
    [t.adminA, 'mutation { createReviewSprint(input: { team_id: "x", name: "S1", starts_on: "2027-01-01", ends_on: "2027-01-14" }) { id } }'],
  ] as const) {
    const res = await caller.gql(query);
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'FORBIDDEN' } });
    expect(res.data).toBeNull();
  }
  // Fields of other features stay: the profile just lists no reviews.
  const me = await t.adminA.gql('query($id: ID!) { fullProfile(id: $id) { id user_reviews_reviewee } }', { id: t.a.admin.id });
  expect(me.errors).toBeUndefined();
  expect(me.data!.fullProfile.user_reviews_reviewee).toEqual([]);
  const csv = await t.app.inject({ method: 'GET', url: '/api/reviews/results/any.csv', headers: { authorization: `Bearer ${t.adminA.token}` } });
  expect(csv.statusCode).toBe(403);
  expect(csv.json()).toEqual({ error: 'FORBIDDEN', message });
  // Another organization is not affected.
  expect((await t.adminB.gql('{ reviewCycles { id } }')).errors).toBeUndefined();

  // The rule's period passes while off: used up with the reason, no cycle; a queued reminder is not sent.
  t.clock.set('2027-01-15T00:30:00.000Z');
  await t.runAll();
  expect(cycles(t.app, t.a.org.id).map((c) => c.name)).toEqual(['Manual']);
  remind('while-off');
  await t.runAll();
  expect(notificationsOf(t, t.a.report.id)).toEqual([]);

  expect((await switchReviews(t, true)).errors).toBeUndefined();
  const runs = await t.adminA.gql('query($id: ID!) { reviewAutomationRuns(ruleId: $id) { period_key skipped_reason cycle { id } } }', { id: rule.id });
  expect(runs.data!.reviewAutomationRuns).toEqual([{ period_key: expect.any(String), skipped_reason: message, cycle: null }]);
  expect((await t.adminA.gql('{ reviewCycles { id } }')).errors).toBeUndefined();
  remind('back-on');
  await t.runAll();
  expect(notificationsOf(t, t.a.report.id)).toEqual([expect.stringMatching(/^(Overdue review|Review due .*): Manual$/)]);
  // Back on, the next period creates its cycle as usual (no backlog of the period missed while off).
  t.clock.set('2027-02-15T00:30:00.000Z');
  await t.runAll();
  expect(cycles(t.app, t.a.org.id).map((c) => c.name)).toEqual(['Manual', 'Monthly check-in: 2027-02']);
});
