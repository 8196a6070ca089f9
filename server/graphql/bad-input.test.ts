/**
 * Every query and mutation, called by an admin with well-typed nonsense (unknown ids, 10,000-character
 * strings, negative numbers, empty lists): each answers with a clear error code or a result, never
 * INTERNAL_SERVER_ERROR, and the database is still readable afterwards.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, seedOrg, signedIn } from '../test/helpers.js';
import {
  ENDING_OPERATIONS,
  operationFor as buildOperation,
  rootFields as allRootFields,
  valueFor as valuesFor,
  type RootField,
  type Variant,
} from '../test/operations.js';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedIn>>;
let member: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  const org = await seedOrg(app);
  admin = await signedIn(app, org.admin.email);
  member = await signedIn(app, org.member.email);
});
afterAll(async () => {
  await app.close();
});

/** Operations that end the caller's session or organization: called last, once. */
const ENDING = ENDING_OPERATIONS;

const CLEAR_CODES = new Set(['BAD_USER_INPUT', 'NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'UNAUTHENTICATED', 'RATE_LIMITED']);

const schema = () => app.graphql.schema;
const valueFor = (type: string, variant: Variant) => valuesFor(schema(), type, variant);
const operationFor = (kind: 'query' | 'mutation', field: RootField) => buildOperation(schema(), kind, field);
const rootFields = (kind: 'query' | 'mutation') => allRootFields(schema(), kind);

it('no query or mutation answers INTERNAL_SERVER_ERROR to well-typed nonsense, for an admin or a member', async () => {
  const failures: string[] = [];
  let calls = 0;
  for (const caller of [member, admin]) {
    for (const kind of ['query', 'mutation'] as const) {
      for (const field of rootFields(kind).filter((f) => !ENDING.includes(f.name))) {
        for (const variant of ['garbage', 'empty'] as const satisfies Variant[]) {
          const variables = Object.fromEntries(field.args.map((a) => [a.name, valueFor(a.type.toString(), variant)]));
          const res = await caller.gql(operationFor(kind, field), variables);
          calls += 1;
          const codes = (res.errors ?? []).map((e) => e.extensions?.code ?? 'none');
          // A clear code from the product's list; GRAPHQL_VALIDATION_FAILED would mean this test built a wrong operation.
          if (res.status >= 500 || codes.some((c) => !CLEAR_CODES.has(c))) {
            failures.push(`${kind} ${field.name} (${variant}): ${res.status} ${JSON.stringify(res.errors?.map((e) => e.message))}`);
          }
        }
      }
    }
  }
  // Still healthy: an ordinary query works.
  expect((await admin.gql('{ organizationUsers { id } }')).errors).toBeUndefined();
  // Last, the operations that may end the session or the account, member first.
  const fields = new Map(rootFields('mutation').map((f) => [f.name, f]));
  for (const caller of [member, admin]) {
    for (const name of ENDING) {
      const field = fields.get(name)!;
      const res = await caller.gql(
        operationFor('mutation', field),
        Object.fromEntries(field.args.map((a) => [a.name, valueFor(a.type.toString(), 'garbage')])),
      );
      calls += 1;
      if (res.status >= 500 || (res.errors ?? []).some((e) => !CLEAR_CODES.has(e.extensions?.code ?? 'none')))
        failures.push(`mutation ${name}: ${res.status} ${JSON.stringify(res.errors)}`);
    }
  }
  expect(failures).toEqual([]);
  expect(calls).toBeGreaterThan(400);
}, 120_000);
