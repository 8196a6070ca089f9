/**
 * The cost limit (estimated before execution) and the time and size budgets per operation
 * (docs/decisions/0043), over HTTP and websocket, and every document the client sends.
 */
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { GraphQLFieldResolver } from 'graphql';
import { addUser, createTestApp, seedOrg, signedIn } from '../test/helpers.js';
import { graphql } from './graphql-runtime.js';
import { operationCost, ORG_PEOPLE, ORG_TEAMS, PAGE_MAX, QUERY_COST_LIMIT, TEAM_PEOPLE } from './query-cost.js';
import { clientDocuments } from './query-cost.test-support.js';
import { EXECUTION_BUDGET } from './execution-budget.js';
import { listen, openRaw } from './subscriptions.test-support.js';
import { topics } from './pubsub.js';

let app: FastifyInstance;
let url: string;
let org: Awaited<ReturnType<typeof seedOrg>>;
let member: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
const TEAM_SIZE = 121;

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
  org = await seedOrg(app);
  // The finding: 121 people in one team (the seeded report is the first).
  for (let i = 1; i < TEAM_SIZE; i++) await addUser(app, org.org.id, { full_name: `Teammate ${i}`, team_id: org.team.id });
  member = await signedIn(app, org.member.email);
  admin = await signedIn(app, org.admin.email);
});
afterAll(async () => {
  await app.close();
});

const defaults = { ...EXECUTION_BUDGET };
afterEach(() => {
  Object.assign(EXECUTION_BUDGET, defaults);
});

/** Counts calls of a root Query resolver while `run` runs. */
async function callsOf(field: string, run: () => Promise<unknown>): Promise<number> {
  const def = app.graphql.schema.getQueryType()!.getFields()[field]!;
  const original = def.resolve as GraphQLFieldResolver<unknown, unknown>;
  let calls = 0;
  def.resolve = (...args) => {
    calls++;
    return original(...args);
  };
  try {
    await run();
    return calls;
  } finally {
    def.resolve = original;
  }
}

const NESTED = 'query Nested { organizationUsers { id team { users { team { users { id full_name email } } } } } }';

describe('the cost limit, before execution', () => {
  it('the nested query of the finding is refused with QUERY_TOO_COMPLEX and no resolver runs', async () => {
    let res: Awaited<ReturnType<typeof member.gql>> | undefined;
    expect(
      await callsOf('organizationUsers', async () => {
        res = await member.gql(NESTED);
      }),
    ).toBe(0);
    expect(res!.status).toBe(400);
    expect(res!.data).toBeNull();
    expect(res!.errors).toHaveLength(1);
    expect(res!.errors![0]!.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: QUERY_COST_LIMIT });
    expect(res!.errors![0]!.message).toMatch(/Operation Nested is too expensive/);
    // the server still answers others at once
    expect((await member.gql('{ findOneUser { id } }')).errors).toBeUndefined();
  });

  it('nesting hidden in named and inline fragments counts the same', async () => {
    const viaFragments = `query Hidden { organizationUsers { ...A } }
      fragment A on User { team { ...B } } fragment B on Team { users { ... on User { team { ...B2 } } } } fragment B2 on Team { users { id } }`;
    const res = await member.gql(viaFragments);
    expect(res.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('each list multiplies by its expected size: a page argument, a literal id list, or the declared default', () => {
    const schema = app.graphql.schema;
    const cost = (source: string) => {
      const doc = graphql.parse(source);
      return operationCost(schema, doc, doc.definitions[0] as never);
    };
    expect(cost('{ findOneUser { id full_name } }')).toBe(3);
    expect(cost('{ organizationUsers { id full_name } }')).toBe(1 + ORG_PEOPLE * 2);
    expect(cost('{ usersByIds(ids: ["a", "b"]) { id } }')).toBe(3);
    expect(cost('{ notifications(limit: 7) { id } }')).toBe(8);
    expect(cost('{ auditEvents(first: 10) { events { id } } }')).toBe(1 + 1 + 10);
    expect(cost('{ usersByTeamIds(teamIds: ["t"]) { id } }')).toBe(1 + ORG_PEOPLE); // a team id is not a person
    expect(cost('{ notifications(limit: $n) { id } }')).toBe(1 + PAGE_MAX);
    expect(cost('{ teams { id users { id } } }')).toBe(1 + ORG_TEAMS * (1 + 1 + TEAM_PEOPLE));
  });

  it('ordinary member and admin queries pass, the admin users table included', async () => {
    for (const query of [
      '{ findOneUser { id full_name team { id name users { id full_name } } manager { id } } }',
      '{ organizationUsers { id full_name email role status team { id name } } }',
      '{ teams { id name users { id full_name email role } } }',
    ])
      expect((await member.gql(query)).errors, query).toBeUndefined();
    const full = `{ organizationUsersFull { id full_name email phone_number slack_id time_zone role location bio status permission_level
      last_password_update created_at last_login deleted_at email_verified github_user azure_email jira_account_id notifications
      manager { id full_name } team { id name } subdepartment { id title } } }`;
    const res = await admin.gql(full);
    expect(res.errors).toBeUndefined();
    expect(res.data!.organizationUsersFull).toHaveLength(TEAM_SIZE + 3);
  });

  it('a subscription over the limit is refused with the same code', async () => {
    const raw = await openRaw(url);
    await raw.init(member.token);
    raw.subscribe('heavy', 'subscription Heavy { userUpdated { managed_teams { users { managed_teams { users { id } } } } } }');
    const refused = await raw.waitFor((m) => m.id === 'heavy');
    expect(refused.type).toBe('error');
    expect((refused.payload as Array<{ extensions?: { code?: string } }>)[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    raw.close();
  });
});

describe('every document the client sends stays under the limit', () => {
  it('parses and costs at most QUERY_COST_LIMIT with organizations of 5,000 people', () => {
    const { documents, unresolved } = clientDocuments(path.resolve(__dirname, '../..'));
    expect(unresolved, 'client documents the extractor cannot expand').toEqual([]);
    expect(documents.length).toBeGreaterThan(100);
    const schema = app.graphql.schema;
    const over: string[] = [];
    for (const { file, line, source } of documents) {
      const doc = graphql.parse(source);
      for (const def of doc.definitions) {
        if (def.kind !== 'OperationDefinition') continue;
        const cost = operationCost(schema, doc, def);
        if (cost > QUERY_COST_LIMIT) over.push(`${file}:${line} ${def.name?.value ?? 'anonymous'} costs ${cost}`);
      }
    }
    expect(over).toEqual([]);
    const names = documents.map((d) => d.source);
    expect(names.some((s) => /query AdminUsers\b/.test(s))).toBe(true);
  });
});

describe('budgets per operation', () => {
  it('a query past its time budget is cut with QUERY_TIMEOUT: one error, no data', async () => {
    EXECUTION_BUDGET.maxMs = -1; // already spent when its first resolver runs
    const res = await member.gql('query Slow { organizationUsers { id team { id name } } }');
    expect(res.status).toBe(200);
    expect(res.data).toBeNull();
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0]!.extensions?.code).toBe('QUERY_TIMEOUT');
    expect(res.errors![0]!.message).toMatch(/ran longer than/);
  });

  it('a mutation is not cut by the time budget (its write is done)', async () => {
    EXECUTION_BUDGET.maxMs = -1;
    const res = await member.gql('mutation { updateWidgetPreferences(enabled_widgets: [NOTES]) { user_id enabled_widgets } }');
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateWidgetPreferences.enabled_widgets).toEqual(['NOTES']);
  });

  it('an answer past its value budget is cut with RESPONSE_TOO_LARGE before it is completed', async () => {
    EXECUTION_BUDGET.maxValues = 200;
    const res = await member.gql('query Big { organizationUsers { id full_name email } }');
    expect(res.data).toBeNull();
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0]!.extensions?.code).toBe('RESPONSE_TOO_LARGE');
    Object.assign(EXECUTION_BUDGET, defaults);
    expect((await member.gql('query Big { organizationUsers { id full_name email } }')).data!.organizationUsers).toHaveLength(TEAM_SIZE + 3);
  });

  it('an answer past its byte budget once serialized is replaced by RESPONSE_TOO_LARGE', async () => {
    EXECUTION_BUDGET.maxBytes = 4096;
    const res = await member.gql('query Bytes { organizationUsers { id full_name email } }');
    expect(res.data).toBeNull();
    expect(res.errors?.[0]?.extensions?.code).toBe('RESPONSE_TOO_LARGE');
    expect(res.errors?.[0]?.message).toMatch(/larger than/);
    expect((await member.gql('{ findOneUser { id } }')).errors).toBeUndefined();
    // a batch keeps its shape: one answer per operation
    const batch = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      payload: JSON.stringify([{ query: '{ findOneUser { id } }' }, { query: 'query Bytes { organizationUsers { id full_name email } }' }]),
    });
    const answers = batch.json() as Array<{ data: unknown; errors: Array<{ extensions: { code: string } }> }>;
    expect(answers.map((a) => [a.data, a.errors[0]!.extensions.code])).toEqual([
      [null, 'RESPONSE_TOO_LARGE'],
      [null, 'RESPONSE_TOO_LARGE'],
    ]);
  });

  it('a long allowed query yields: a request sent after it is answered before it', async () => {
    Object.assign(EXECUTION_BUDGET, { sliceMs: 1, chunkValues: 20 }); // every list completed in many event-loop turns
    const order: string[] = [];
    const long = member.gql('query Long { organizationUsers { id full_name email team { id name manager { id } } manager { id } } }').then((r) => {
      order.push('long');
      return r;
    });
    await new Promise((r) => setImmediate(r));
    const short = member.gql('query Short { findOneUser { id } }').then((r) => {
      order.push('short');
      return r;
    });
    const [l, sh] = await Promise.all([long, short]);
    expect(sh.errors).toBeUndefined();
    expect(l.errors).toBeUndefined();
    expect((l.data!.organizationUsers as unknown[]).length).toBe(TEAM_SIZE + 3);
    expect(order).toEqual(['short', 'long']);
  });

  it('a subscription event past its time budget is delivered as QUERY_TIMEOUT, not as partial data', async () => {
    const raw = await openRaw(url);
    await raw.init(member.token);
    raw.subscribe('s', 'subscription { userUpdated { id team { id } } }');
    await new Promise((r) => setTimeout(r, 50));
    EXECUTION_BUDGET.maxMs = -1;
    app.services.pubsub.publish(topics.userUpdated(org.member.id), { userId: org.member.id });
    const next = await raw.waitFor((m) => m.id === 's' && m.type === 'next');
    const payload = next.payload as { data: unknown; errors: Array<{ extensions?: { code?: string } }> };
    expect(payload.data).toBeNull();
    expect(payload.errors.map((e) => e.extensions?.code)).toEqual(['QUERY_TIMEOUT']);
    raw.close();
  });
});
