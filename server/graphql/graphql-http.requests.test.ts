/**
 * GraphQL over HTTP: batched requests, variables and malformed bodies, and operations that
 * belong elsewhere (docs/protocols.md, security bar 27 and 32).
 */
import { describe, expect, it } from 'vitest';
import { gql } from '../test/helpers.js';
import { MAX_BATCH } from './graphql.plugin.js';
import { bodyOf, useGraphqlHttpApp, type Body } from './graphql-http.test-support.js';

const t = useGraphqlHttpApp();
const { post } = t;

describe('27. array batching', () => {
  it(`200 operations → 400; more than ${MAX_BATCH} → 400; an empty batch → 400`, async () => {
    for (const n of [200, MAX_BATCH + 1, 0]) {
      const res = await post(Array.from({ length: n }, () => ({ query: '{ findOneUser { id } }' })));
      expect(res.statusCode, String(n)).toBe(400);
      expect(Array.isArray(res.json())).toBe(false);
    }
  });

  it('3 operations → 3 results in order, each with its own errors', async () => {
    const res = await post([
      { query: '{ findOneUser { id } }' },
      { query: 'query Two($id: ID!) { fullProfile(id: $id) { email } }', variables: { id: t.org.admin.id }, operationName: 'Two' },
      { query: '{ nope }' },
    ]);
    expect(res.statusCode).toBe(200);
    const results = res.json() as Body[];
    expect(results).toHaveLength(3);
    expect(results[0]).toEqual({ data: { findOneUser: { id: t.org.member.id } } });
    expect(results[1]).toEqual({ data: { fullProfile: { email: t.org.admin.email } } });
    expect(results[2]!.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it(`${MAX_BATCH} operations are accepted`, async () => {
    const res = await post(Array.from({ length: MAX_BATCH }, () => ({ query: '{ findOneUser { id } }' })));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(MAX_BATCH);
  });
});

describe('32. injection through variables', () => {
  it('{"$gt": ""} for ID! → BAD_USER_INPUT coercion error, nothing runs', async () => {
    const res = await post({ query: 'query($id: ID!) { fullProfile(id: $id) { id email } }', variables: { id: { $gt: '' } } });
    expect(res.statusCode).toBe(400);
    const body = bodyOf(res);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.message).toMatch(/^Variable "\$id" got invalid value/);
  });

  it.each([
    [{ id: ['a', 'b'] }, 'list for ID!'],
    [{ id: null }, 'null for ID!'],
    [{}, 'missing ID!'],
    [{ id: 1.5 }, 'float for ID!'],
  ])('%j (%s) → BAD_USER_INPUT', async (variables, _label) => {
    const res = await post({ query: 'query($id: ID!) { fullProfile(id: $id) { id } }', variables });
    expect(res.statusCode).toBe(400);
    expect(bodyOf(res).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('malformed request bodies → 400 BAD_USER_INPUT, never 500', async () => {
    for (const payload of [{}, { query: 42 }, { query: '' }, { query: '{ findOneUser { id } }', variables: 'x' }, { query: '{ findOneUser { id } }', variables: [1] }, 'str', 7, null]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const invalidJson = await post('{"query": ', {}, true);
    expect(invalidJson.statusCode).toBe(400);
    const proto = await post('{"query": "{ findOneUser { id } }", "__proto__": {"x": 1}}', {}, true);
    expect(proto.statusCode).toBeLessThan(500);
  });
});

describe('operations that belong elsewhere', () => {
  it('refuses a subscription sent over POST', async () => {
    const res = await gql(t.app, null, 'subscription { userUpdated { id } }');
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.message).toContain('websocket');
  });
});
