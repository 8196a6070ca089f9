import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../../shared/format.js';
import { codeOf } from '../../test/helpers.js';
import { api, cycleInput, setUpReviewOrgs } from './reviews.cycles.test-support.js';
import { findSubmittedReviews } from './reviews.requests.repo.js';
import { addDays } from '../../../shared/dates.js';

let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
type Req = { id: string; cycle_id: string; perspective: string; questions: Array<{ id: string; kind: string; prompt: string }> };
let managerReq: Req;
let selfReq: Req;
let participantId: string;

/** A self and manager cycle for the junior, whose manager is the report. */
beforeAll(async () => {
  t = await setUpReviewOrgs();
  const cycle = (
    await api.create(t.adminA, cycleInput(t.templateId, { name: 'Junior check', participant_ids: [t.junior.id], perspectives: ['SELF', 'MANAGER'] }))
  ).data!.createReviewCycle;
  participantId = cycle.participants[0].id;
  expect((await api.launch(t.adminA, cycle.id)).data!.launchReviewCycle.request_count).toBe(2);
  managerReq = (await api.mine(t.reportA)).data!.myReviewRequests[0];
  selfReq = (await api.mine(t.juniorA)).data!.myReviewRequests[0];
});
afterAll(async () => {
  await t.app.close();
});

const q = (r: Req, prompt: string) => r.questions.find((x) => x.prompt === prompt)!;
const fieldsOf = (res: Awaited<ReturnType<typeof api.save>>) => res.errors?.[0]?.extensions?.fields;

describe('answers', () => {
  it('each perspective gets its own questions, as they were at launch', async () => {
    expect(managerReq).toMatchObject({ perspective: 'MANAGER', cycle_name: 'Junior check', cycle_status: 'ACTIVE', reviewee: { full_name: 'Jo Junior' } });
    expect(managerReq.questions.map((x) => x.prompt)).toEqual(['Overall?', 'Ready for promotion?']);
    expect(selfReq.questions.map((x) => x.prompt)).toEqual(['Overall?', 'Anything else?']);
    // Editing the template afterwards does not reach the running cycle.
    const edit = await t.adminA.gql(
      'mutation($id: ID!, $input: ReviewTemplateInput!) { updateReviewTemplate(id: $id, input: $input, base_version: 1) { id } }',
      {
        id: t.templateId,
        input: {
          name: 'Changed',
          review_type: '360',
          sections: [{ title: 'New', questions: [{ kind: 'TEXT', prompt: 'Only this?', perspectives: ['MANAGER'] }] }],
        },
      },
    );
    expect(edit.errors).toBeUndefined();
    expect((await api.request(t.reportA, managerReq.id)).data!.reviewRequest.questions.map((x: { prompt: string }) => x.prompt)).toEqual([
      'Overall?',
      'Ready for promotion?',
    ]);
  });

  it('refuses answers that do not fit their question, keyed by the answer', async () => {
    const promo = q(managerReq, 'Ready for promotion?').id;
    const overall = q(managerReq, 'Overall?').id;
    expect(fieldsOf(await api.save(t.reportA, managerReq.id, [{ question_id: promo, choices: ['Maybe'] }]))).toEqual({
      'answers.0.choices': 'Pick from the listed options.',
    });
    expect(fieldsOf(await api.save(t.reportA, managerReq.id, [{ question_id: promo, choices: ['No', 'Yes'] }]))).toEqual({
      'answers.0.choices': 'Pick one option.',
    });
    expect(fieldsOf(await api.save(t.reportA, managerReq.id, [{ question_id: overall, rating: 6 }]))).toEqual({
      'answers.0.rating': 'Pick a point from 1 to 5.',
    });
    // The self review's comment question is not asked of the manager.
    const comment = q(selfReq, 'Anything else?').id;
    expect(
      fieldsOf(
        await api.save(t.reportA, managerReq.id, [
          { question_id: overall, rating: 3 },
          { question_id: comment, text: 'Sneaky' },
        ]),
      ),
    ).toEqual({ 'answers.1.question_id': 'This question is not part of this review.' });
    // Nothing of a refused save is stored.
    expect((await api.request(t.reportA, managerReq.id)).data!.reviewRequest.answers).toEqual([]);
  });

  it('drops what a kind does not use, clears with an empty answer, and counts only submitted reviews', async () => {
    const overall = q(managerReq, 'Overall?').id;
    const promo = q(managerReq, 'Ready for promotion?').id;
    const saved = await api.save(t.reportA, managerReq.id, [
      { question_id: overall, rating: 4, text: 'ignored', choices: ['No'] },
      { question_id: promo, choices: ['Soon'] },
    ]);
    expect(saved.data!.saveReviewDraft.answers).toEqual(
      expect.arrayContaining([
        { question_id: overall, rating: 4, text: null, choices: null },
        { question_id: promo, rating: null, text: null, choices: ['Soon'] },
      ]),
    );
    const cleared = await api.save(t.reportA, managerReq.id, [{ question_id: promo, choices: [] }]);
    expect(cleared.data!.saveReviewDraft.answers).toEqual([{ question_id: overall, rating: 4, text: null, choices: null }]);
    expect(codeOf(await api.submit(t.reportA, managerReq.id))).toBe('BAD_USER_INPUT');
    expect(findSubmittedReviews(t.app.services.db, t.a.org.id, managerReq.cycle_id, participantId).submissions).toEqual([]);

    expect((await api.submit(t.reportA, managerReq.id, [{ question_id: promo, choices: ['Yes'] }])).data!.submitReviewRequest.status).toBe('SUBMITTED');
    await api.save(t.juniorA, selfReq.id, [{ question_id: q(selfReq, 'Overall?').id, rating: 5 }]);
    const input = findSubmittedReviews(t.app.services.db, t.a.org.id, managerReq.cycle_id, participantId);
    expect(input.questions).toHaveLength(3);
    expect(input.submissions).toEqual([
      {
        request_id: managerReq.id,
        reviewer_id: t.a.report.id,
        perspective: 'MANAGER',
        answers: expect.arrayContaining([
          { question_id: overall, rating: 4, text: null, choices: null },
          { question_id: promo, rating: null, text: null, choices: ['Yes'] },
        ]),
      },
    ]);
  });

  it('nominations close at the nomination end: then only the manager picks peers', async () => {
    const past = addDays(Date.now(), -1).toISOString();
    const cycle = (await api.create(t.adminA, cycleInput(t.templateId, { name: 'Late', participant_ids: [t.a.report.id], nomination_end: past }))).data!
      .createReviewCycle;
    const p = cycle.participants[0].id;
    const late = await api.nominate(t.reportA, p, [t.peers[0]!.id, t.peers[1]!.id]);
    expect(codeOf(late)).toBe('CONFLICT');
    expect(late.errors![0]!.message).toBe(`Nominations closed on ${formatDay(past)}. Ask your manager to choose your peers.`);
    expect((await api.change(t.managerA, p, [t.peers[0]!.id, t.peers[1]!.id])).errors).toBeUndefined();
  });
});
