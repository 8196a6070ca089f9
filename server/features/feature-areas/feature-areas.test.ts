import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { FEATURE_AREAS } from '../../../shared/feature-areas.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const READ = '{ featureAreas { area label enabled } }';
const SET = 'mutation($changes: [FeatureAreaChange!]!) { setFeatureAreas(changes: $changes) { area enabled updated_at } }';
const off = (list: Array<{ area: string; enabled: boolean }>) => list.filter((a) => !a.enabled).map((a) => a.area);

it('every area starts on; an admin switches areas and every member of that organization only sees it', async () => {
  const a = await seedOrg(app, 'Switchy');
  const b = await seedOrg(app, 'Untouched');
  const member = await signedIn(app, a.member.email);
  const first = await member.gql(READ);
  expect(first.data!.featureAreas.map((x: { area: string }) => x.area)).toEqual([...FEATURE_AREAS]);
  expect(off(first.data!.featureAreas)).toEqual([]);
  expect(first.data!.featureAreas[0]).toEqual({ area: 'REVIEWS', label: '360 and sprint reviews', enabled: true });

  const admin = await signedIn(app, a.admin.email);
  const set = await admin.gql(SET, {
    changes: [
      { area: 'GOALS', enabled: false },
      { area: 'BILLING', enabled: false },
    ],
  });
  expect(off(set.data!.setFeatureAreas)).toEqual(['GOALS', 'BILLING']);
  expect(set.data!.setFeatureAreas.find((x: { area: string }) => x.area === 'GOALS').updated_at).toBeTruthy();

  expect(off((await member.gql('query Again { featureAreas { area enabled } }')).data!.featureAreas)).toEqual(['GOALS', 'BILLING']);
  expect(off((await (await signedIn(app, b.member.email)).gql(READ)).data!.featureAreas)).toEqual([]);

  await admin.gql(SET, { changes: [{ area: 'GOALS', enabled: true }] });
  expect(off((await member.gql('query Third { featureAreas { area enabled } }')).data!.featureAreas)).toEqual(['BILLING']);
});

it('only admins switch areas, with valid changes', async () => {
  const a = await seedOrg(app, 'Lockdown');
  const manager = await signedIn(app, a.manager.email);
  expect(codeOf(await manager.gql(SET, { changes: [{ area: 'NOTES', enabled: false }] }))).toBe('FORBIDDEN');
  const admin = await signedIn(app, a.admin.email);
  expect(codeOf(await admin.gql(SET, { changes: [] }))).toBe('BAD_USER_INPUT');
  expect(
    codeOf(
      await admin.gql(SET, {
        changes: [
          { area: 'NOTES', enabled: false },
          { area: 'NOTES', enabled: true },
        ],
      }),
    ),
  ).toBe('BAD_USER_INPUT');
  expect(codeOf(await admin.gql(SET, { changes: [{ area: 'WHATEVER', enabled: false }] }))).toBe('BAD_USER_INPUT');
  expect(off((await admin.gql(READ)).data!.featureAreas)).toEqual([]);
});

it('every area says whether it is built, and all of them are built', async () => {
  const a = await seedOrg(app, 'Planner');
  const admin = await signedIn(app, a.admin.email);
  const list = (await admin.gql('{ featureAreas { area built enabled } }')).data!.featureAreas as Array<{ area: string; built: boolean; enabled: boolean }>;
  expect(list.filter((x) => x.built).map((x) => x.area)).toEqual([
    'REVIEWS',
    'SPRINT_RETROS',
    'CONTINUOUS_FEEDBACK',
    'GOALS',
    'NOTES',
    'INSIGHTS',
    'ASSESSMENT',
    'DEVELOPMENT_PLAN',
    'TEAM_PROGRESS',
    'INTEGRATIONS',
    'CODE_HOST',
    'AI_ASSISTANT',
    'BILLING',
  ]);
  expect(list.filter((x) => !x.built)).toEqual([]);
  const set = await admin.gql(SET, {
    changes: [
      { area: 'AI_ASSISTANT', enabled: false },
      { area: 'BILLING', enabled: false },
    ],
  });
  expect(off(set.data!.setFeatureAreas)).toEqual(['AI_ASSISTANT', 'BILLING']);
});
