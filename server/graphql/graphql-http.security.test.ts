/**
 * GraphQL over HTTP: error masking, CSRF and authorization (docs/protocols.md, security bar 28-30).
 */
import { describe, expect, it } from 'vitest';
import { captureLogs, codeOf, createTestApp, gql, seedOrg, signedIn } from '../test/helpers.js';
import { bodyOf, useGraphqlHttpApp } from './graphql-http.test-support.js';

const t = useGraphqlHttpApp();

describe('28. error masking', () => {
  it('a resolver failing inside the database → "Internal server error" with a requestId; details only in the log', async () => {
    const broken = await createTestApp({ LOG_LEVEL: 'info' });
    try {
      const { member } = await seedOrg(broken, 'Broken');
      const { token: brokenToken } = await signedIn(broken, member.email);
      const logs = captureLogs(broken);
      broken.services.db.$client.exec('DROP TABLE notifications');
      const ask = () =>
        broken.inject({
          method: 'POST',
          url: '/graphql',
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

      const entry = logs.lines
        .map((l) => JSON.parse(l) as Record<string, any>)
        .find((l) => l.reqId === error!.extensions!.requestId && /no such table: notifications/.test(JSON.stringify(l.err ?? '')));
      expect(entry, 'details are logged with the request id').toBeDefined();
    } finally {
      await broken.close();
    }
  });

  it('client errors keep their own message and code', async () => {
    const res = await gql(t.app, null, '{ findOneUser { id } }');
    expect(res.errors?.[0]).toMatchObject({ message: expect.any(String), extensions: { code: 'UNAUTHENTICATED' } });
  });
});

describe('29. CSRF on /graphql', () => {
  const mutation = 'mutation { updateMe(input: { full_name: "Pwned Name" }) { user { full_name } } }';
  const nameNow = () => (t.app.services.db.$client.prepare('SELECT full_name FROM users WHERE id = ?').get(t.org.member.id) as { full_name: string }).full_name;

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
    const headers: Record<string, string> = { authorization: `Bearer ${t.token}` };
    if (contentType) headers['content-type'] = contentType;
    const res = await t.app.inject({ method: 'POST', url: '/graphql', headers, payload });
    expect(res.statusCode).toBe(415);
    expect(nameNow()).toBe(before);
    expect(nameNow()).not.toBe('Pwned Name');
  });

  it('a session cookie alone does not authenticate GraphQL (Bearer only)', async () => {
    const { browser } = await signedIn(t.app, t.org.member.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', cookie: browser.cookieHeader() },
      payload: JSON.stringify({ query: mutation }),
    });
    expect(codeOf({ status: res.statusCode, data: null, errors: bodyOf(res).errors as never })).toBe('UNAUTHENTICATED');
    expect(nameNow()).not.toBe('Pwned Name');
  });

  it('GET /graphql with a query or a mutation → 405, nothing executes', async () => {
    const before = nameNow();
    const q = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ findOneUser { id } }')}`,
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(q.statusCode).toBe(405);
    expect(q.body).not.toContain(t.org.member.id);
    const m = await t.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(mutation)}`, headers: { authorization: `Bearer ${t.token}` } });
    expect(m.statusCode).toBe(405);
    expect(nameNow()).toBe(before);
  });
});

describe('30. authorization', () => {
  it.each([
    ['no header', {}],
    ['garbage bearer', { authorization: 'Bearer garbage' }],
    ['basic auth', { authorization: 'Basic YTpi' }],
    [
      'alg none',
      {
        authorization: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'x', org: 'y', sid: 'z' })).toString('base64url')}.`,
      },
    ],
  ] as const)('unauthenticated (%s) findOneUser → UNAUTHENTICATED, no data', async (_label, headers) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ query: '{ findOneUser { id email } }' }),
    });
    const body = bodyOf(res);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('an expired or foreign-signed access token is refused', async () => {
    const claims = JSON.parse(Buffer.from(t.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const expired = t.app.jwt.sign({
      sub: claims.sub,
      org: claims.org,
      sid: claims.sid,
      iat: Math.floor(Date.now() / 1000) - 600,
      exp: Math.floor(Date.now() / 1000) - 300,
    });
    expect(codeOf(await gql(t.app, expired, '{ findOneUser { id } }'))).toBe('UNAUTHENTICATED');
    const other = await createTestApp();
    try {
      const foreign = other.jwt.sign({ sub: claims.sub, org: claims.org, sid: claims.sid });
      expect(codeOf(await gql(t.app, foreign, '{ findOneUser { id } }'))).toBe('UNAUTHENTICATED');
    } finally {
      await other.close();
    }
    // a token whose claims were edited (user swapped) fails the signature check
    const [h, , s] = t.token.split('.');
    const swapped = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: t.org.admin.id })).toString('base64url')}.${s}`;
    expect(codeOf(await gql(t.app, swapped, '{ findOneUser { id } }'))).toBe('UNAUTHENTICATED');
  });

  it('another organization’s user is not reachable by id', async () => {
    const beta = await seedOrg(t.app, 'Beta');
    const byId = await gql(t.app, t.token, 'query($id: ID) { user(id: $id) { id email } }', { id: beta.member.id });
    expect(byId.data?.user ?? null).toBeNull();
    const full = await gql(t.app, t.token, 'query($id: ID!) { fullProfile(id: $id) { id email } }', { id: beta.member.id });
    expect(full.data).toBeNull();
    expect(codeOf(full)).toBe('NOT_FOUND');
    const many = await gql(t.app, t.token, 'query($ids: [ID!]!) { usersByIds(ids: $ids) { id } }', { ids: [beta.member.id, beta.admin.id] });
    expect(many.data?.usersByIds ?? []).toEqual([]);
  });
});
