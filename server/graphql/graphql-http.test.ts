/**
 * GraphQL over HTTP through the real app (protocols.md section 5, tests 23-32).
 * GraphQL status codes vary by error class; each test asserts the one this server chose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { captureLogs, codeOf, createTestApp, gql, seedOrg, signedIn } from '../test/helpers.js';
import { QUERY_LIMITS } from './validation-rules.js';
import { GRAPHQL_BODY_LIMIT, MAX_BATCH, MAX_TOKENS } from './graphql.plugin.js';

type Body = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };

let app: FastifyInstance;
let org: Awaited<ReturnType<typeof seedOrg>>;
let token: string;

function post(payload: unknown, headers: Record<string, string> = {}, raw = false): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST', url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    payload: raw ? (payload as string) : JSON.stringify(payload),
  });
}
const bodyOf = (res: LightMyRequestResponse) => res.json() as Body;
const messages = (res: LightMyRequestResponse) => (bodyOf(res).errors ?? []).map((e) => e.message).join('\n');

beforeAll(async () => {
  app = await createTestApp();
  org = await seedOrg(app);
  token = (await signedIn(app, org.member.email)).token;
});
afterAll(async () => {
  await app.close();
});

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
    expect(bodyOf(res).data).toEqual({ __typename: 'Query', findOneUser: { __typename: 'User', id: org.member.id } });
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
    const res = await app.inject({ method: 'GET', url });
    // 404, or (with a client build present) the SPA shell that any unknown page path gets
    if (res.statusCode !== 404) {
      const page = await app.inject({ method: 'GET', url: '/surely-not-a-page-xyz' });
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

/** `{ findOneUser { manager { ... { id } } } }`, `depth` levels deep as validation-rules.ts counts. */
function directQuery(depth: number): string {
  let inner = '{ id }';
  for (let i = 0; i < depth - 1; i++) inner = `{ manager ${inner} }`;
  return `{ findOneUser ${inner} }`;
}

/** The same depth through chained named fragments, alternating User.team -> Team.users. */
function fragmentQuery(depth: number): string {
  // findOneUser counts 1; each fragment hop adds one level.
  const frags: string[] = [];
  let onType = 'User';
  for (let i = 1; i < depth; i++) {
    const field = onType === 'User' ? (i % 3 === 0 ? 'manager' : 'team') : 'users';
    const next = field === 'team' ? 'Team' : 'User';
    frags.push(`fragment F${i} on ${onType} { id ${field} { ...F${i + 1} } }`);
    onType = next;
  }
  frags.push(`fragment F${depth} on ${onType} { id }`);
  return `query Deep { findOneUser { ...F1 } }\n${frags.join('\n')}`;
}

describe('25. depth limit, direct and through fragments', () => {
  const max = QUERY_LIMITS.maxDepth;

  it(`a query ${max} levels deep runs; ${max + 1} levels is rejected`, async () => {
    const ok = await post({ query: directQuery(max) });
    expect(ok.statusCode).toBe(200);
    expect(bodyOf(ok).errors).toBeUndefined();

    const deep = await post({ query: directQuery(max + 1) });
    expect(deep.statusCode).toBe(400);
    expect(bodyOf(deep).data ?? null).toBeNull();
    expect(bodyOf(deep).errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(messages(deep)).toMatch(new RegExp(`nested ${max + 1} levels deep; the limit is ${max}`));
  });

  it('the same depth through chained named fragments is rejected too', async () => {
    const ok = await post({ query: fragmentQuery(max) });
    expect(ok.statusCode).toBe(200);
    expect(bodyOf(ok).errors).toBeUndefined();

    const deep = await post({ query: fragmentQuery(max + 1) });
    expect(deep.statusCode).toBe(400);
    expect(messages(deep)).toMatch(new RegExp(`nested ${max + 1} levels deep`));

    // inline fragments do not hide depth either
    const inline = directQuery(max + 1).replace('{ findOneUser {', '{ findOneUser { ... on User {').replace(/}$/, '} }');
    const res = await post({ query: inline });
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toMatch(/levels deep/);
  });

  it('the mix from the brief (manager/manager/team/users/...) one level over is rejected', async () => {
    const path = ['manager', 'manager', 'team', 'users', 'manager', 'team', 'users', 'manager', 'team', 'users'];
    const build = (levels: number) => {
      let q = '{ id }';
      for (const field of path.slice(0, levels - 1).reverse()) q = `{ ${field} ${q} }`;
      return `{ findOneUser ${q} }`;
    };
    expect((await post({ query: build(max) })).statusCode).toBe(200);
    expect((await post({ query: build(max + 1) })).statusCode).toBe(400);
  });
});

describe('26. alias and field amplification', () => {
  it('500 aliases are rejected; the alias limit is exact', async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: findOneUser { id }`).join(' ')} }`;
    const many = await post({ query: aliases(500) });
    expect(many.statusCode).toBe(400);
    expect(messages(many)).toMatch(/aliases; the limit is/);
    expect(res200(await post({ query: aliases(QUERY_LIMITS.maxAliases) }))).toBe(true);
    expect((await post({ query: aliases(QUERY_LIMITS.maxAliases + 1) })).statusCode).toBe(400);
  });

  it('aliases and fields multiplied through fragments are counted', async () => {
    const aliasFrag = `{ findOneUser { ...A ...A } } fragment A on User { ${Array.from({ length: 20 }, (_, i) => `x${i}: id`).join(' ')} }`;
    const a = await post({ query: aliasFrag });
    expect(a.statusCode).toBe(400);
    expect(messages(a)).toMatch(/40 aliases/);

    const fields = 'id email full_name role location bio time_zone phone_number status created_at';
    const fan = ['fragment F0 on User { ' + fields + ' }', ...[1, 2, 3, 4].map((i) => `fragment F${i} on User { ...F${i - 1} ...F${i - 1} ...F${i - 1} ...F${i - 1} }`)];
    const f = await post({ query: `{ findOneUser { ...F4 } }\n${fan.join('\n')}` });
    expect(f.statusCode).toBe(400);
    expect(messages(f)).toMatch(new RegExp(`more than ${QUERY_LIMITS.maxFields} fields`));
  });

  it('an exponential fragment fan-out is refused quickly', async () => {
    const n = 40;
    const frags = Array.from({ length: n }, (_, i) => `fragment G${i} on User { ...G${i + 1} ...G${i + 1} }`);
    frags.push(`fragment G${n} on User { id }`);
    const started = Date.now();
    const res = await post({ query: `{ findOneUser { ...G0 } }\n${frags.join('\n')}` });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toMatch(/fields/);
  });
});

function res200(res: LightMyRequestResponse): boolean {
  return res.statusCode === 200 && bodyOf(res).errors === undefined;
}

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
      { query: 'query Two($id: ID!) { fullProfile(id: $id) { email } }', variables: { id: org.admin.id }, operationName: 'Two' },
      { query: '{ nope }' },
    ]);
    expect(res.statusCode).toBe(200);
    const results = res.json() as Body[];
    expect(results).toHaveLength(3);
    expect(results[0]).toEqual({ data: { findOneUser: { id: org.member.id } } });
    expect(results[1]).toEqual({ data: { fullProfile: { email: org.admin.email } } });
    expect(results[2]!.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it(`${MAX_BATCH} operations are accepted`, async () => {
    const res = await post(Array.from({ length: MAX_BATCH }, () => ({ query: '{ findOneUser { id } }' })));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(MAX_BATCH);
  });
});

describe('28. error masking', () => {
  it('a resolver failing inside the database → "Internal server error" with a requestId; details only in the log', async () => {
    const broken = await createTestApp({ LOG_LEVEL: 'info' });
    try {
      const { member } = await seedOrg(broken, 'Broken');
      const { token: brokenToken } = await signedIn(broken, member.email);
      const logs = captureLogs(broken);
      broken.services.db.$client.exec('DROP TABLE notifications');
      const ask = () => broken.inject({
        method: 'POST', url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${brokenToken}` },
        payload: JSON.stringify({ query: '{ findOneUser { id } notifications { id title } }' }),
      });
      // the 2nd and 3rd runs take the compiled (JIT) path when it is enabled; masking must hold there too
      for (let i = 0; i < 2; i++) {
        const again = await ask();
        expect(bodyOf(again).errors?.[0]?.message).toBe('Internal server error');
        expect(again.body).not.toMatch(/no such table|select /i);
      }
      const res = await ask();
      expect(res.statusCode).toBe(200);
      const body = bodyOf(res);
      expect(body.data).toBeNull(); // notifications is non-null, so the whole data nulls out
      expect(body.errors).toHaveLength(1);
      const [error] = body.errors!;
      expect(error!.message).toBe('Internal server error');
      expect(error!.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(res.body).not.toMatch(/select |from "|no such table|sqlite|stack|\bat \w+ \(|\.ts:\d+/i);

      const entry = logs.lines.map((l) => JSON.parse(l) as Record<string, any>)
        .find((l) => l.reqId === error!.extensions!.requestId && /no such table: notifications/.test(JSON.stringify(l.err ?? '')));
      expect(entry, 'details are logged with the request id').toBeDefined();
    } finally {
      await broken.close();
    }
  });

  it('client errors keep their own message and code', async () => {
    const res = await gql(app, null, '{ findOneUser { id } }');
    expect(res.errors?.[0]).toMatchObject({ message: expect.any(String), extensions: { code: 'UNAUTHENTICATED' } });
  });
});

describe('29. CSRF on /graphql', () => {
  const mutation = 'mutation { updateMe(input: { full_name: "Pwned Name" }) { user { full_name } } }';
  const nameNow = () => (app.services.db.$client.prepare('SELECT full_name FROM users WHERE id = ?').get(org.member.id) as { full_name: string }).full_name;

  it.each([
    ['text/plain', JSON.stringify({ query: mutation })],
    ['text/plain;charset=UTF-8', JSON.stringify({ query: mutation })],
    ['application/x-www-form-urlencoded', new URLSearchParams({ query: mutation }).toString()],
    ['multipart/form-data; boundary=XyZ', `--XyZ\r\nContent-Disposition: form-data; name="query"\r\n\r\n${mutation}\r\n--XyZ--\r\n`],
    ['application/graphql', mutation],
    ['application/jsonp', JSON.stringify({ query: mutation })],
    ['', JSON.stringify({ query: mutation })],
  ])('%j POST → 415 and no side effect', async (contentType, payload) => {
    const before = nameNow();
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (contentType) headers['content-type'] = contentType;
    const res = await app.inject({ method: 'POST', url: '/graphql', headers, payload });
    expect(res.statusCode).toBe(415);
    expect(nameNow()).toBe(before);
    expect(nameNow()).not.toBe('Pwned Name');
  });

  it('a session cookie alone does not authenticate GraphQL (Bearer only)', async () => {
    const { browser } = await signedIn(app, org.member.email);
    const res = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', cookie: browser.cookieHeader() }, payload: JSON.stringify({ query: mutation }) });
    expect(codeOf({ status: res.statusCode, data: null, errors: bodyOf(res).errors as never })).toBe('UNAUTHENTICATED');
    expect(nameNow()).not.toBe('Pwned Name');
  });

  it('GET /graphql with a query or a mutation → 405, nothing executes', async () => {
    const before = nameNow();
    const q = await app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent('{ findOneUser { id } }')}`, headers: { authorization: `Bearer ${token}` } });
    expect(q.statusCode).toBe(405);
    expect(q.body).not.toContain(org.member.id);
    const m = await app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(mutation)}`, headers: { authorization: `Bearer ${token}` } });
    expect(m.statusCode).toBe(405);
    expect(nameNow()).toBe(before);
  });
});

describe('30. authorization', () => {
  it.each([
    ['no header', {}],
    ['garbage bearer', { authorization: 'Bearer garbage' }],
    ['basic auth', { authorization: 'Basic YTpi' }],
    ['alg none', { authorization: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'x', org: 'y', sid: 'z' })).toString('base64url')}.` }],
  ] as const)('unauthenticated (%s) findOneUser → UNAUTHENTICATED, no data', async (_label, headers) => {
    const res = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ query: '{ findOneUser { id email } }' }) });
    const body = bodyOf(res);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('an expired or foreign-signed access token is refused', async () => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const expired = app.jwt.sign({ sub: claims.sub, org: claims.org, sid: claims.sid, iat: Math.floor(Date.now() / 1000) - 600, exp: Math.floor(Date.now() / 1000) - 300 });
    expect(codeOf(await gql(app, expired, '{ findOneUser { id } }'))).toBe('UNAUTHENTICATED');
    const other = await createTestApp();
    try {
      const foreign = other.jwt.sign({ sub: claims.sub, org: claims.org, sid: claims.sid });
      expect(codeOf(await gql(app, foreign, '{ findOneUser { id } }'))).toBe('UNAUTHENTICATED');
    } finally {
      await other.close();
    }
    // a token whose claims were edited (user swapped) fails the signature check
    const [h, , s] = token.split('.');
    const swapped = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: org.admin.id })).toString('base64url')}.${s}`;
    expect(codeOf(await gql(app, swapped, '{ findOneUser { id } }'))).toBe('UNAUTHENTICATED');
  });

  it('another organization’s user is not reachable by id', async () => {
    const beta = await seedOrg(app, 'Beta');
    const byId = await gql(app, token, 'query($id: ID) { user(id: $id) { id email } }', { id: beta.member.id });
    expect(byId.data?.user ?? null).toBeNull();
    const full = await gql(app, token, 'query($id: ID!) { fullProfile(id: $id) { id email } }', { id: beta.member.id });
    expect(full.data).toBeNull();
    expect(codeOf(full)).toBe('NOT_FOUND');
    const many = await gql(app, token, 'query($ids: [ID!]!) { usersByIds(ids: $ids) { id } }', { ids: [beta.member.id, beta.admin.id] });
    expect(many.data?.usersByIds ?? []).toEqual([]);
  });
});

describe('31. oversized documents', () => {
  it('a 2 MB body → 413', async () => {
    const big = JSON.stringify({ query: `{ findOneUser { id } } # ${'x'.repeat(2 * 1024 * 1024)}` });
    expect(big.length).toBeGreaterThan(GRAPHQL_BODY_LIMIT);
    const res = await post(big, {}, true);
    expect(res.statusCode).toBe(413);
    expect(res.body).not.toMatch(/stack/);
  });

  it('a 100,000-token document is rejected by the token limit, quickly', async () => {
    const query = `{ findOneUser { ${'id '.repeat(100_000)} } }`;
    expect(query.length).toBeLessThan(GRAPHQL_BODY_LIMIT);
    const started = Date.now();
    const res = await post({ query });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toMatch(new RegExp(`more that ${MAX_TOKENS} tokens|${MAX_TOKENS} tokens`));
    // and other requests are unaffected
    expect(res200(await post({ query: '{ findOneUser { id } }' }))).toBe(true);
  });

  it('a document sent as a JSON AST string does not skip the GraphQL parser and its token limit', async () => {
    const { graphql } = await import('./graphql-runtime.js');
    const ast = graphql.parse('{ findOneUser { id } }', { noLocation: true });
    const res = await post({ query: JSON.stringify(ast) });
    expect(res.statusCode).toBe(400);
    expect(bodyOf(res).data ?? null).toBeNull();
    expect(bodyOf(res).errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    for (const query of ['null', '1', '"x"', '[]', '{}', 'true']) {
      const r = await post({ query });
      expect(r.statusCode, query).toBe(400);
      expect(bodyOf(r).errors?.[0]?.extensions?.code, query).toBe('GRAPHQL_VALIDATION_FAILED');
    }
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
    const res = await gql(app, null, 'subscription { userUpdated { id } }');
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.message).toContain('websocket');
  });
});
