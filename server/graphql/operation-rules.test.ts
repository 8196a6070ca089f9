/**
 * The rules are enforced, not only listed (docs/decisions/0041): before any resolver runs, no token
 * answers UNAUTHENTICATED, a non-admin calling an ADMIN operation FORBIDDEN, and an operation whose
 * feature declared no rule FORBIDDEN for everybody (fail closed), REST routes likewise.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeOf, createTestApp, gql, seedOrg, signedIn } from '../test/helpers.js';
import { declareOperationRules } from './operation-rules.js';

let app: FastifyInstance;
let calls = 0;
let member: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp(
    {},
    {
      beforeReady: async (scratch) => {
        await scratch.register(async (feature) => {
          feature.graphql.extendSchema('extend type Query { scratchAdminCount: Int! scratchUndeclared: Int! }');
          // A resolver that checks nothing itself: only the rule stands between callers and it.
          feature.graphql.defineResolvers({ Query: { scratchAdminCount: () => ++calls, scratchUndeclared: () => ++calls } } as never);
          declareOperationRules(feature, { Query: { scratchAdminCount: 'ADMIN' } });
          feature.get('/api/scratch-admin', { config: { rule: 'ADMIN' } }, async () => ({ calls: ++calls }));
        });
      },
    },
  );
  const org = await seedOrg(app);
  member = await signedIn(app, org.member.email);
  admin = await signedIn(app, org.admin.email);
});
afterAll(async () => {
  await app.close();
});

it('answers by the declared rule before the resolver runs', async () => {
  expect(codeOf(await gql(app, null, '{ scratchAdminCount }'))).toBe('UNAUTHENTICATED');
  expect(codeOf(await member.gql('{ scratchAdminCount }'))).toBe('FORBIDDEN');
  expect(calls).toBe(0);
  expect((await admin.gql('{ scratchAdminCount }')).data).toEqual({ scratchAdminCount: 1 });
});

it('refuses an operation without a rule to everybody, admins included', async () => {
  for (const caller of [member, admin]) {
    const res = await caller.gql('{ scratchUndeclared }');
    expect(codeOf(res)).toBe('FORBIDDEN');
    expect(res.errors![0]!.message).toBe('Query.scratchUndeclared declares no rule of who may call it (operation-rules.ts).');
  }
  expect(calls).toBe(1);
});

it("checks a REST route's rule from its config", async () => {
  const get = (token?: string) => app.inject({ method: 'GET', url: '/api/scratch-admin', headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect((await get()).statusCode).toBe(401);
  expect((await get(member.token)).json()).toEqual({ error: 'FORBIDDEN', message: 'Only an admin can do this.' });
  expect((await get(admin.token)).json()).toEqual({ calls: 2 });
});
