import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, seedOrg, signedIn } from '../../test/helpers.js';

let app: FastifyInstance;
beforeAll(async () => { app = await createTestApp(); });
afterAll(async () => { await app.close(); });

it('signs in and answers findOneUser', async () => {
  const { admin } = await seedOrg(app);
  const { gql } = await signedIn(app, admin.email);
  const res = await gql('{ findOneUser { id email full_name team { name } manager { id } } organizationUsers { id email team { name users { id } } } }');
  expect(res.errors).toBeUndefined();
  expect(res.data?.findOneUser.email).toBe(admin.email);
  expect(res.data?.organizationUsers).toHaveLength(4);
});
