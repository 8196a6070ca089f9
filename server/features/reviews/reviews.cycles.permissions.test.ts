import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, gql } from '../../test/helpers.js';
import { api, cycleInput, setUpReviewOrgs } from './reviews.cycles.test-support.js';

let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
type Req = { id: string; perspective: string; questions: Array<{ id: string; kind: string }> };
let cycleId: string;
let participantId: string;
let pazRequest: Req;

/** An active cycle for the report, peers Paz and Pia; Paz has submitted. */
beforeAll(async () => {
  t = await setUpReviewOrgs();
  const [paz, pia] = t.peers;
  const cycle = (await api.create(t.adminA, cycleInput(t.templateId, { participant_ids: [t.a.report.id] }))).data!.createReviewCycle;
  cycleId = cycle.id;
  participantId = cycle.participants[0].id;
  await api.change(t.managerA, participantId, [paz!.id, pia!.id]);
  expect((await api.launch(t.adminA, cycleId)).errors).toBeUndefined();
  pazRequest = (await api.mine(t.peerA)).data!.myReviewRequests[0];
  const overall = pazRequest.questions.find((q) => q.kind === 'RATING')!;
  expect((await api.submit(t.peerA, pazRequest.id, [{ question_id: overall.id, rating: 2 }])).errors).toBeUndefined();
});
afterAll(async () => {
  await t.app.close();
});

describe('who may', () => {
  it('a member cannot create cycles, and sees only cycles they take part in', async () => {
    const res = await api.create(t.memberA, cycleInput(t.templateId, { participant_ids: [t.a.member.id] }));
    expect(codeOf(res)).toBe('FORBIDDEN');
    expect(res.errors![0]!.message).toBe('Only managers and admins can create review cycles.');
    expect((await api.list(t.memberA)).data!.reviewCycles).toEqual([]);
    expect(codeOf(await api.get(t.memberA, cycleId))).toBe('FORBIDDEN');
    expect((await api.list(t.peerA)).data!.reviewCycles).toEqual([]);
    expect((await api.list(t.reportA)).data!.reviewCycles.map((c: { id: string }) => c.id)).toEqual([cycleId]);
  });

  it('a reviewee sees their own participation but not who reviews them or how far they are', async () => {
    const seen = (await api.get(t.reportA, cycleId)).data!.reviewCycle;
    expect(seen.can_manage).toBe(false);
    expect(seen.participants).toHaveLength(1);
    expect(seen.participants[0]).toMatchObject({ can_manage: false, requests: [] });
    expect(codeOf(await api.close(t.reportA, cycleId))).toBe('FORBIDDEN');
  });

  it("a peer never reads or changes another reviewer's request or answers", async () => {
    const piasOwn = (await api.mine(t.peerB)).data!.myReviewRequests as Req[];
    expect(piasOwn.map((r) => r.perspective)).toEqual(['PEER']);
    expect(piasOwn[0]!.id).not.toBe(pazRequest.id);
    const overall = pazRequest.questions[0]!;
    const attempts = [
      await api.request(t.peerB, pazRequest.id),
      await api.save(t.peerB, pazRequest.id, [{ question_id: overall.id, rating: 5 }]),
      await api.submit(t.peerB, pazRequest.id),
      await api.decline(t.peerB, pazRequest.id, 'Not mine'),
      // Managers and admins do not read answers through these operations either (results come later, aggregated).
      await api.request(t.managerA, pazRequest.id),
      await api.request(t.adminA, pazRequest.id),
    ];
    expect(attempts.map(codeOf)).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN']);
    expect(attempts.every((r) => r.data === null)).toBe(true);
    const stored = t.app.services.db.$client.prepare('SELECT rating FROM review_answers WHERE request_id = ?').pluck().all(pazRequest.id);
    expect(stored).toEqual([2]);
  });

  it('only an admin reopens a submitted review; the answers stay as the draft', async () => {
    expect(codeOf(await api.reopen(t.managerA, pazRequest.id))).toBe('FORBIDDEN');
    expect(codeOf(await api.reopen(t.peerA, pazRequest.id))).toBe('FORBIDDEN');
    const reopened = await api.reopen(t.adminA, pazRequest.id);
    expect(reopened.errors).toBeUndefined();
    expect(codeOf(await api.reopen(t.adminA, pazRequest.id))).toBe('CONFLICT');
    const mine = (await api.request(t.peerA, pazRequest.id)).data!.reviewRequest;
    expect(mine).toMatchObject({ status: 'PENDING', submitted_at: null, answers: [{ rating: 2 }] });
    expect(mine.reopened_at).toBeTruthy();
    expect((await api.submit(t.peerA, pazRequest.id)).data!.submitReviewRequest.status).toBe('SUBMITTED');
  });

  it('managers create cycles for their own reports and teams only, and run the ones they created', async () => {
    const outside = await api.create(t.managerA, cycleInput(t.templateId, { participant_ids: [t.a.member.id] }));
    expect(codeOf(outside)).toBe('FORBIDDEN');
    expect(outside.errors![0]!.message).toBe('Managers create cycles for their reports and the teams they manage or lead only (not for Max Member).');
    const own = await api.create(t.managerA, cycleInput(t.templateId, { name: 'Team Core', team_ids: [t.a.team.id], perspectives: ['SELF', 'MANAGER'] }));
    expect(own.errors).toBeUndefined();
    expect(own.data!.createReviewCycle).toMatchObject({ can_manage: true, participant_count: 5 });
    // The manager cannot run the admin's cycle, but approves peers of their report there.
    expect(codeOf(await api.close(t.managerA, cycleId))).toBe('FORBIDDEN');
    expect((await api.launch(t.managerA, own.data!.createReviewCycle.id)).data!.launchReviewCycle.status).toBe('ACTIVE');
    // Someone else's report: the manager cannot approve or release for them.
    const adminCycle = (await api.create(t.adminA, cycleInput(t.templateId, { name: 'Member only', participant_ids: [t.a.member.id] }))).data!
      .createReviewCycle;
    const memberParticipant = adminCycle.participants[0].id;
    expect(codeOf(await api.change(t.managerA, memberParticipant, [t.peers[0]!.id, t.peers[1]!.id]))).toBe('FORBIDDEN');
    expect(codeOf(await api.nominate(t.reportA, memberParticipant, [t.peers[0]!.id, t.peers[1]!.id]))).toBe('FORBIDDEN');
  });

  it('signed-out callers are refused', async () => {
    expect(codeOf(await gql(t.app, null, '{ myReviewRequests { id } }'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(t.app, null, '{ reviewCycles { id } }'))).toBe('UNAUTHENTICATED');
  });
});

describe('organization isolation', () => {
  it("another organization's admin gets NOT_FOUND on every operation and changes nothing", async () => {
    const { adminB } = t;
    const peer = t.peers[2]!.id;
    const results = {
      reviewCycle: await api.get(adminB, cycleId),
      updateReviewCycle: await api.update(adminB, cycleId, cycleInput(t.templateId, { participant_ids: [t.b.member.id] })),
      launchReviewCycle: await api.launch(adminB, cycleId),
      closeReviewCycle: await api.close(adminB, cycleId),
      releaseResults: await api.release(adminB, participantId),
      acknowledgeResults: await api.acknowledge(adminB, participantId),
      nominatePeers: await api.nominate(adminB, participantId, [peer]),
      approveNominations: await api.approve(adminB, participantId),
      changeNominations: await api.change(adminB, participantId, [peer]),
      peerSuggestions: await api.suggestions(adminB, participantId),
      reviewRequest: await api.request(adminB, pazRequest.id),
      declineReviewRequest: await api.decline(adminB, pazRequest.id, 'x'),
      saveReviewDraft: await api.save(adminB, pazRequest.id, []),
      submitReviewRequest: await api.submit(adminB, pazRequest.id),
      reopenReviewRequest: await api.reopen(adminB, pazRequest.id),
    };
    expect(Object.fromEntries(Object.entries(results).map(([k, r]) => [k, codeOf(r)]))).toEqual(
      Object.fromEntries(Object.keys(results).map((k) => [k, 'NOT_FOUND'])),
    );
    expect((await api.list(adminB)).data!.reviewCycles).toEqual([]);
    expect((await api.mine(adminB, true)).data!.myReviewRequests).toEqual([]);
    // Acme's template and people cannot be used from Globex.
    const borrowed = await api.create(adminB, cycleInput(t.templateId, { participant_ids: [t.b.member.id] }));
    expect(borrowed.errors![0]!.extensions!.fields).toEqual({ template_id: 'Choose a template.' });
    const globexTpl = (await adminB.gql('{ reviewTemplates { id built_in_key } }')).data!.reviewTemplates.find(
      (x: { built_in_key: string }) => x.built_in_key === '360_review',
    ).id;
    const people = await api.create(adminB, cycleInput(globexTpl, { participant_ids: [t.a.report.id], team_ids: [] }));
    expect(people.errors![0]!.extensions!.fields).toEqual({ participant_ids: 'Nobody to review: add active people, or teams with active members.' });
    expect(codeOf(await api.create(adminB, cycleInput(globexTpl, { team_ids: [t.a.team.id] })))).toBe('BAD_USER_INPUT');
    // Still as it was.
    expect((await api.get(t.adminA, cycleId)).data!.reviewCycle).toMatchObject({ status: 'ACTIVE', submitted_count: 1 });
  });
});
