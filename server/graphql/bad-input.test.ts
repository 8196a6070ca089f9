/**
 * Every query and mutation, called by an admin with well-typed nonsense (unknown ids, 10,000-character
 * strings, negative numbers, empty lists): each answers with a clear error code or a result, never
 * INTERNAL_SERVER_ERROR, and the database is still readable afterwards.
 */
import type { GraphQLArgument, GraphQLField, GraphQLObjectType } from 'graphql';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, seedOrg, signedIn } from '../test/helpers.js';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedIn>>;
let member: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  const org = await seedOrg(app);
  admin = await signedIn(app, org.admin.email);
  member = await signedIn(app, org.member.email);
});
afterAll(async () => { await app.close(); });

/** Operations that end the caller's session or organization: called last, once. */
const ENDING = ['signOutEverywhere', 'removeLoggedUser', 'closeAccount'];

const CLEAR_CODES = new Set(['BAD_USER_INPUT', 'NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'UNAUTHENTICATED', 'RATE_LIMITED']);

type Variant = 'garbage' | 'empty';
type Named = { name: string; getValues?: () => Array<{ value: unknown }>; getFields?: () => Record<string, { name: string; type: { toString(): string } }> };

/**
 * A value for a type written as in SDL ("[ReviewAnswerInput!]!"). Types are read by shape, not with
 * graphql's isX helpers: Mercurius may load its own copy of graphql.
 */
function valueFor(type: string, variant: Variant, depth = 0): unknown {
  const t = type.endsWith('!') ? type.slice(0, -1) : type;
  if (t.startsWith('[')) return variant === 'empty' ? [] : [valueFor(t.slice(1, -1), variant, depth + 1)];
  const named = app.graphql.schema.getType(t) as unknown as Named;
  if (named.getValues) return named.getValues()[0]!.value;
  if (named.getFields) {
    if (depth > 4) return {};
    return Object.fromEntries(Object.values(named.getFields()).map((f) => [f.name, valueFor(f.type.toString(), variant, depth + 1)]));
  }
  switch (named.name) {
    case 'Int': return variant === 'garbage' ? -2147483648 : 0;
    case 'Float': return variant === 'garbage' ? -1e300 : 0;
    case 'Boolean': return true;
    case 'ID': return variant === 'garbage' ? '00000000-0000-0000-0000-000000000000' : '';
    default: return variant === 'garbage' ? 'x'.repeat(10_000) : '';
  }
}

/** The smallest selection that is valid for the field's type: __typename. */
function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const args = field.args as readonly GraphQLArgument[];
  const defs = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  const named = app.graphql.schema.getType(field.type.toString().replace(/[[\]!]/g, '')) as unknown as Named;
  const selection = named.getFields ? ' { __typename }' : '';
  return `${kind}${defs ? `(${defs})` : ''} { ${field.name}${call}${selection} }`;
}

function rootFields(kind: 'query' | 'mutation'): GraphQLField<unknown, unknown>[] {
  const type = (kind === 'query' ? app.graphql.schema.getQueryType() : app.graphql.schema.getMutationType()) as GraphQLObjectType;
  return Object.values(type.getFields());
}

it('no query or mutation answers INTERNAL_SERVER_ERROR to well-typed nonsense, for an admin or a member', async () => {
  const failures: string[] = [];
  let calls = 0;
  for (const caller of [member, admin]) {
    for (const kind of ['query', 'mutation'] as const) {
      for (const field of rootFields(kind).filter((f) => !ENDING.includes(f.name))) {
        for (const variant of ['garbage', 'empty'] as const) {
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
      const res = await caller.gql(operationFor('mutation', field), Object.fromEntries(field.args.map((a) => [a.name, valueFor(a.type.toString(), 'garbage')])));
      calls += 1;
      if (res.status >= 500 || (res.errors ?? []).some((e) => !CLEAR_CODES.has(e.extensions?.code ?? 'none'))) failures.push(`mutation ${name}: ${res.status} ${JSON.stringify(res.errors)}`);
    }
  }
  expect(failures).toEqual([]);
  expect(calls).toBeGreaterThan(400);
}, 120_000);
