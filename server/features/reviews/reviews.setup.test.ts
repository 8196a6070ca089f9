import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, outboxMails } from '../../test/helpers.js';
import { api, cycleInput, setUpReviewOrgs, type Caller } from './reviews.cycles.test-support.js';

/** Nomination notices and reminders, readiness before launch (docs/decisions/0031). */
let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
beforeAll(async () => {
  t = await setUpReviewOrgs();
});
afterAll(async () => {
  await t.app.close();
});

type Notification = { title: string; body: string | null; link: string | null };
const notificationsOf = (userId: string, kind: string): Notification[] =>
  t.app.services.db.$client
    .prepare('SELECT title, body, link FROM notifications WHERE user_id = ? AND kind = ? ORDER BY rowid')
    .all(userId, kind) as Notification[];
const READINESS = `readiness { short { reviewee { full_name } approved proposed missing needs asked_at } at_risk { reviewee { full_name } perspective have need message } }`;
const readiness = async (c: Caller, id: string) =>
  (await c.gql(`query($id: ID!) { reviewCycle(id: $id) { ${READINESS} } }`, { id })).data?.reviewCycle.readiness;
const tasks = async (c: Caller) => (await c.gql('{ myNominationTasks { cycle_name nomination_end min_peers max_peers chosen } }')).data!.myNominationTasks;
const remindOne = (c: Caller, p: string) => c.gql('mutation($p: ID!) { remindToNominate(participantId: $p) { queued already_reminded } }', { p });
const remindAll = (c: Caller, id: string) => c.gql('mutation($id: ID!) { remindAllToNominate(cycleId: $id) { queued already_reminded } }', { id });
const tick = () => t.app.services.scheduler.tick();

describe('nominations', () => {
  let cycleId: string;
  let reportP: string;
  let memberP: string;

  it('each participant of a draft asking peers is told to nominate, in the app and by email, with the date', async () => {
    const created = (
      await api.create(
        t.adminA,
        cycleInput(t.templateId, { name: 'Spring 360', participant_ids: [t.a.report.id, t.a.member.id], min_peers: 2, max_peers: 4, anonymity_threshold: 3 }),
      )
    ).data!.createReviewCycle;
    cycleId = created.id;
    const byName = new Map<string, string>(created.participants.map((p: { id: string; reviewee: { full_name: string } }) => [p.reviewee.full_name, p.id]));
    reportP = byName.get('Remy Report')!;
    memberP = byName.get('Max Member')!;
    await tick();
    const [notice, ...more] = notificationsOf(t.a.report.id, 'nominate_peers');
    expect(more).toEqual([]);
    expect(notice!.title).toMatch(/^Choose your peers by [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(notice!.body).toMatch(
      /^Spring 360: nominate 2 to 4 colleagues who know your work well by .+\. Your manager approves them; their answers are shown to you only as a group of at least 3\.$/,
    );
    expect(notice!.link).toBe(`/reviews?id=${cycleId}`);
    expect(notificationsOf(t.a.member.id, 'nominate_peers')).toHaveLength(1);
    expect(outboxMails(t.app, t.a.report.email).filter((m) => m.subject.includes('Choose your peers'))).toHaveLength(1);
    expect(await tasks(t.reportA)).toEqual([{ cycle_name: 'Spring 360', nomination_end: created.nomination_end, min_peers: 2, max_peers: 4, chosen: 0 }]);
    // Saving the draft again tells nobody twice; a person added later is told.
    const input = cycleInput(t.templateId, {
      name: 'Spring 360',
      participant_ids: [t.a.report.id, t.a.member.id, t.peers[2]!.id],
      min_peers: 2,
      max_peers: 4,
      anonymity_threshold: 3,
    });
    expect((await api.update(t.adminA, cycleId, input)).errors).toBeUndefined();
    await tick();
    expect(notificationsOf(t.a.report.id, 'nominate_peers')).toHaveLength(1);
    expect(notificationsOf(t.peers[2]!.id, 'nominate_peers')).toHaveLength(1);
  });

  it('the cycle page lists who is short, by how many, and who would see no anonymous results', async () => {
    expect((await api.nominate(t.reportA, reportP, [t.peers[0]!.id, t.peers[1]!.id])).errors).toBeUndefined();
    expect(await tasks(t.reportA)).toEqual([]);
    const r = await readiness(t.adminA, cycleId);
    expect(
      r.short.map((s: { reviewee: { full_name: string }; approved: number; proposed: number; missing: number; needs: string }) => [
        s.reviewee.full_name,
        s.approved,
        s.proposed,
        s.missing,
        s.needs,
      ]),
    ).toEqual([
      ['Max Member', 0, 0, 2, 'NOMINATE'],
      ['Pim Peer', 0, 0, 2, 'NOMINATE'],
      ['Remy Report', 0, 2, 2, 'APPROVE'],
    ]);
    expect(r.short[0].asked_at).toEqual(expect.any(String));
    // Remy Report has one direct report (Junior): below the threshold of 3.
    expect(r.at_risk.map((x: { reviewee: { full_name: string }; perspective: string; have: number }) => [x.reviewee.full_name, x.perspective, x.have])).toEqual(
      [
        ['Max Member', 'PEER', 0],
        ['Pim Peer', 'PEER', 0],
        ['Remy Report', 'PEER', 0],
        ['Remy Report', 'DIRECT_REPORT', 1],
      ],
    );
    expect(r.at_risk[3].message).toBe('Remy Report has 1 direct report; their answers need at least 3, so Remy Report will see no direct-report results.');
    // Only whoever runs the cycle sees it.
    expect(await readiness(t.managerA, cycleId)).toBeNull();
  });

  it('"Remind to nominate": per person or everyone short, once a day, the manager when approval is missing', async () => {
    expect(codeOf(await remindOne(t.memberA, memberP))).toBe('FORBIDDEN');
    expect(codeOf(await remindOne(t.adminB, memberP))).toBe('NOT_FOUND');
    expect(codeOf(await remindAll(t.managerA, cycleId))).toBe('FORBIDDEN');
    expect((await remindOne(t.adminA, memberP)).data!.remindToNominate).toEqual({ queued: 1, already_reminded: 0 });
    expect((await remindOne(t.adminA, memberP)).data!.remindToNominate).toEqual({ queued: 0, already_reminded: 1 });
    expect((await remindAll(t.adminA, cycleId)).data!.remindAllToNominate).toEqual({ queued: 2, already_reminded: 1 });
    await tick();
    const member = notificationsOf(t.a.member.id, 'nominate_peers');
    expect(member).toHaveLength(2);
    expect(member[1]!.body).toMatch(/\(A reminder from your manager or admin\.\)$/);
    // Remy Report proposed enough: their manager is asked to approve instead.
    expect(notificationsOf(t.a.report.id, 'nominate_peers')).toHaveLength(1);
    expect(notificationsOf(t.a.manager.id, 'peer_nominations').at(-1)).toMatchObject({
      title: 'Peer nominations to approve',
      body: 'Spring 360: Remy Report proposed 2 peers; 2 more must be approved before the cycle can launch. Approve or change them.',
    });
    // Enough approved peers: nothing to remind.
    expect((await api.approve(t.managerA, reportP)).errors).toBeUndefined();
    expect(codeOf(await remindOne(t.managerA, reportP))).toBe('CONFLICT');
  });

  it('people who turned the kind off get nothing; cycles without peers tell nobody', async () => {
    t.app.services.db.$client
      .prepare('UPDATE users SET notifications = ? WHERE id = ?')
      .run(JSON.stringify(['in_app', 'email', 'review_requests']), t.junior.id);
    await api.create(t.adminA, cycleInput(t.templateId, { name: 'Quiet', participant_ids: [t.junior.id], min_peers: 2, max_peers: 4 }));
    await api.create(t.adminA, cycleInput(t.templateId, { name: 'No peers', participant_ids: [t.peers[3]!.id], perspectives: ['SELF', 'MANAGER'] }));
    await tick();
    expect(notificationsOf(t.junior.id, 'nominate_peers')).toEqual([]);
    expect(notificationsOf(t.peers[3]!.id, 'nominate_peers')).toEqual([]);
  });

  it('readiness follows what launch will ask: a template without peer questions leaves nobody short or at risk', async () => {
    const input = {
      name: 'No peer questions',
      review_type: '360',
      sections: [{ title: 'One', questions: [{ kind: 'TEXT', prompt: 'How was it?', perspectives: ['SELF', 'MANAGER'] }] }],
    };
    const tpl = (await t.adminA.gql('mutation($input: ReviewTemplateInput!) { createReviewTemplate(input: $input) { id } }', { input })).data!
      .createReviewTemplate.id as string;
    const cycle = (await api.create(t.adminA, cycleInput(tpl, { name: 'Self only', participant_ids: [t.a.member.id] }))).data!.createReviewCycle;
    expect(await readiness(t.adminA, cycle.id)).toEqual({ short: [], at_risk: [] });
    expect((await api.launch(t.adminA, cycle.id)).errors).toBeUndefined();
  });
});
