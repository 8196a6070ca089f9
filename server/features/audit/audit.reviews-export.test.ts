/** A review results CSV download is recorded, about the reviewee, by whoever downloaded it. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, cycleInput, setUpReviewOrgs } from '../reviews/reviews.cycles.test-support.js';
import { auditRows, detailsOf } from './audit.test-support.js';

let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
beforeAll(async () => {
  t = await setUpReviewOrgs();
});
afterAll(async () => {
  await t.app.close();
});

it('REVIEW_RESULTS_EXPORTED names the cycle and the reviewee; a refused download records nothing', async () => {
  const created = await api.create(
    t.adminA,
    cycleInput(t.templateId, { name: 'Audit 360', participant_ids: [t.a.report.id], perspectives: ['SELF', 'MANAGER'] }),
  );
  const cycle = created.data!.createReviewCycle;
  const participantId = cycle.participants[0].id as string;
  expect((await api.launch(t.adminA, cycle.id)).errors).toBeUndefined();
  const get = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/reviews/results/${participantId}.csv`, headers: { authorization: `Bearer ${token}` }, remoteAddress: '10.5.5.5' });

  expect((await get(t.adminA.token)).statusCode).toBe(409); // still active: nothing to download
  expect(auditRows(t.app, t.a.org.id, 'REVIEW_RESULTS_EXPORTED')).toEqual([]);
  expect((await api.close(t.adminA, cycle.id)).errors).toBeUndefined();
  expect((await get(t.memberA.token)).statusCode).toBe(403);
  expect((await get(t.adminA.token)).statusCode).toBe(200);

  const rows = auditRows(t.app, t.a.org.id, 'REVIEW_RESULTS_EXPORTED');
  expect(rows).toEqual([expect.objectContaining({ actor_user_id: t.a.admin.id, subject_user_id: t.a.report.id, ip: '10.5.5.5' })]);
  expect(detailsOf(rows[0]!)).toEqual({ cycle_id: cycle.id, cycle_name: 'Audit 360' });
});
