import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, signedIn } from '../../test/helpers.js';
import { api, cycleInput, future, setUpReviewOrgs, type Caller } from './reviews.cycles.test-support.js';
import { countStatements } from '../../test/statements.js';

let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
let cycleId: string;
let selfRequests: Map<string, string>;
let peerCallers: Caller[];

const PROGRESS = `cycle_name completion { done total percent band label text }
  teams { team_id team_name completion { done total percent band label } people { user_id full_name late completion { done total percent band label } } }`;
const progress = (c: Caller, id = cycleId) => c.gql(`query($id: ID!) { reviewTeamProgress(cycleId: $id) { ${PROGRESS} } }`, { id });
const remindOne = (c: Caller, requestId: string) =>
  c.gql('mutation($id: ID!) { remindReviewer(requestId: $id) { queued already_reminded } }', { id: requestId });
const remindLate = (c: Caller, id = cycleId) => c.gql('mutation($id: ID!) { remindLateReviewers(cycleId: $id) { queued already_reminded } }', { id });
const reminders = (userId: string) =>
  t.app.services.db.$client.prepare("SELECT title, body FROM notifications WHERE user_id = ? AND kind = 'review_reminders'").all(userId) as Array<{
    title: string;
    body: string;
  }>;
const submitSelf = async (c: Caller, userId: string) =>
  expect((await api.submit(c, selfRequests.get(userId)!, [{ question_id: await overallOf(c), rating: 4 }])).errors).toBeUndefined();
const overallOf = async (c: Caller) =>
  ((await api.mine(c)).data!.myReviewRequests as Array<{ cycle_id: string; questions: Array<{ id: string; prompt: string }> }>)
    .find((r) => r.cycle_id === cycleId)!
    .questions.find((q) => q.prompt === 'Overall?')!.id;

/** Team Core (led by the manager: the report and four peers) plus the member outside it; self and manager reviews due tomorrow. */
beforeAll(async () => {
  t = await setUpReviewOrgs();
  peerCallers = [t.peerA, t.peerB, await signedIn(t.app, t.peers[2]!.email), await signedIn(t.app, t.peers[3]!.email)];
  const input = cycleInput(t.templateId, {
    name: 'Core check',
    team_ids: [t.a.team.id],
    participant_ids: [t.a.member.id],
    perspectives: ['SELF', 'MANAGER'],
    nomination_end: null,
    review_end: future(1),
  });
  const cycle = (await api.create(t.adminA, input)).data!.createReviewCycle;
  cycleId = cycle.id;
  const launched = (await api.launch(t.adminA, cycleId)).data!.launchReviewCycle;
  selfRequests = new Map(
    launched.participants.flatMap((p: { reviewee: { id: string }; requests: Array<{ id: string; perspective: string }> }) =>
      p.requests.filter((r) => r.perspective === 'SELF').map((r) => [p.reviewee.id, r.id] as const),
    ),
  );
});
afterAll(async () => {
  await t.app.close();
});

describe('team progress', () => {
  it('bands follow the shared thresholds as reviews come in; the manager sees their team only', async () => {
    await submitSelf(t.reportA, t.a.report.id);
    await submitSelf(t.peerA, t.peers[0]!.id);
    let core = (await progress(t.managerA)).data!.reviewTeamProgress;
    expect(core.teams.map((x: { team_name: string }) => x.team_name)).toEqual(['Core']);
    expect(core.teams[0].completion).toEqual({ done: 2, total: 5, percent: 40, band: 'behind', label: 'Behind' });
    expect(core.completion.text).toBe('2 of 5 done (40%): Behind');
    const report = core.teams[0].people.find((p: { user_id: string }) => p.user_id === t.a.report.id);
    expect(report).toMatchObject({ full_name: 'Remy Report', late: 0, completion: { done: 1, total: 1, percent: 100, band: 'complete' } });

    await submitSelf(peerCallers[1]!, t.peers[1]!.id);
    await submitSelf(peerCallers[2]!, t.peers[2]!.id);
    core = (await progress(t.managerA)).data!.reviewTeamProgress;
    expect(core.teams[0].completion).toMatchObject({ done: 4, total: 5, percent: 80, band: 'almost' });
    await submitSelf(peerCallers[3]!, t.peers[3]!.id);
    expect((await progress(t.managerA)).data!.reviewTeamProgress.teams[0].completion).toMatchObject({ percent: 100, band: 'complete', label: 'Complete' });
  });

  it('the admin sees everyone: people in no team too', async () => {
    const all = (await progress(t.adminA)).data!.reviewTeamProgress;
    expect(all.teams.map((x: { team_name: string }) => x.team_name)).toEqual(['Core', 'No team']);
    const none = all.teams[1];
    // The manager writes 5 manager reviews (Core; the member has no manager); the member one self review.
    expect(
      none.people.map((p: { full_name: string; completion: { done: number; total: number } }) => [p.full_name, p.completion.done, p.completion.total]),
    ).toEqual([
      ['Max Member', 0, 1],
      ['Mona Manager', 0, 5],
    ]);
    expect(none.completion).toMatchObject({ done: 0, total: 6, percent: 0, band: 'behind' });
    expect(all.completion).toMatchObject({ done: 5, total: 11, percent: 45, band: 'behind' });
  });

  it('members are refused, another organization gets NOT_FOUND', async () => {
    expect(codeOf(await progress(t.memberA))).toBe('FORBIDDEN');
    expect(codeOf(await progress(t.adminB))).toBe('NOT_FOUND');
  });
});

describe('remind', () => {
  it('one reviewer, at most once a day, by whoever may see them', async () => {
    const memberRequest = selfRequests.get(t.a.member.id)!;
    expect(codeOf(await remindOne(t.managerA, memberRequest))).toBe('FORBIDDEN'); // not in the manager's teams or reports
    expect(codeOf(await remindOne(t.memberA, memberRequest))).toBe('FORBIDDEN');
    expect(codeOf(await remindOne(t.adminB, memberRequest))).toBe('NOT_FOUND');
    expect(codeOf(await remindOne(t.adminA, selfRequests.get(t.a.report.id)!))).toBe('CONFLICT'); // already submitted
    expect((await remindOne(t.adminA, memberRequest)).data!.remindReviewer).toEqual({ queued: 1, already_reminded: 0 });
    expect((await remindOne(t.adminA, memberRequest)).data!.remindReviewer).toEqual({ queued: 0, already_reminded: 1 });
    await t.app.services.scheduler.tick();
    expect(reminders(t.a.member.id)).toEqual([
      {
        title: expect.stringMatching(/^Review due /),
        body: expect.stringMatching(
          /^Core check: please write your self review by [A-Z][a-z]{2} \d{1,2}, \d{4}\. \(A reminder from your manager or admin\.\)$/,
        ),
      },
    ]);
  });

  it("all late ones in the viewer's scope: one message per person listing what they owe, once a day", async () => {
    expect(codeOf(await remindLate(t.memberA))).toBe('FORBIDDEN');
    expect(codeOf(await remindLate(t.adminB))).toBe('NOT_FOUND');
    // Due within the reminder window and pending: the manager's 5 manager reviews (the manager is in no team they lead) and the member's self review (reminded already today).
    expect((await remindLate(t.managerA)).data!.remindLateReviewers).toEqual({ queued: 0, already_reminded: 0 });
    expect((await remindLate(t.adminA)).data!.remindLateReviewers).toEqual({ queued: 1, already_reminded: 1 });
    expect((await remindLate(t.adminA)).data!.remindLateReviewers).toEqual({ queued: 0, already_reminded: 2 });
    await t.app.services.scheduler.tick();
    const [toManager, ...more] = reminders(t.a.manager.id);
    expect(more).toEqual([]);
    expect(toManager!.title).toMatch(/^5 reviews due [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(toManager!.body).toMatch(/^Core check: please write your 5 reviews \((.+, ){2}.+ and 2 others\) by /);
    expect(reminders(t.a.member.id)).toHaveLength(1);
  });
});

describe('SQL statements', () => {
  /** Counts statement runs (server/test/statements.ts). */
  async function statementsOf(run: () => Promise<{ errors?: unknown }>): Promise<number> {
    await t.adminA.gql('query Warm { findOneUser { id } }'); // the session lookup, remembered until users or sessions change
    return countStatements(t.app, async () => {
      const res = await run();
      expect(res.errors).toBeUndefined();
    });
  }

  it('team progress and user_reviews_reviewee cost the same number of statements for 1 or many people', async () => {
    const small = (
      await api.create(t.adminA, cycleInput(t.templateId, { name: 'Solo', participant_ids: [t.a.report.id], perspectives: ['SELF'], nomination_end: null }))
    ).data!.createReviewCycle;
    await api.launch(t.adminA, small.id);
    await new Promise((r) => setTimeout(r, 300)); // the launch's notifications go out after its answer
    expect((await t.adminA.gql('query Warm { findOneUser { id } }')).errors).toBeUndefined(); // the session check is cached after the first request
    // Distinct operation names: the response cache never answers.
    const smallRuns = await statementsOf(() =>
      t.adminA.gql(`query Small($id: ID!) { reviewTeamProgress(cycleId: $id) { ${PROGRESS} teams { people { user { id full_name } } } } }`, { id: small.id }),
    );
    const largeRuns = await statementsOf(() =>
      t.adminA.gql(`query Large($id: ID!) { reviewTeamProgress(cycleId: $id) { ${PROGRESS} teams { people { user { id full_name } } } } }`, { id: cycleId }),
    );
    expect(largeRuns).toBe(smallRuns);
    const ids = [t.a.report.id, t.a.member.id, ...t.peers.map((p) => p.id)];
    const one = await statementsOf(() =>
      t.adminA.gql('query One($ids: [ID!]!) { usersByIds(ids: $ids) { id user_reviews_reviewee } }', { ids: ids.slice(0, 1) }),
    );
    const many = await statementsOf(() => t.adminA.gql('query Many($ids: [ID!]!) { usersByIds(ids: $ids) { id user_reviews_reviewee } }', { ids }));
    expect(many).toBe(one);
  });
});
