/**
 * GraphQL over HTTP: no introspection, IDE or field suggestions (docs/protocols.md, security bar 23-24).
 */
import { describe, expect, it } from 'vitest';
import { codeOf, createTestApp, gql } from '../test/helpers.js';
import { bodyOf, messages, useGraphqlHttpApp } from './graphql-http.test-support.js';

const t = useGraphqlHttpApp();
const { post } = t;

describe('23. introspection and IDE', () => {
  it.each([
    '{ __schema { types { name } } }',
    '{ __type(name: "User") { fields { name } } }',
    '{ findOneUser { id } __schema { queryType { name } } }',
    'query Q { ...F } fragment F on Query { __type(name: "Team") { name } }',
  ])('%s is a validation error with no schema data', async (query) => {
    for (const auth of [{}, { authorization: '' }] as Array<Record<string, string>>) {
      const res = await post({ query }, auth);
      expect(res.statusCode).toBe(400);
      const body = bodyOf(res);
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.length).toBeGreaterThan(0);
      for (const e of body.errors!) expect(e.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(res.body).not.toMatch(/"(types|fields|queryType)"\s*:/);
      expect(messages(res)).toMatch(/introspection/i);
    }
  });

  it('__typename stays available', async () => {
    const res = await post({ query: '{ __typename findOneUser { __typename id } }' });
    expect(res.statusCode).toBe(200);
    expect(bodyOf(res).data).toEqual({ __typename: 'Query', findOneUser: { __typename: 'User', id: t.org.member.id } });
  });

  it('GRAPHQL_INTROSPECTION=true allows it', async () => {
    const open = await createTestApp({ GRAPHQL_INTROSPECTION: 'true' });
    try {
      const schema = await gql(open, null, '{ __schema { types { name } } }');
      expect(schema.errors).toBeUndefined();
      expect((schema.data?.__schema.types as Array<{ name: string }>).map((t) => t.name)).toContain('User');
      const type = await gql(open, null, '{ __type(name: "User") { fields { name } } }');
      expect((type.data?.__type.fields as Array<{ name: string }>).map((f) => f.name)).toContain('email');
      // and field suggestions come back with it
      const typo = await gql(open, null, '{ findOneUsr { id } }');
      expect(typo.errors?.[0]?.message).toMatch(/Did you mean/);
    } finally {
      await open.close();
    }
  });

  it.each(['/graphiql', '/graphiql/main.js', '/playground', '/altair', '/graphql/graphiql'])('GET %s serves no GraphQL IDE', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    // 404, or (with a client build present) the SPA shell that any unknown page path gets
    if (res.statusCode !== 404) {
      const page = await t.app.inject({ method: 'GET', url: '/surely-not-a-page-xyz' });
      expect(res.statusCode).toBe(page.statusCode);
      expect(res.body).toBe(page.body);
      expect(res.body).not.toMatch(/graphiql|playground|altair|__schema/i);
    }
  });
});

describe('24. field suggestions', () => {
  it.each([
    ['{ usr }', /Cannot query field "usr"/],
    ['{ findOneUsr { id } }', /Cannot query field "findOneUsr"/],
    ['{ findOneUser { emial } }', /Cannot query field "emial"/],
    ['{ organizationUsers(statu: ACTIVE) { id } }', /Unknown argument "statu"/],
    ['{ organizationUsers(status: ACTIV) { id } }', /ACTIV/],
    ['{ findOneUser { ...F } } fragment F on Usr { id }', /Unknown type "Usr"/],
  ])('%s → no "Did you mean"', async (query, expected) => {
    const res = await post({ query });
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toMatch(expected);
    expect(res.body).not.toMatch(/Did you mean/i);
  });

  it('variable coercion errors carry no suggestions either', async () => {
    const res = await post({ query: 'query($s: ValidUserStatus) { organizationUsers(status: $s) { id } }', variables: { s: 'ACTIV' } });
    expect(res.statusCode).toBe(400);
    expect(codeOf({ status: res.statusCode, data: null, errors: bodyOf(res).errors as never })).toBe('BAD_USER_INPUT');
    expect(messages(res)).toMatch(/Variable "\$s"/);
    expect(res.body).not.toMatch(/Did you mean/i);
  });
});
