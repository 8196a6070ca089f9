import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { codeOf, createTestApp, gql, seedOrg, signedIn } from '../../test/helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const RECORD = 'mutation($path: String!, $minutes: Int!) { recordEngagement(path: $path, minutes: $minutes) }';
const rows = (orgId: string) =>
  app.services.db.$client.prepare('select user_id, path, minutes from engagement_events where organization_id = ? order by rowid').all(orgId);

it('records the viewer, their organization, the route template and the minutes', async () => {
  const a = await seedOrg(app, 'Engaged');
  const b = await seedOrg(app, 'Elsewhere');
  const member = await signedIn(app, a.member.email);
  const res = await member.gql(RECORD, { path: '/profile/user-profile/$id', minutes: 10 });
  expect(res.data).toEqual({ recordEngagement: true });
  expect(rows(a.org.id)).toEqual([{ user_id: a.member.id, path: '/profile/user-profile/$id', minutes: 10 }]);
  // Org isolation: the event is nowhere in the other organization, and its admin's dashboard does not count it.
  expect(rows(b.org.id)).toEqual([]);
  const otherAdmin = await signedIn(app, b.admin.email);
  const dash = await otherAdmin.gql('{ adminDashboard { top_pages { path } engagement_by_day { events } } }');
  expect(dash.data!.adminDashboard.top_pages).toEqual([]);
  expect(dash.data!.adminDashboard.engagement_by_day.reduce((s: number, d: { events: number }) => s + d.events, 0)).toBe(0);
});

it('refuses anonymous callers, other minute values and paths that are not route paths', async () => {
  const a = await seedOrg(app, 'Strict');
  expect(codeOf(await gql(app, null, RECORD, { path: '/home/dashboard', minutes: 1 }))).toBe('UNAUTHENTICATED');
  const member = await signedIn(app, a.member.email);
  expect(codeOf(await member.gql(RECORD, { path: '/home/dashboard', minutes: 5 }))).toBe('BAD_USER_INPUT');
  expect(codeOf(await member.gql(RECORD, { path: 'https://evil.example/x', minutes: 1 }))).toBe('BAD_USER_INPUT');
  expect(codeOf(await member.gql(RECORD, { path: '/notes?q=secret', minutes: 1 }))).toBe('BAD_USER_INPUT');
  expect(codeOf(await member.gql(RECORD, { path: `/${'a'.repeat(300)}`, minutes: 1 }))).toBe('BAD_USER_INPUT');
  expect(rows(a.org.id)).toEqual([]);
});
