import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addUser, codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { lastDays } from './index.js';
import { addDays, todayIn } from '../../../shared/dates.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const DASHBOARD = `{ adminDashboard {
  headcount { active invited deactivated }
  pending_invitations { count oldest { email created_at } }
  recent_sign_ins { email last_login }
  engagement_by_day { day events }
  top_pages { path events people }
} }`;

it('counts people, invitations, sign-ins and engagement of the organization only', async () => {
  const o = await seedOrg(app, 'Metric'); // admin, manager, report, member: 4 active
  await seedOrg(app, 'Noise');
  const sql = app.services.db.$client;
  const invitedOld = await addUser(app, o.org.id, { status: 'INVITED', email: 'old-invite@metric.example' });
  await addUser(app, o.org.id, { status: 'INVITED', email: 'new-invite@metric.example' });
  await addUser(app, o.org.id, { status: 'DEACTIVATED' });
  const gone = await addUser(app, o.org.id, { status: 'INVITED' });
  sql.prepare('update users set created_at = ? where id = ?').run('2026-01-02T00:00:00.000Z', invitedOld.id);
  sql.prepare('update users set deleted_at = ? where id = ?').run('2026-11-01T00:00:00.000Z', gone.id);

  const admin = await signedIn(app, o.admin.email);
  const member = await signedIn(app, o.member.email);
  const today = todayIn();
  for (const [path, minutes] of [
    ['/home/dashboard', 1],
    ['/home/dashboard', 10],
    ['/goals/my-goals/$id', 1],
  ] as const) {
    await member.gql('mutation($p: String!, $m: Int!) { recordEngagement(path: $p, minutes: $m) }', { p: path, m: minutes });
  }
  await admin.gql('mutation { recordEngagement(path: "/home/dashboard", minutes: 1) }');
  // An event 40 days old is outside the 30-day window.
  sql
    .prepare("insert into engagement_events (id, organization_id, user_id, path, minutes, created_at) values ('old', ?, ?, '/notes/my-notes', 1, ?)")
    .run(o.org.id, o.member.id, addDays(Date.now(), -40).toISOString());

  const res = await admin.gql(DASHBOARD);
  expect(res.errors).toBeUndefined();
  const d = res.data!.adminDashboard;
  expect(d.headcount).toEqual({ active: 4, invited: 2, deactivated: 1 });
  expect(d.pending_invitations.count).toBe(2);
  expect(d.pending_invitations.oldest.map((p: { email: string }) => p.email)).toEqual(['old-invite@metric.example', 'new-invite@metric.example']);
  expect(d.recent_sign_ins.map((p: { email: string }) => p.email).sort()).toEqual([o.admin.email, o.member.email].sort());
  expect(d.engagement_by_day).toHaveLength(30);
  expect(d.engagement_by_day.at(-1)).toEqual({ day: today, events: 4 });
  expect(d.engagement_by_day.reduce((s: number, x: { events: number }) => s + x.events, 0)).toBe(4);
  expect(d.top_pages).toEqual([
    { path: '/home/dashboard', events: 3, people: 2 },
    { path: '/goals/my-goals/$id', events: 1, people: 1 },
  ]);
});

it('is for admins only', async () => {
  const o = await seedOrg(app, 'Guarded');
  expect(codeOf(await (await signedIn(app, o.manager.email)).gql(DASHBOARD))).toBe('FORBIDDEN');
});

it('lists the last days in UTC, oldest first', () => {
  expect(lastDays(new Date('2026-03-02T23:59:00Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
});
