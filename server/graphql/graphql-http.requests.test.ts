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
    for (const payload of [
      {},
      { query: 42 },
      { query: '' },
      { query: '{ findOneUser { id } }', variables: 'x' },
      { query: '{ findOneUser { id } }', variables: [1] },
      'str',
      7,
      null,
    ]) {
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

describe('media types and statuses (answer-media.ts, docs/decisions/0072)', () => {
  const JSON_ONLY = { accept: 'application/json' };

  it('an operation that ran answers 200 with its data entry, even when a refused field left it null', async () => {
    for (const headers of [{}, JSON_ONLY]) {
      const res = await post({ query: '{ notifications(limit: -1) { id } }' }, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: null, errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
    }
  });

  it('an operation that never ran answers without a data entry: 400 in graphql-response+json, 200 in application/json', async () => {
    const neverRan = [{ query: '{' }, { query: '{ nope }' }, { query: 'query($id: ID!) { fullProfile(id: $id) { id } }', variables: { id: null } }];
    for (const payload of neverRan) {
      const modern = await post(payload);
      expect(modern.statusCode, payload.query).toBe(400);
      expect(modern.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
      expect(modern.json(), payload.query).not.toHaveProperty('data');
      const legacy = await post(payload, JSON_ONLY);
      expect(legacy.statusCode, payload.query).toBe(200);
      expect(legacy.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(legacy.json(), payload.query).not.toHaveProperty('data');
    }
  });

  it('answers in the type the client prefers, application/json when it names neither', async () => {
    const cases: Array<[string, string]> = [
      ['application/graphql-response+json, application/json', 'application/graphql-response+json'],
      ['application/json, application/graphql-response+json', 'application/json'],
      ['application/json;q=0.5, application/graphql-response+json', 'application/graphql-response+json'],
      ['application/graphql-response+json;q=0, */*', 'application/json'],
      ['text/html', 'application/json'],
    ];
    for (const [accept, type] of cases) {
      const res = await post({ query: '{ findOneUser { id } }' }, { accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type'], accept).toBe(`${type}; charset=utf-8`);
    }
  });

  it('refuses an operationName or extensions of the wrong kind with 400', async () => {
    for (const extra of [{ operationName: 7 }, { operationName: ['A'] }, { extensions: 'x' }, { extensions: [1] }]) {
      const res = await post({ query: '{ findOneUser { id } }', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await post({ query: '{ findOneUser { id } }', operationName: null, extensions: { persistedQuery: null } })).statusCode).toBe(200);
  });
});
