/**
 * GraphQL over HTTP: depth, alias, field, size and token limits (docs/protocols.md, security bar 25, 26 and 31).
 */
import { describe, expect, it } from 'vitest';
import { QUERY_LIMITS } from './validation-rules.js';
import { GRAPHQL_BODY_LIMIT, MAX_TOKENS } from './graphql.plugin.js';
import { bodyOf, messages, res200, useGraphqlHttpApp } from './graphql-http.test-support.js';

const t = useGraphqlHttpApp();
const { post } = t;

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
    const inline = directQuery(max + 1)
      .replace('{ findOneUser {', '{ findOneUser { ... on User {')
      .replace(/}$/, '} }');
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
    const fan = [
      'fragment F0 on User { ' + fields + ' }',
      ...[1, 2, 3, 4].map((i) => `fragment F${i} on User { ...F${i - 1} ...F${i - 1} ...F${i - 1} ...F${i - 1} }`),
    ];
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
