/**
 * GraphQL variables bounded in depth and size before anything walks them (docs/decisions/0057):
 * over HTTP, alone and in a batch, and in a websocket subscribe message.
 */
import { describe, expect, it } from 'vitest';
import { GRAPHQL_MAX_VARIABLE_VALUES, GRAPHQL_MAX_VARIABLES_DEPTH } from '../../shared/limits.js';
import { graphql } from './graphql-runtime.js';
import { bodyOf, useGraphqlHttpApp } from './graphql-http.test-support.js';
import { signedIn } from '../test/helpers.js';
import { listen, openRaw, USER_UPDATED } from './subscriptions.test-support.js';
import { variablesProblem } from './variables-limits.js';

const t = useGraphqlHttpApp();

/** JSON text of a value `levels` objects deep (built as text: JSON.stringify would overflow too). */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const operation = (variablesJson: string) => `{"query":"query Q($x: String) { findOneUser { id } }","variables":{"x":${variablesJson}}}`;

describe('variables limits over HTTP', () => {
  it.each([2_000, 5_000, 50_000])('variables %i levels deep answer 400 VARIABLES_TOO_DEEP, alone and in a batch', async (levels) => {
    const single = await t.post(operation(nested(levels)), {}, true);
    expect(single.statusCode).toBe(400);
    expect(bodyOf(single).errors?.[0]?.extensions?.code).toBe('VARIABLES_TOO_DEEP');
    expect(bodyOf(single).errors?.[0]?.message).toMatch(`nested more than ${GRAPHQL_MAX_VARIABLES_DEPTH} levels`);

    const batch = await t.post(`[{"query":"{ findOneUser { id } }"},${operation(nested(levels))}]`, {}, true);
    expect(batch.statusCode).toBe(400);
    expect(bodyOf(batch).errors?.[0]?.extensions?.code).toBe('VARIABLES_TOO_DEEP');
  });

  it('variables with more values than the limit answer 400 VARIABLES_TOO_LARGE', async () => {
    const many = `[${Array.from({ length: GRAPHQL_MAX_VARIABLE_VALUES + 1 }, () => '0').join(',')}]`;
    const res = await t.post(operation(many), {}, true);
    expect(res.statusCode).toBe(400);
    expect(bodyOf(res).errors?.[0]?.extensions?.code).toBe('VARIABLES_TOO_LARGE');
  });

  it('variables at the limits still reach validation (the unused variable is its answer)', async () => {
    const res = await t.post(operation(nested(GRAPHQL_MAX_VARIABLES_DEPTH - 1)), {}, true);
    expect(res.statusCode).toBe(400);
    expect(bodyOf(res).errors?.[0]?.message).toMatch(/Variable "\$x" is never used/);
    const ok = await t.post({
      query: 'query Q($with: Boolean!) { findOneUser { id @include(if: $with) } }',
      variables: { with: true, extra: JSON.parse(nested(GRAPHQL_MAX_VARIABLES_DEPTH - 1)) },
    });
    expect(ok.statusCode).toBe(200);
    expect(bodyOf(ok).errors).toBeUndefined();
  });

  it('the deepest input the schema takes fits within the depth limit', () => {
    // Levels of objects and lists an input argument can take, as variablesProblem counts them.
    const seen = new Map<string, number>();
    const depthOf = (type: import('graphql').GraphQLInputType, trail: Set<string>): number => {
      const named = graphql.getNamedType(type);
      let lists = 0;
      for (let of: import('graphql').GraphQLType = type; 'ofType' in of && of.ofType; of = of.ofType as import('graphql').GraphQLType)
        if (graphql.isListType(of)) lists++;
      if (!graphql.isInputObjectType(named)) return lists;
      if (trail.has(named.name)) throw new Error(`${named.name} is recursive: the depth limit would decide how deep it may go`);
      const known = seen.get(named.name);
      const inner = known ?? Math.max(0, ...Object.values(named.getFields()).map((f) => depthOf(f.type, new Set([...trail, named.name]))));
      seen.set(named.name, inner);
      return lists + 1 + inner;
    };
    let deepest = 0;
    for (const root of [t.app.graphql.schema.getQueryType(), t.app.graphql.schema.getMutationType(), t.app.graphql.schema.getSubscriptionType()]) {
      for (const field of Object.values(root?.getFields() ?? {})) for (const arg of field.args) deepest = Math.max(deepest, 1 + depthOf(arg.type, new Set()));
    }
    expect(deepest).toBeGreaterThan(2);
    expect(deepest).toBeLessThan(GRAPHQL_MAX_VARIABLES_DEPTH);
    expect(variablesProblem(JSON.parse(`{"x":${nested(deepest - 1)}}`))).toBeNull();
  });
});

describe('variables limits over the websocket', () => {
  it('a subscribe message with variables nested too deep gets an error message with the code; the socket stays open', async () => {
    const url = await listen(t.app);
    const me = await signedIn(t.app, t.org.member.email);
    const raw = await openRaw(url);
    await raw.init(me.token);
    raw.send(`{"type":"subscribe","id":"deep","payload":{"query":${JSON.stringify(USER_UPDATED)},"variables":{"x":${nested(5_000)}}}}`);
    const error = await raw.waitFor((m) => m.type === 'error' && m.id === 'deep', 10_000);
    expect((error.payload as Array<{ extensions?: { code?: string } }>)[0]?.extensions?.code).toBe('VARIABLES_TOO_DEEP');
    raw.subscribe('fine', USER_UPDATED);
    raw.send({ type: 'ping' });
    await raw.waitFor((m) => m.type === 'pong');
    expect(raw.messages.some((m) => m.type === 'error' && m.id === 'fine')).toBe(false);
    raw.close();
  });
});
