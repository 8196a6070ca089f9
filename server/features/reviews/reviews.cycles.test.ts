import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../test/helpers.js';
import { api, countRows, cycleInput, future, setUpReviewOrgs } from './reviews.cycles.test-support.js';

let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
beforeAll(async () => {
  t = await setUpReviewOrgs();
});
afterAll(async () => {
  await t.app.close();
});

type Notification = { user_id: string; kind: string; title: string; body: string | null; link: string | null };
const notificationsOf = (userId: string, kind: string): Notification[] =>
  t.app.services.db.$client
    .prepare('SELECT user_id, kind, title, body, link FROM notifications WHERE user_id = ? AND kind = ? ORDER BY rowid')
    .all(userId, kind) as Notification[];
type Req = {
  id: string;
  perspective: string;
  reviewee: { id: string };
  questions: Array<{ id: string; kind: string; prompt: string }>;
  answers: Array<Record<string, unknown>>;
  status: string;
};

describe('the life of a cycle', () => {
  it('draft -> nominate -> approve -> launch -> drafts -> submit -> close -> release -> acknowledge', async () => {
    const { a, peers, junior } = t;
    const [paz, pia] = peers;
    // Draft, by an admin, for one person.
    const created = await api.create(t.adminA, cycleInput(t.templateId, { participant_ids: [a.report.id] }));
    expect(created.errors).toBeUndefined();
    const cycle = created.data!.createReviewCycle;
    expect(cycle).toMatchObject({
      status: 'DRAFT',
      type: '360',
      template_name: 'Cycle test template',
      participant_count: 1,
      request_count: 0,
      can_manage: true,
      perspectives: ['SELF', 'MANAGER', 'PEER', 'DIRECT_REPORT'],
      anonymity_threshold: 3,
      created_by: { full_name: 'Ada Admin' },
    });
    const participant = cycle.participants[0];
    expect(participant).toMatchObject({ reviewee: { id: a.report.id }, manager: { id: a.manager.id }, nominations: [] });

    // The reviewee nominates two peers; the manager is told and approves.
    const nominated = await api.nominate(t.reportA, participant.id, [paz!.id, pia!.id]);
    expect(nominated.errors).toBeUndefined();
    expect(nominated.data!.nominatePeers.nominations.map((n: { status: string }) => n.status)).toEqual(['PROPOSED', 'PROPOSED']);
    expect(notificationsOf(a.manager.id, 'peer_nominations')).toMatchObject([
      { title: 'Peer nominations to approve', body: 'Autumn 360: Remy Report proposed 2 peers. Approve or change them.' },
    ]);
    const approved = await api.approve(t.managerA, participant.id);
    expect(approved.data!.approveNominations.nominations).toEqual([
      { reviewer: { id: paz!.id }, status: 'APPROVED' },
      { reviewer: { id: pia!.id }, status: 'APPROVED' },
    ]);

    // Launch: self, manager, the reviewee's direct report and both peers, all due at the review end.
    const launched = await api.launch(t.adminA, cycle.id);
    expect(launched.errors).toBeUndefined();
    const active = launched.data!.launchReviewCycle;
    expect(active).toMatchObject({ status: 'ACTIVE', request_count: 5, submitted_count: 0 });
    const requests = active.participants[0].requests as Array<{ reviewer: { id: string }; perspective: string; due_at: string }>;
    expect(requests.map((r) => `${r.perspective}:${r.reviewer.id}`).sort()).toEqual(
      [`DIRECT_REPORT:${junior.id}`, `MANAGER:${a.manager.id}`, `PEER:${paz!.id}`, `PEER:${pia!.id}`, `SELF:${a.report.id}`].sort(),
    );
    expect(new Set(requests.map((r) => r.due_at))).toEqual(new Set([cycle.review_end]));
    expect(countRows(t.app, 'review_cycle_questions', cycle.id)).toBe(3);
    for (const id of [a.report.id, a.manager.id, junior.id, paz!.id, pia!.id]) {
      expect(notificationsOf(id, 'review_requests')).toMatchObject([
        {
          title: 'You have new reviews to write',
          body: expect.stringMatching(/^Autumn 360: please write your reviews by /) as unknown as string,
          link: '/reviews/pending',
        },
      ]);
    }
    expect(codeOf(await api.launch(t.adminA, cycle.id))).toBe('CONFLICT');
    expect(codeOf(await api.nominate(t.reportA, participant.id, [paz!.id, pia!.id]))).toBe('CONFLICT');

    // Each reviewer sees the questions of their perspective only.
    const self = (await api.mine(t.reportA)).data!.myReviewRequests as Req[];
    expect(self.map((r) => r.perspective)).toEqual(['SELF']);
    expect(self[0]!.questions.map((q) => q.prompt)).toEqual(['Overall?', 'Anything else?']);
    const mgr = ((await api.mine(t.managerA)).data!.myReviewRequests as Req[])[0]!;
    expect(mgr.questions.map((q) => q.prompt)).toEqual(['Overall?', 'Ready for promotion?']);

    // A peer writes a draft in two steps (and two tabs): per question, the last write wins; nothing is lost.
    const adaReq = ((await api.mine(t.peerA)).data!.myReviewRequests as Req[])[0]!;
    const [overall, comment] = adaReq.questions;
    expect((await api.save(t.peerA, adaReq.id, [{ question_id: overall!.id, rating: 4 }])).errors).toBeUndefined();
    await api.save(t.peerA, adaReq.id, [{ question_id: comment!.id, text: 'Great mentor' }]);
    await api.save(t.peerA, adaReq.id, [{ question_id: overall!.id, rating: 5 }]);
    const again = await api.save(t.peerA, adaReq.id, [{ question_id: overall!.id, rating: 5 }]);
    expect(again.data!.saveReviewDraft.answers).toHaveLength(2);
    expect(again.data!.saveReviewDraft.answers).toEqual(
      expect.arrayContaining([
        { question_id: overall!.id, rating: 5, text: null, choices: null },
        { question_id: comment!.id, rating: null, text: 'Great mentor', choices: null },
      ]),
    );
    expect((await api.request(t.peerA, adaReq.id)).data!.reviewRequest.answers).toHaveLength(2);

    // Submit once.
    const submitted = await api.submit(t.peerA, adaReq.id);
    expect(submitted.data!.submitReviewRequest).toMatchObject({ status: 'SUBMITTED' });
    const second = await api.submit(t.peerA, adaReq.id);
    expect(codeOf(second)).toBe('CONFLICT');
    expect(second.errors![0]!.message).toBe('This review has already been submitted.');
    expect(codeOf(await api.save(t.peerA, adaReq.id, [{ question_id: overall!.id, rating: 1 }]))).toBe('CONFLICT');
    expect((await api.mine(t.peerA)).data!.myReviewRequests).toEqual([]);
    expect((await api.mine(t.peerA, true)).data!.myReviewRequests.map((r: Req) => r.status)).toEqual(['SUBMITTED']);

    // Required questions: a submit without them is refused and names them; the answers given are kept.
    const bobReq = ((await api.mine(t.peerB)).data!.myReviewRequests as Req[])[0]!;
    const missing = await api.submit(t.peerB, bobReq.id, [{ question_id: comment!.id, text: 'Kind' }]);
    expect(codeOf(missing)).toBe('BAD_USER_INPUT');
    expect(missing.errors![0]!.message).toBe('Answer every required question before submitting (1 left).');
    expect(missing.errors![0]!.extensions!.fields).toEqual({ [overall!.id]: 'Answer this question.' });
    expect((await api.request(t.peerB, bobReq.id)).data!.reviewRequest).toMatchObject({
      status: 'PENDING',
      answers: [{ question_id: comment!.id, text: 'Kind' }],
    });
    expect((await api.submit(t.peerB, bobReq.id, [{ question_id: overall!.id, rating: 3 }])).data!.submitReviewRequest.status).toBe('SUBMITTED');

    // The direct report declines; the reviewee (and their manager) are told why.
    const juniorReq = ((await api.mine(t.juniorA)).data!.myReviewRequests as Req[])[0]!;
    expect(codeOf(await api.decline(t.juniorA, juniorReq.id, '  '))).toBe('BAD_USER_INPUT');
    const declined = await api.decline(t.juniorA, juniorReq.id, 'I joined the team last week.');
    expect(declined.data!.declineReviewRequest).toMatchObject({ status: 'DECLINED', decline_reason: 'I joined the team last week.' });
    expect(notificationsOf(a.report.id, 'review_declines')).toMatchObject([
      { title: 'A review request was declined', body: 'Autumn 360: Jo Junior declined: I joined the team last week.' },
    ]);
    expect(notificationsOf(a.manager.id, 'review_declines')).toHaveLength(1);
    const selfReq = self[0]!;
    expect(codeOf(await api.decline(t.reportA, selfReq.id, 'No'))).toBe('CONFLICT');

    // Close: nothing more can be answered; results are released by the manager and acknowledged.
    expect(codeOf(await api.release(t.managerA, participant.id))).toBe('CONFLICT');
    expect((await api.close(t.adminA, cycle.id)).data!.closeReviewCycle.status).toBe('CLOSED');
    expect(codeOf(await api.save(t.reportA, selfReq.id, [{ question_id: overall!.id, rating: 3 }]))).toBe('CONFLICT');
    expect(codeOf(await api.acknowledge(t.reportA, participant.id))).toBe('CONFLICT');
    expect(codeOf(await api.release(t.reportA, participant.id))).toBe('FORBIDDEN');
    expect((await api.release(t.managerA, participant.id)).data!.releaseResults.results_released_at).toBeTruthy();
    expect(notificationsOf(a.report.id, 'results_released')).toMatchObject([
      { title: 'Your review results are ready', body: 'Autumn 360: read them and acknowledge that you have.' },
    ]);
    expect((await api.get(t.adminA, cycle.id)).data!.reviewCycle).toMatchObject({ status: 'RELEASED', request_count: 4, submitted_count: 2 });
    expect(codeOf(await api.acknowledge(t.managerA, participant.id))).toBe('FORBIDDEN');
    expect((await api.acknowledge(t.reportA, participant.id)).data!.acknowledgeResults.acknowledged_at).toBeTruthy();
  });
});

describe('launch', () => {
  it('creates every request in one transaction: a failure part-way leaves nothing', async () => {
    const { a, junior } = t;
    const input = cycleInput(t.templateId, { name: 'Core check-in', team_ids: [a.team.id], perspectives: ['SELF', 'MANAGER', 'DIRECT_REPORT'] });
    const cycle = (await api.create(t.adminA, input)).data!.createReviewCycle;
    // Team Core: the report and four peers; the deactivated and the deleted members are left out.
    expect(cycle.participants.map((p: { reviewee: { full_name: string } }) => p.reviewee.full_name)).toEqual([
      'Paz Peer',
      'Pia Peer',
      'Pim Peer',
      'Pol Peer',
      'Remy Report',
    ]);
    const sqlite = t.app.services.db.$client;
    sqlite.exec(`CREATE TEMP TRIGGER fail_launch AFTER INSERT ON review_requests
      WHEN (SELECT count(*) FROM review_requests WHERE cycle_id = NEW.cycle_id) >= 7 BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    try {
      const failed = await api.launch(t.adminA, cycle.id);
      expect(codeOf(failed)).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      sqlite.exec('DROP TRIGGER fail_launch');
    }
    expect(countRows(t.app, 'review_requests', cycle.id)).toBe(0);
    expect(countRows(t.app, 'review_cycle_questions', cycle.id)).toBe(0);
    expect((await api.get(t.adminA, cycle.id)).data!.reviewCycle).toMatchObject({ status: 'DRAFT', launched_at: null });

    const launched = (await api.launch(t.adminA, cycle.id)).data!.launchReviewCycle;
    // 5 self + 5 manager + the report's direct report; no peers (turned off).
    expect(launched.request_count).toBe(11);
    const byPerspective = launched.participants
      .flatMap((p: { requests: Array<{ perspective: string; reviewer: { id: string } }> }) => p.requests)
      .reduce((m: Record<string, number>, r: { perspective: string }) => ({ ...m, [r.perspective]: (m[r.perspective] ?? 0) + 1 }), {});
    expect(byPerspective).toEqual({ SELF: 5, MANAGER: 5, DIRECT_REPORT: 1 });
    expect(sqlite.prepare("SELECT reviewer_id FROM review_requests WHERE cycle_id = ? AND perspective = 'DIRECT_REPORT'").pluck().all(cycle.id)).toEqual([
      junior.id,
    ]);
  });

  it('leaves out people deactivated or deleted after the draft, and anyone of another organization', async () => {
    const { app, a, b } = t;
    const extra = (
      await api.create(
        t.adminA,
        cycleInput(t.templateId, { name: 'Small', participant_ids: [t.a.member.id, t.gone.id, t.removed.id, b.member.id], perspectives: ['SELF'] }),
      )
    ).data!.createReviewCycle;
    expect(extra.participants.map((p: { reviewee: { id: string } }) => p.reviewee.id)).toEqual([a.member.id]);
    const withJunior = (
      await api.update(t.adminA, extra.id, cycleInput(t.templateId, { name: 'Small', participant_ids: [a.member.id, t.junior.id], perspectives: ['SELF'] }))
    ).data!.updateReviewCycle;
    expect(withJunior.participant_count).toBe(2);
    app.services.db.$client.prepare("UPDATE users SET status = 'DEACTIVATED' WHERE id = ?").run(t.junior.id);
    try {
      const launched = (await api.launch(t.adminA, extra.id)).data!.launchReviewCycle;
      expect(launched).toMatchObject({ participant_count: 1, request_count: 1 });
    } finally {
      app.services.db.$client.prepare("UPDATE users SET status = 'ACTIVE' WHERE id = ?").run(t.junior.id);
    }
    expect(codeOf(await api.update(t.adminA, extra.id, cycleInput(t.templateId)))).toBe('CONFLICT');
  });
});

describe('peers and validation', () => {
  it('enforces min and max peers, refuses self-nomination, and launch waits for the minimum', async () => {
    const { a, peers } = t;
    const cycle = (await api.create(t.adminA, cycleInput(t.templateId, { name: 'Peers', participant_ids: [a.report.id] }))).data!.createReviewCycle;
    const p = cycle.participants[0].id;
    const one = await api.nominate(t.reportA, p, [peers[0]!.id]);
    expect(one.errors![0]).toMatchObject({ message: 'reviewerIds: Choose at least 2 peers.', extensions: { code: 'BAD_USER_INPUT' } });
    expect(
      (
        await api.nominate(
          t.reportA,
          p,
          peers.map((u) => u.id),
        )
      ).errors![0]!.message,
    ).toBe('reviewerIds: Choose at most 3 peers.');
    expect((await api.nominate(t.reportA, p, [a.report.id, peers[0]!.id])).errors![0]!.message).toBe('reviewerIds: People cannot review themselves as a peer.');
    expect(codeOf(await api.nominate(t.reportA, p, [t.gone.id, peers[0]!.id]))).toBe('BAD_USER_INPUT');
    expect(codeOf(await api.nominate(t.reportA, p, [t.b.member.id, peers[0]!.id]))).toBe('BAD_USER_INPUT');

    // Proposed but not approved: launch refuses and names who is short.
    await api.nominate(t.reportA, p, [peers[0]!.id, peers[1]!.id]);
    const early = await api.launch(t.adminA, cycle.id);
    expect(codeOf(early)).toBe('CONFLICT');
    expect(early.errors![0]!.message).toBe('Approve at least 2 peers for every participant before launching. Still short: Remy Report.');
    expect(countRows(t.app, 'review_requests', cycle.id)).toBe(0);

    // The manager changes the list: the named ones approved, the others rejected.
    const changed = await api.change(t.managerA, p, [peers[1]!.id, peers[2]!.id]);
    expect(changed.data!.changeNominations.nominations).toEqual([
      { reviewer: { id: peers[0]!.id }, status: 'REJECTED' },
      { reviewer: { id: peers[1]!.id }, status: 'APPROVED' },
      { reviewer: { id: peers[2]!.id }, status: 'APPROVED' },
    ]);
    expect((await api.change(t.managerA, p, [peers[1]!.id])).errors![0]!.message).toBe('reviewerIds: Choose at least 2 peers.');

    // Suggestions: the reviewee's team and those sharing their manager, not the reviewee, their manager, or people who left.
    const suggested = (await api.suggestions(t.reportA, p)).data!.peerSuggestions.map((u: { full_name: string }) => u.full_name);
    expect(suggested).toEqual(['Paz Peer', 'Pia Peer', 'Pim Peer', 'Pol Peer']);
    expect(codeOf(await api.suggestions(t.memberA, p))).toBe('FORBIDDEN');

    const launched = (await api.launch(t.adminA, cycle.id)).data!.launchReviewCycle;
    const peerReviewers = launched.participants[0].requests
      .filter((r: { perspective: string }) => r.perspective === 'PEER')
      .map((r: { reviewer: { id: string } }) => r.reviewer.id)
      .sort();
    expect(peerReviewers).toEqual([peers[1]!.id, peers[2]!.id].sort());
  });

  it('refuses an anonymity threshold below 3 and bad timelines; defaults the threshold to 5', async () => {
    const refused = await api.create(t.adminA, cycleInput(t.templateId, { participant_ids: [t.a.report.id], anonymity_threshold: 2 }));
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors![0]!.extensions!.fields).toEqual({
      anonymity_threshold: 'The anonymity threshold is at least 3, so no answer can be traced to one person.',
    });
    const order = await api.create(
      t.adminA,
      cycleInput(t.templateId, {
        participant_ids: [t.a.report.id],
        nomination_end: future(30),
        review_end: future(10),
        results_release: future(5),
        min_peers: 4,
        max_peers: 2,
      }),
    );
    expect(order.errors![0]!.extensions!.fields).toEqual({
      max_peers: 'The maximum must be at least the minimum.',
      nomination_end: 'Nominations must end before reviews are due.',
      results_release: 'Results are released after reviews are due.',
    });
    expect((await api.create(t.adminA, cycleInput(t.templateId))).errors![0]!.extensions!.fields).toEqual({
      participant_ids: 'Add at least one person or team.',
    });
    const sprintTpl = await api.create(t.adminA, cycleInput(t.templateId, { type: 'sprint', participant_ids: [t.a.report.id] }));
    expect(sprintTpl.errors![0]!.extensions!.fields).toEqual({ template_id: 'This template is for 360 reviews.' });
    const { anonymity_threshold: _omit, ...rest } = cycleInput(t.templateId, { participant_ids: [t.a.report.id] });
    expect((await api.create(t.adminA, rest)).data!.createReviewCycle.anonymity_threshold).toBe(5);
  });
});
