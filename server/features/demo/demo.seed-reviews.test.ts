import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_ADMIN_EMAIL, seedOnFirstStart } from '../../db/seed.js';
import { createTestApp, signedIn, TEST_PASSWORD } from '../../test/helpers.js';
import { demoEmailFor } from './demo.seed.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: 'true', ADMIN_PASSWORD: TEST_PASSWORD });
  await seedOnFirstStart(app.services);
});
afterAll(async () => {
  await app.close();
});

type Cycle = {
  id: string;
  name: string;
  type: string;
  status: string;
  request_count: number;
  submitted_count: number;
  participants: Array<{ id: string; reviewee: { full_name: string }; results_released_at: string | null; acknowledged_at: string | null }>;
};
const SUMMARY = 'id name type status request_count submitted_count';
const PARTICIPANTS = 'participants { id reviewee { full_name } results_released_at acknowledged_at }';

/**
 * Every cycle with its participants: the list, then each cycle on its own (every cycle's
 * participants in one query is over the GraphQL cost limit, docs/decisions/0043).
 */
async function cyclesOf(admin: Awaited<ReturnType<typeof signedIn>>): Promise<Cycle[]> {
  const list = (await admin.gql(`query { reviewCycles { ${SUMMARY} } }`)).data!.reviewCycles as Array<Omit<Cycle, 'participants'>>;
  const out: Cycle[] = [];
  for (const c of list)
    out.push((await admin.gql(`query($id: ID!) { reviewCycle(id: $id) { ${SUMMARY} ${PARTICIPANTS} } }`, { id: c.id })).data!.reviewCycle as Cycle);
  return out;
}

describe('the reviews demo', () => {
  it("has last quarter's 360 closed with results released for two of three people", async () => {
    const admin = await signedIn(app, DEFAULT_ADMIN_EMAIL);
    const cycles = await cyclesOf(admin);
    const closed = cycles.find((c) => c.type === '360' && c.status === 'CLOSED')!;
    expect(closed.name).toMatch(/^Q[1-4] \d{4} 360 review$/);
    expect(closed.submitted_count).toBe(closed.request_count);
    expect(closed.participants.map((p) => [p.reviewee.full_name, !!p.results_released_at, !!p.acknowledged_at])).toEqual([
      ['Ada Lovelace', true, false],
      ['Linus Torvalds', true, true],
      ['Margaret Hamilton', false, false],
    ]);

    // Linus reads his released results: peers pass the threshold of 3, so they show as aggregates.
    const linus = await signedIn(app, demoEmailFor('Linus Torvalds'));
    const participantId = closed.participants.find((p) => p.reviewee.full_name === 'Linus Torvalds')!.id;
    const res = await linus.gql(
      `query($id: ID!) { reviewResults(participantId: $id) { threshold perspectives { perspective respondents withheld { reason } }
      sections { title questions { prompt cells { perspective rating { count average } comments { text reviewer { full_name } } } } } } }`,
      { id: participantId },
    );
    expect(res.errors).toBeUndefined();
    const results = res.data!.reviewResults;
    expect(results.threshold).toBe(3);
    expect(results.perspectives).toEqual([
      { perspective: 'SELF', respondents: 1, withheld: null },
      { perspective: 'MANAGER', respondents: 1, withheld: null },
      { perspective: 'PEER', respondents: 4, withheld: null },
    ]);
    const communication = results.sections[0].questions[0];
    const peers = communication.cells.find((c: { perspective: string }) => c.perspective === 'PEER');
    expect(peers.rating.count).toBe(4);
    expect(peers.rating.average).toBeGreaterThanOrEqual(3);
    const strengths = results.sections[1].questions[0].cells.find((c: { perspective: string }) => c.perspective === 'PEER');
    expect(strengths.comments).toHaveLength(4);
    expect(strengths.comments.every((c: { reviewer: unknown }) => c.reviewer === null)).toBe(true);
  });

  it("has this quarter's 360 under way, with half-written drafts for the admin and for Grace Hopper", async () => {
    const admin = await signedIn(app, DEFAULT_ADMIN_EMAIL);
    const active = (await cyclesOf(admin)).find((c) => c.type === '360' && c.status === 'ACTIVE')!;
    expect(active.participants.map((p) => p.reviewee.full_name)).toEqual([
      'Brendan Eich',
      'Grace Hopper',
      'Katherine Johnson',
      'Sophie Wilson',
      'Tim Berners-Lee',
    ]);
    expect(active.submitted_count).toBeGreaterThan(0);
    expect(active.submitted_count).toBeLessThan(active.request_count);

    for (const email of [DEFAULT_ADMIN_EMAIL, demoEmailFor('Grace Hopper')]) {
      const who = await signedIn(app, email);
      const pending = (
        await who.gql('query { myReviewRequests { cycle_name perspective reviewee { full_name } questions { id required } answers { question_id } } }')
      ).data!.myReviewRequests as Array<{ cycle_name: string; perspective: string; questions: Array<{ id: string }>; answers: Array<{ question_id: string }> }>;
      const mine = pending.filter((r) => r.cycle_name === active.name);
      expect(mine.length).toBeGreaterThan(0);
      for (const r of mine) {
        expect(r.answers.length).toBeGreaterThan(0);
        expect(r.answers.length).toBeLessThan(r.questions.length);
      }
    }
  });

  it('has a sprint review rule for Mobile with its sprints, and the reviews of sprints that ended since it started', async () => {
    const manager = await signedIn(app, demoEmailFor('Katherine Johnson'));
    const rules = (await manager.gql('query { reviewAutomationRules { name type active } reviewSprints { name team { name } } }')).data!;
    expect(rules.reviewAutomationRules).toEqual([{ name: 'Mobile sprint reviews', type: 'SPRINT_END', active: true }]);
    expect(rules.reviewSprints.map((s: { name: string }) => s.name).sort()).toEqual(['Sprint 40', 'Sprint 41', 'Sprint 42', 'Sprint 43', 'Sprint 44']);
    const admin = await signedIn(app, DEFAULT_ADMIN_EMAIL);
    const cycles = await cyclesOf(admin);
    const sprintCycles = cycles
      .filter((c) => c.type === 'sprint')
      .map((c) => [c.name, c.status])
      .sort();
    expect(sprintCycles).toEqual([
      ['Mobile sprint reviews: Sprint 41', 'ACTIVE'],
      ['Mobile sprint reviews: Sprint 42', 'ACTIVE'],
    ]);
    const submitted = (name: string) => (cycles as Cycle[]).find((c) => c.name === `Mobile sprint reviews: ${name}`)!;
    expect(submitted('Sprint 41').submitted_count).toBeGreaterThan(submitted('Sprint 42').submitted_count);
    expect(submitted('Sprint 42').submitted_count).toBeGreaterThan(0);
    expect(submitted('Sprint 41').submitted_count).toBeLessThan(submitted('Sprint 41').request_count);
    // The demo starts quiet: no notification about what the seed did is queued or sent.
    const db = app.services.db.$client;
    expect(db.prepare("select count(*) as n from jobs where kind = 'reviews.automation.notify'").get()).toEqual({ n: 0 });
    expect(db.prepare('select count(*) as n from notifications').get()).toEqual({ n: 0 });
  });
});
