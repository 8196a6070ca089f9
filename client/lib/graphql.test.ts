// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { jsonResponse, refusal, stubUntypedGraphql } from '../test/graphql-stub.js';
import type * as GraphqlModule from './graphql.js';

// A module of its own for each test: a query another file of this worker asks late (a retry)
// goes to that file's queue, never into this test's batches.
let gql: typeof GraphqlModule.gql;
let GraphqlError: typeof GraphqlModule.GraphqlError;
type GraphqlError = GraphqlModule.GraphqlError;
beforeEach(async () => {
  vi.resetModules();
  ({ gql, GraphqlError } = await import('./graphql.js'));
});
afterEach(() => vi.unstubAllGlobals());

/** This file's operations (another file of the worker may still have a request on its way to the stubbed fetch). */
const OURS = /^(Alpha|Beta|Gamma|Save|Only|Q\d+)$/;

/** The bodies of this file's operations POSTed to /graphql, parsed. */
const graphqlBodies = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).endsWith('/graphql'))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown)
    .filter((body) => ([] as Array<{ operationName?: string }>).concat(body as never).every((op) => OURS.test(op.operationName ?? '')));

/** Operations of no schema (this file tests the transport): documents by cast, as graphql() would type them. */
const doc = (source: string) => source as unknown as GraphqlModule.Document<Record<string, unknown>, Record<string, unknown>>;
const query = (name: string) => doc(`query ${name} { ${name.toLowerCase()} }`);

it('sends the queries asked in one task as one batch; each answers or fails on its own', async () => {
  stubUntypedGraphql({
    Alpha: () => ({ data: { alpha: 1 } }),
    Beta: () => refusal('You cannot see this.', 'FORBIDDEN'),
    Gamma: (v) => ({ data: { gamma: v.n } }),
  });
  const [alpha, beta, gamma] = await Promise.allSettled([gql(query('Alpha')), gql(query('Beta')), gql(query('Gamma'), { n: 3 })]);
  expect(alpha).toEqual({ status: 'fulfilled', value: { alpha: 1 } });
  expect(gamma).toEqual({ status: 'fulfilled', value: { gamma: 3 } });
  const failure = (beta as PromiseRejectedResult).reason as GraphqlError;
  expect(failure).toBeInstanceOf(GraphqlError);
  expect([failure.message, failure.code]).toEqual(['You cannot see this.', 'FORBIDDEN']);

  const bodies = graphqlBodies();
  expect(bodies).toHaveLength(1);
  // Each operation of the batch carries its name, read from the document.
  expect((bodies[0] as Array<{ operationName: string; query: string; variables?: unknown }>).map((op) => [op.operationName, op.query, op.variables])).toEqual([
    ['Alpha', query('Alpha'), undefined],
    ['Beta', query('Beta'), undefined],
    ['Gamma', query('Gamma'), { n: 3 }],
  ]);
});

it('sends a mutation alone, a lone query as a plain request, and more than ten queries in batches of ten', async () => {
  stubUntypedGraphql({ Save: () => ({ data: { save: true } }) });
  await Promise.all([gql(doc('mutation Save { save }')), gql(query('Only'))]);
  const [first, second] = graphqlBodies();
  expect([first, second].map((b) => (Array.isArray(b) ? 'batch' : (b as { operationName: string }).operationName)).sort()).toEqual(['Only', 'Save']);

  vi.mocked(fetch).mockClear();
  await Promise.all(Array.from({ length: 12 }, (_, i) => gql(query(`Q${i}`))));
  expect(graphqlBodies().map((b) => (b as unknown[]).length)).toEqual([10, 2]);
});

it('fails every query of a batch the server could not answer, with a message a person can act on', async () => {
  stubUntypedGraphql({ Alpha: () => new Response('<html>Bad gateway</html>', { status: 502 }) });
  const results = await Promise.allSettled([gql(query('Alpha')), gql(query('Beta'))]);
  expect(results.map((r) => (r as PromiseRejectedResult).reason?.message)).toEqual(['The server answered 502.', 'The server answered 502.']);

  stubUntypedGraphql({ Alpha: () => jsonResponse({ errors: [{ message: 'Sign in again.', extensions: { code: 'UNAUTHENTICATED' } }] }, 401) });
  const refused = await Promise.allSettled([gql(query('Alpha')), gql(query('Beta'))]);
  expect(refused.map((r) => ((r as PromiseRejectedResult).reason as GraphqlError).code)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
});
