import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMULA_TRIGGERS } from '../../../shared/csv-safe.js';
import { withheldText } from '../../../shared/review-results.text.js';
import { codeOf, signedIn } from '../../test/helpers.js';
import { api, cycleInput, setUpReviewOrgs, type Caller } from './reviews.cycles.test-support.js';
import { REVIEW_RESULTS_CSV_HEADER } from './reviews.results.csv.js';

let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
let peerCallers: Caller[];

const RESULTS = `participant_id cycle_name viewer_role threshold csv_path reviewee { full_name }
  perspectives { perspective respondents asked withheld { reason have need own_answer_excluded message } }
  sections { title questions { prompt private others { count average includes }
    cells { perspective withheld { reason have message } respondents rating { count average distribution } choices { option count }
      comments { text reviewer { id } } answers { reviewer { full_name } rating text choices } } } }
  overall { cells { perspective rating { average } withheld { reason } } others { average includes } }`;
const results = (c: Caller, participantId: string) => c.gql(`query($p: ID!) { reviewResults(participantId: $p) { ${RESULTS} } }`, { p: participantId });
const reviewsOf = (c: Caller, userId: string) => c.gql('query($ids: [ID!]!) { usersByIds(ids: $ids) { id user_reviews_reviewee } }', { ids: [userId] });

/** The report reviewed by self, manager and four nominated peers; `peerRatings` of them submit. Returns the participant id. */
async function runCycle(name: string, peerRatings: number[], peerComments: string[] = [], close = true): Promise<{ participantId: string; cycleId: string }> {
  const created = await api.create(
    t.adminA,
    cycleInput(t.templateId, { name, participant_ids: [t.a.report.id], perspectives: ['SELF', 'MANAGER', 'PEER'], max_peers: 4 }),
  );
  const cycle = created.data!.createReviewCycle;
  const participantId = cycle.participants[0].id as string;
  expect(
    (
      await api.nominate(
        t.reportA,
        participantId,
        t.peers.map((p) => p.id),
      )
    ).errors,
  ).toBeUndefined();
  expect((await api.approve(t.managerA, participantId)).errors).toBeUndefined();
  expect((await api.launch(t.adminA, cycle.id)).errors).toBeUndefined();
  const requestOf = async (c: Caller) =>
    ((await api.mine(c)).data!.myReviewRequests as Array<{ id: string; cycle_id: string; questions: Array<{ id: string; prompt: string }> }>).find(
      (r) => r.cycle_id === cycle.id,
    )!;
  const answer = async (c: Caller, rating: number, text?: string, extra: unknown[] = []) => {
    const req = await requestOf(c);
    const byPrompt = (p: string) => req.questions.find((q) => q.prompt === p)?.id;
    const answers = [
      { question_id: byPrompt('Overall?'), rating },
      ...(text && byPrompt('Anything else?') ? [{ question_id: byPrompt('Anything else?'), text }] : []),
      ...extra,
    ];
    const res = await api.submit(c, req.id, answers);
    expect(res.errors).toBeUndefined();
    return req;
  };
  await answer(t.reportA, 4, '=SUM(A1:A9) self note');
  const managerReq = await requestOf(t.managerA);
  await answer(t.managerA, 5, undefined, [{ question_id: managerReq.questions.find((q) => q.prompt === 'Ready for promotion?')!.id, choices: ['Soon'] }]);
  for (const [i, rating] of peerRatings.entries()) await answer(peerCallers[i]!, rating, peerComments[i]);
  if (close) expect((await api.close(t.adminA, cycle.id)).errors).toBeUndefined();
  return { participantId, cycleId: cycle.id };
}

const peerCell = (data: any) => data.reviewResults.sections[0].questions[0].cells.find((c: { perspective: string }) => c.perspective === 'PEER');

beforeAll(async () => {
  t = await setUpReviewOrgs();
  peerCallers = [t.peerA, t.peerB, await signedIn(t.app, t.peers[2]!.email), await signedIn(t.app, t.peers[3]!.email)];
});
afterAll(async () => {
  await t.app.close();
});

describe('review results through GraphQL (threshold 3)', () => {
  it('below the threshold: peers withheld, with the shared wording; others are manager only', async () => {
    const { participantId } = await runCycle('Below', [1, 2]);
    const res = await results(t.managerA, participantId);
    expect(res.errors).toBeUndefined();
    const cell = peerCell(res.data);
    const withheld = { reason: 'FEWER_THAN_THRESHOLD', have: 2, need: 3, own_answer_excluded: false } as const;
    expect(cell).toMatchObject({
      withheld: { reason: 'FEWER_THAN_THRESHOLD', have: 2, message: withheldText(withheld) },
      rating: null,
      respondents: null,
      comments: [],
    });
    expect(res.data!.reviewResults.sections[0].questions[0].others).toEqual({ count: 1, average: 5, includes: ['MANAGER'] });
    expect(res.data!.reviewResults.viewer_role).toBe('MANAGER');
  });

  it('at the threshold: peer aggregates and unsigned comments appear', async () => {
    const { participantId } = await runCycle('At', [3, 4, 5], ['Great mentor', 'Clear writer', '@here pairing']);
    const cell = peerCell((await results(t.adminA, participantId)).data);
    expect(cell).toMatchObject({ withheld: null, respondents: 3, rating: { count: 3, average: 4, distribution: [0, 0, 1, 1, 1] } });
    const text = (await results(t.adminA, participantId)).data!.reviewResults.sections[0].questions[1].cells.find(
      (c: { perspective: string }) => c.perspective === 'PEER',
    );
    expect(text.comments.map((c: { text: string }) => c.text).sort()).toEqual(['@here pairing', 'Clear writer', 'Great mentor']);
    expect(text.comments.every((c: { reviewer: unknown }) => c.reviewer === null)).toBe(true);
  });

  it('above the threshold: every peer counted; signed answers name their reviewer', async () => {
    const { participantId } = await runCycle('Above', [2, 2, 4, 4]);
    const data = (await results(t.managerA, participantId)).data!;
    expect(peerCell(data)).toMatchObject({ respondents: 4, rating: { count: 4, average: 3 } });
    const manager = data.reviewResults.sections[0].questions[0].cells.find((c: { perspective: string }) => c.perspective === 'MANAGER');
    expect(manager.answers).toEqual([{ reviewer: { full_name: 'Mona Manager' }, rating: 5, text: null, choices: [] }]);
    expect(data.reviewResults.perspectives).toContainEqual({ perspective: 'PEER', respondents: 4, asked: 4, withheld: null });
    // Direct reports were not part of this cycle: no empty column for them.
    expect(data.reviewResults.perspectives.map((p: { perspective: string }) => p.perspective)).toEqual(['SELF', 'MANAGER', 'PEER']);
  });
});

describe('who sees results', () => {
  let participantId: string;
  let cycleId: string;
  beforeAll(async () => {
    ({ participantId, cycleId } = await runCycle('Visibility', [3, 3, 3], [], false));
  });

  it('nobody while the cycle is active; then the manager and admins; others never; another organization NOT_FOUND', async () => {
    expect(codeOf(await results(t.adminA, participantId))).toBe('CONFLICT');
    expect((await reviewsOf(t.adminA, t.a.report.id)).data!.usersByIds[0].user_reviews_reviewee).not.toContain(participantId);
    await api.close(t.adminA, cycleId);
    expect((await results(t.adminA, participantId)).data!.reviewResults.viewer_role).toBe('ADMIN');
    expect((await results(t.managerA, participantId)).data!.reviewResults.viewer_role).toBe('MANAGER');
    expect(codeOf(await results(t.memberA, participantId))).toBe('FORBIDDEN');
    expect(codeOf(await results(t.peerA, participantId))).toBe('FORBIDDEN');
    expect(codeOf(await results(t.adminB, participantId))).toBe('NOT_FOUND');
    expect((await reviewsOf(t.adminA, t.a.report.id)).data!.usersByIds[0].user_reviews_reviewee).toContain(participantId);
    expect((await reviewsOf(t.memberA, t.a.report.id)).data!.usersByIds[0].user_reviews_reviewee).toEqual([]);
  });

  it('the reviewee only after release, without private questions', async () => {
    expect(codeOf(await results(t.reportA, participantId))).toBe('FORBIDDEN');
    expect((await reviewsOf(t.reportA, t.a.report.id)).data!.usersByIds[0].user_reviews_reviewee).not.toContain(participantId);
    expect((await api.release(t.managerA, participantId)).errors).toBeUndefined();
    const data = (await results(t.reportA, participantId)).data!.reviewResults;
    expect(data.viewer_role).toBe('REVIEWEE');
    expect(data.sections.flatMap((s: { questions: Array<{ prompt: string }> }) => s.questions.map((q) => q.prompt))).toEqual(['Overall?', 'Anything else?']);
    expect((await reviewsOf(t.reportA, t.a.report.id)).data!.usersByIds[0].user_reviews_reviewee).toContain(participantId);
    // The manager still sees the private promotion question.
    const managerView = (await results(t.managerA, participantId)).data!.reviewResults;
    expect(managerView.sections.map((s: { title: string }) => s.title)).toEqual(['Skills', 'Manager only']);
  });

  it('CSV export: same rules, attachment, formula-safe', async () => {
    const get = (token: string | null) =>
      t.app.inject({ method: 'GET', url: `/api/reviews/results/${participantId}.csv`, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(t.memberA.token)).statusCode).toBe(403);
    expect((await get(t.adminB.token)).statusCode).toBe(404);
    const res = await get(t.managerA.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="teamlens-review-visibility-remy-report.csv"');
    const rows = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual([...REVIEW_RESULTS_CSV_HEADER]);
    expect(rows.flat().filter((cell) => cell.length > 0 && FORMULA_TRIGGERS.has(cell[0]!))).toEqual([]);
    expect(rows.some((r) => r.includes("'=SUM(A1:A9) self note"))).toBe(true);
    expect(rows.some((r) => r.includes('Ready for promotion? (private)'))).toBe(true);
    // The reviewee's file has no private question.
    const own = await get(t.reportA.token);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('Ready for promotion?');
  });
});
