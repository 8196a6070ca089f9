import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, signedIn } from '../test/helpers.js';
import { recordOperatorOrganization } from '../features/install/install.repo.js';
import { notify } from '../features/notifications/notifications.deliver.js';
import { api, cycleInput, setUpReviewOrgs, TEMPLATE_INPUT, type Caller } from '../features/reviews/reviews.cycles.test-support.js';

/**
 * No write leaves a stale answer visible (docs/decisions/0039). Each entry reads a query twice
 * (the second answer comes from the response cache), makes a real write the way the product
 * makes it (that feature's mutation, REST route or the scheduler), then reads again: the answer
 * must be the one a fresh execution gives, and must differ from the first one (so the write did
 * change what the query shows). Adding a feature is adding one entry.
 */
type Case = { feature: string; who: () => Caller; query: string; variables?: () => Record<string, unknown>; write: () => Promise<unknown> };

let t: Awaited<ReturnType<typeof setUpReviewOrgs>>;
let cycleId: string;
let selfRequest: { id: string; questions: Array<{ id: string; prompt: string }> };
let managerRequest: { id: string; questions: Array<{ id: string; prompt: string }> };

beforeAll(async () => {
  t = await setUpReviewOrgs();
  const cycle = (await api.create(t.adminA, cycleInput(t.templateId, { name: 'Staleness', participant_ids: [t.junior.id], perspectives: ['SELF', 'MANAGER'] })))
    .data!.createReviewCycle;
  cycleId = cycle.id;
  expect((await api.launch(t.adminA, cycleId)).errors).toBeUndefined();
  selfRequest = (await api.mine(t.juniorA)).data!.myReviewRequests[0];
  managerRequest = (await api.mine(t.reportA)).data!.myReviewRequests[0];
  await notify(t.app.services, {
    organizationId: t.a.org.id,
    userIds: [t.a.member.id],
    kind: 'review_requests',
    private: false,
    title: 'Please review',
    link: '/reviews/pending',
  });
  t.app.services.scheduler.register('test.staleness', () => {});
  recordOperatorOrganization(t.app.services.db, t.a.org.id);
});
afterAll(async () => {
  await t.app.close();
});

const overall = (r: typeof selfRequest) => r.questions.find((q) => q.prompt === 'Overall?')!.id;

async function pngUpload(token: string) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
  const boundary = 'stalenessboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/media',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(201);
}

const cases: Case[] = [
  {
    feature: 'users (updateOneUser)',
    who: () => t.adminA,
    query: '{ organizationUsers { id full_name role } }',
    write: () =>
      t.adminA.gql('mutation($id: ID!) { updateOneUser(id: $id, input: { full_name: "Renamed Member", role: "Staff" }) { id } }', { id: t.a.member.id }),
  },
  {
    feature: 'users: widget preferences',
    who: () => t.memberA,
    query: '{ userWidgetPreferences { enabled_widgets } }',
    write: () => t.memberA.gql('mutation { updateWidgetPreferences(enabled_widgets: [NOTES]) { user_id } }'),
  },
  {
    feature: 'auth: sign-in (REST) records last_login',
    who: () => t.peerB,
    query: '{ findOneUser { id last_login } }',
    write: async () => {
      await new Promise((r) => setTimeout(r, 5));
      await signedIn(t.app, t.peers[1]!.email);
    },
  },
  {
    feature: 'teams (createTeam with members)',
    who: () => t.memberA,
    query: '{ teams { name aggregations { count_users } } findOneUser { team { name } } }',
    write: () => t.adminA.gql('mutation($ids: [ID!]) { createTeam(input: { name: "Platform", member_ids: $ids }) { id } }', { ids: [t.a.member.id] }),
  },
  {
    feature: 'org structure (createBusinessUnit)',
    who: () => t.adminA,
    query: '{ businessUnits { unit_name departments { name } } structureHeadcount { people without_subdepartment } }',
    write: () => t.adminA.gql('mutation { createBusinessUnit(unit_name: "Engineering") { id } }'),
  },
  {
    feature: 'notifications (markNotificationsRead)',
    who: () => t.memberA,
    query: '{ notifications { id title read_at } unreadNotificationCount }',
    write: () => t.memberA.gql('mutation { markNotificationsRead }'),
  },
  {
    feature: 'feature areas (setFeatureAreas)',
    who: () => t.adminA,
    query: '{ featureAreas { area enabled } }',
    write: () => t.adminA.gql('mutation { setFeatureAreas(changes: [{ area: GOALS, enabled: false }]) { area } }'),
  },
  {
    feature: 'jobs (the scheduler enqueues)',
    who: () => t.adminA,
    query: '{ scheduledJobs { id kind status } }',
    write: async () =>
      t.app.services.scheduler.enqueue({ kind: 'test.staleness', uniqueKey: 'one', organizationId: t.a.org.id, runAt: new Date(Date.now() + 3_600_000) }),
  },
  { feature: 'media (upload over REST)', who: () => t.adminA, query: '{ findOneUser { media { id } } }', write: () => pngUpload(t.adminA.token) },
  {
    feature: 'mass creation (CSV import over REST)',
    who: () => t.adminA,
    query: '{ organizationUsersFull { email team { name } } }',
    write: async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/users/import?createTeams=true',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${t.adminA.token}` },
        payload: 'email,full_name,team\nimported@acme.example,Imported Person,Imported Team\n',
      });
      expect(res.statusCode).toBe(200);
    },
  },
  {
    feature: 'engagement (recordEngagement) on the admin dashboard',
    who: () => t.adminA,
    query: '{ adminDashboard { top_pages { path } } }',
    write: () => t.memberA.gql('mutation { recordEngagement(path: "/home/dashboard", minutes: 1) }'),
  },
  {
    feature: 'public forms (contact form over REST)',
    who: () => t.adminA,
    query: '{ contactMessages { total items { name } } }',
    write: () =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/contact',
        remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/json', origin: BASE, 'sec-fetch-site': 'same-origin' },
        payload: JSON.stringify({ name: 'Grace Hopper', email: 'grace@navy.example', company: 'Navy', message: 'We would like a demo for 40 engineers.' }),
      }),
  },
  {
    feature: 'install (setSignUpOpen)',
    who: () => t.adminA,
    query: '{ installSignUp { open } }',
    write: () => t.adminA.gql('mutation { setSignUpOpen(open: true) { open } }'),
  },
  {
    feature: 'review templates (createReviewTemplate)',
    who: () => t.adminA,
    query: '{ reviewTemplates { name } }',
    write: () =>
      t.adminA.gql('mutation($input: ReviewTemplateInput!) { createReviewTemplate(input: $input) { id } }', {
        input: { ...TEMPLATE_INPUT, name: 'Another template' },
      }),
  },
  {
    feature: 'review cycles (createReviewCycle)',
    who: () => t.adminA,
    query: '{ reviewCycles { name status } }',
    write: () => api.create(t.adminA, cycleInput(t.templateId, { name: 'Second cycle', participant_ids: [t.a.member.id] })),
  },
  {
    feature: 'reviews: draft autosave (saveReviewDraft)',
    who: () => t.reportA,
    query: 'query($id: ID!) { reviewRequest(id: $id) { status answers { question_id rating } } }',
    variables: () => ({ id: managerRequest.id }),
    write: () => api.save(t.reportA, managerRequest.id, [{ question_id: overall(managerRequest), rating: 4 }]),
  },
  {
    feature: 'reviews: my pending reviews (submitReviewRequest)',
    who: () => t.juniorA,
    query: '{ myReviewRequests(includeDone: true) { id status } }',
    write: () => api.submit(t.juniorA, selfRequest.id, [{ question_id: overall(selfRequest), rating: 3 }]),
  },
  {
    feature: 'reviews: team progress (submitReviewRequest)',
    who: () => t.adminA,
    query: 'query($id: ID!) { reviewTeamProgress(cycleId: $id) { completion { done total } } }',
    variables: () => ({ id: cycleId }),
    write: () =>
      api.submit(t.reportA, managerRequest.id, [
        { question_id: overall(managerRequest), rating: 4 },
        { question_id: managerRequest.questions.find((q) => q.prompt === 'Ready for promotion?')!.id, choices: ['Soon'] },
      ]),
  },
  {
    feature: 'reviews: automation rules (createReviewAutomationRule)',
    who: () => t.adminA,
    query: '{ reviewAutomationRules { name } }',
    write: () =>
      t.adminA.gql('mutation($input: ReviewAutomationRuleInput!) { createReviewAutomationRule(input: $input) { id } }', {
        input: {
          name: 'Quarterly',
          type: 'REPEAT',
          template_id: t.templateId,
          every_count: 3,
          anchor_on: '2027-01-15',
          user_ids: [t.a.member.id],
          team_ids: [],
          perspectives: ['SELF'],
          min_peers: 0,
          max_peers: 3,
          anonymity_threshold: 3,
          nomination_days: 0,
          review_days: 14,
          release_days: 7,
        },
      }),
  },
];

describe('no write leaves a stale cached answer visible', () => {
  it.each(cases.map((c) => [c.feature, c] as const))('%s', async (_, c) => {
    const stats = t.app.responseCache!.stats;
    const read = (query = c.query) => c.who().gql(query, c.variables?.());
    const before = await read();
    expect(before.errors).toBeUndefined();
    const hits = stats.hits;
    expect((await read()).data).toEqual(before.data);
    expect(stats.hits).toBe(hits + 1);

    const written = await c.write();
    expect((written as { errors?: unknown } | undefined)?.errors).toBeUndefined();

    const after = await read();
    const fresh = await read(`${c.query}\n`); // another cache key: executed now
    expect(after.data).toEqual(fresh.data);
    expect(after.data).not.toEqual(before.data);
  });
});
