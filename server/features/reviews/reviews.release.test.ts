import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../test/helpers.js';
import { api, cycleInput, setUpReviewOrgs, type Caller } from './reviews.cycles.test-support.js';

/** Release all, and taking a release back until the reviewee opened their results (docs/decisions/0031). */
let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
let cycleId: string;
let participants: Map<string, string>;
beforeAll(async () => {
  t = await setUpReviewOrgs();
  const input = cycleInput(t.templateId, {
    name: 'Release test',
    participant_ids: [t.a.report.id, t.a.member.id, t.peers[0]!.id],
    perspectives: ['SELF', 'MANAGER'],
  });
  const cycle = (await api.create(t.adminA, input)).data!.createReviewCycle;
  cycleId = cycle.id;
  participants = new Map(cycle.participants.map((p: { id: string; reviewee: { id: string } }) => [p.reviewee.id, p.id]));
  expect((await api.launch(t.adminA, cycleId)).errors).toBeUndefined();
});
afterAll(async () => {
  await t.app.close();
});

const releaseAll = (c: Caller) => c.gql('mutation($id: ID!) { releaseAllResults(cycleId: $id) { released cycle { status } } }', { id: cycleId });
const withdraw = (c: Caller, p: string) =>
  c.gql('mutation($p: ID!) { withdrawResults(participantId: $p) { id results_released_at results_opened_at } }', { p });
const results = (c: Caller, p: string) => c.gql('query($p: ID!) { reviewResults(participantId: $p) { cycle_id } }', { p });
const titles = (userId: string) =>
  (
    t.app.services.db.$client.prepare("SELECT title FROM notifications WHERE user_id = ? AND kind = 'results_released' ORDER BY rowid").all(userId) as Array<{
      title: string;
    }>
  ).map((r) => r.title);

describe('release', () => {
  it('release all needs a closed cycle and someone who may release', async () => {
    expect(codeOf(await releaseAll(t.adminA))).toBe('CONFLICT');
    expect((await api.close(t.adminA, cycleId)).errors).toBeUndefined();
    expect(codeOf(await releaseAll(t.memberA))).toBe('FORBIDDEN');
    expect(codeOf(await releaseAll(t.adminB))).toBe('NOT_FOUND');
  });

  it("a manager's release all covers their own people only; the admin's the rest, then the cycle is released", async () => {
    // The manager manages the report and Paz; the member has no manager.
    expect((await releaseAll(t.managerA)).data!.releaseAllResults).toEqual({ released: 2, cycle: { status: 'CLOSED' } });
    expect((await releaseAll(t.adminA)).data!.releaseAllResults).toEqual({ released: 1, cycle: { status: 'RELEASED' } });
    expect((await releaseAll(t.adminA)).data!.releaseAllResults).toEqual({ released: 0, cycle: { status: 'RELEASED' } });
    // notify() writes in-app notifications before the mutation answers: the answers are the round trip.
    expect(titles(t.a.member.id)).toEqual(['Your review results are ready']);
  });

  it('a release is taken back until the reviewee opens the results, never after', async () => {
    const member = participants.get(t.a.member.id)!;
    const report = participants.get(t.a.report.id)!;
    expect(codeOf(await withdraw(t.managerA, member))).toBe('FORBIDDEN'); // not their report
    const back = await withdraw(t.adminA, member);
    expect(back.data!.withdrawResults).toMatchObject({ results_released_at: null, results_opened_at: null });
    expect((await api.get(t.adminA, cycleId)).data!.reviewCycle.status).toBe('CLOSED');
    expect(codeOf(await results(t.memberA, member))).toBe('FORBIDDEN');
    expect(codeOf(await withdraw(t.adminA, member))).toBe('CONFLICT'); // not released
    expect(titles(t.a.member.id)).toEqual(['Your review results are ready', 'Your review results are not released yet']);

    // The manager reading them does not count; the reviewee opening them does.
    expect((await results(t.managerA, report)).errors).toBeUndefined();
    expect((await withdraw(t.managerA, report)).errors).toBeUndefined();
    expect((await api.release(t.managerA, report)).errors).toBeUndefined();
    expect((await results(t.reportA, report)).errors).toBeUndefined();
    const refused = await withdraw(t.managerA, report);
    expect(codeOf(refused)).toBe('CONFLICT');
    expect(refused.errors![0]!.message).toMatch(/opened already/);
    const row = t.app.services.db.$client.prepare('SELECT results_released_at, results_opened_at FROM review_participants WHERE id = ?').get(report) as Record<
      string,
      string | null
    >;
    expect(row.results_released_at).not.toBeNull();
    expect(row.results_opened_at).not.toBeNull();
  });
});
