/**
 * The authorization matrix (docs/decisions/0041): every query and mutation of the live schema, called
 * by no token, a member, a manager of another team, the subject's own manager, the subject, an admin
 * and an admin of another organization, against objects of the caller's organization and of the
 * other one. What each caller gets follows from the operation's declared rule (operation-rules.ts,
 * <feature>.rules.ts) and the outcomes written once per rule (authorization-matrix.expect.ts). An
 * operation without a rule fails here, and so does a rule naming an operation that is gone.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addUser, createTestApp, gql, seedOrg, signedIn } from '../test/helpers.js';
import { ENDING_OPERATIONS, operationFor, rootFields, variablesFor, type Kind, type RootField } from '../test/operations.js';
import type { Rule } from './operation-rules.js';
import { argumentsFor } from './authorization-matrix.args.js';
import { expectAllowed, leaks, mismatch, type CallerRole, type Outcome } from './authorization-matrix.expect.js';
import { ROLES, inOtherState, seedWorlds, type OrgWorld } from './authorization-matrix.fixtures.js';

let app: FastifyInstance;
let a: OrgWorld;
let b: OrgWorld;
beforeAll(async () => {
  // Callers sign in once; a loaded machine can take longer than the default 120 s token over the whole matrix.
  app = await createTestApp({ ACCESS_TOKEN_SECONDS: '3600' });
  ({ a, b } = await seedWorlds(app));
}, 60_000);
afterAll(async () => {
  await app.close();
});

type MatrixCaller = { label: string; role: CallerRole; world: OrgWorld; call: (query: string, variables: Record<string, unknown>) => Promise<Outcome> };

/** The seven callers: all of Acme but the last, Globex's admin. */
function callers(): MatrixCaller[] {
  const anonymous: MatrixCaller = { label: 'no token', role: 'anonymous', world: a, call: (q, v) => gql(app, null, q, v) as Promise<Outcome> };
  return [
    anonymous,
    ...ROLES.map((role): MatrixCaller => ({ label: role, role, world: a, call: a.callers[role].gql as MatrixCaller['call'] })),
    { label: 'admin of another organization', role: 'admin', world: b, call: b.callers.admin.gql as MatrixCaller['call'] },
  ];
}

/**
 * Operations about every organization of the install, for the operator organization's admins only
 * (OPERATOR_ADMIN): their answer names other organizations by design (the operator's billing list,
 * docs/decisions/0068). The leak check still holds them for every other caller.
 */
const INSTALL_WIDE: ReadonlySet<string> = new Set(['operatorBilling', 'setOrganizationBilling']);

const KINDS: Kind[] = ['query', 'mutation', 'subscription'];
const ROOT: Record<Kind, string> = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' };
const ruleOf = (kind: Kind, field: RootField): Rule | undefined => app.operationRules.operations.get(`${ROOT[kind]}.${field.name}`);

it('every operation of the schema has a rule, and every rule names an operation', () => {
  const schema = app.graphql.schema;
  const operations = KINDS.flatMap((kind) => rootFields(schema, kind).map((f) => `${ROOT[kind]}.${f.name}`));
  const withoutRule = operations.filter((op) => !app.operationRules.operations.has(op));
  const gone = [...app.operationRules.operations.keys()].filter((op) => !operations.includes(op));
  expect(withoutRule, "operations without a rule: declare one in the feature's <feature>.rules.ts").toEqual([]);
  expect(gone, 'rules naming an operation the schema does not have').toEqual([]);
});

it('every REST route declares a rule in its config', () => {
  const missing = app.operationRules.routes.filter((r) => !r.rule).map((r) => `${r.method} ${r.url}`);
  expect(missing, 'routes without config.rule').toEqual([]);
  expect(app.operationRules.routes.length).toBeGreaterThan(20);
});

/**
 * Runs one operation for every caller against both organizations' objects; returns the mismatches.
 * `refusedOnly`: only the callers the rule refuses (objects in another state must not change that).
 */
async function runMatrix(
  kind: 'query' | 'mutation',
  field: RootField,
  who: MatrixCaller[] = callers(),
  opts: { refusedOnly?: boolean; state?: (w: OrgWorld) => OrgWorld } = {},
): Promise<string[]> {
  const rule = ruleOf(kind, field);
  if (!rule) return [`${field.name}: no rule`];
  const failures: string[] = [];
  const document = operationFor(app.graphql.schema, kind, field, 'fields');
  const isOperator = (c: MatrixCaller) => c.world.orgId === a.orgId;
  // Refused callers first: an allowed one may change or use up the object.
  const ordered = [...who].sort((x, y) => Number(expectAllowed(rule, x.role, true, isOperator(x))) - Number(expectAllowed(rule, y.role, true, isOperator(y))));
  for (const target of [a, b].map(opts.state ?? ((w) => w))) {
    for (const caller of ordered) {
      const { prepare, choose } = argumentsFor(app, field, target);
      const variables = variablesFor(app.graphql.schema, field, 'valid', choose);
      const targeted = [...target.ids].some((id) => JSON.stringify(variables).includes(id));
      // Without an object of its own, an operation is about the caller's organization: asked once per caller.
      const sameOrg = target.orgId === caller.world.orgId;
      if (!targeted && !sameOrg) continue;
      const allowed = expectAllowed(rule, caller.role, sameOrg, isOperator(caller));
      if (allowed && opts.refusedOnly) continue;
      await prepare();
      const outcome = await caller.call(document, variablesFor(app.graphql.schema, field, 'valid', choose));
      const problem = mismatch(outcome, field.name, allowed, caller.role, sameOrg);
      const where = `${kind} ${field.name} [${rule}] by ${caller.label} on ${target.name}'s ${opts.state ? 'objects in another state' : 'objects'}`;
      if (problem) failures.push(`${where}: ${problem}`);
      const leaked = allowed && rule === 'OPERATOR_ADMIN' && INSTALL_WIDE.has(field.name) ? [] : leaks(outcome, caller.world.orgId === a.orgId ? b.ids : a.ids);
      if (leaked.length) failures.push(`${where}: answer holds another organization's ${leaked.join(', ')}`);
    }
  }
  return failures;
}

it("queries: each caller gets exactly what the rule allows, and never another organization's data", async () => {
  const failures: string[] = [];
  for (const field of rootFields(app.graphql.schema, 'query')) failures.push(...(await runMatrix('query', field)));
  expect(failures).toEqual([]);
}, 60_000);

it('refused callers stay refused when the objects are in another state (closed cycle, its request, an unreleased participant)', async () => {
  const failures: string[] = [];
  for (const kind of ['query', 'mutation'] as const) {
    for (const field of rootFields(app.graphql.schema, kind).filter((f) => !ENDING_OPERATIONS.includes(f.name))) {
      failures.push(...(await runMatrix(kind, field, callers(), { refusedOnly: true, state: inOtherState })));
    }
  }
  expect(failures).toEqual([]);
}, 60_000);

/** Mutations that change what later ones depend on: last. */
const LAST = ['closeReviewCycle', 'withdrawResults', 'rollbackMassCreation', 'removeDemoData', 'removeSlackWebhook'];

it("mutations: each caller gets exactly what the rule allows, and never another organization's data", async () => {
  const fields = rootFields(app.graphql.schema, 'mutation').filter((f) => !ENDING_OPERATIONS.includes(f.name));
  fields.sort((x, y) => Number(LAST.includes(x.name)) - Number(LAST.includes(y.name)));
  const failures: string[] = [];
  for (const field of fields) failures.push(...(await runMatrix('mutation', field)));
  expect(failures).toEqual([]);
}, 90_000);

it('operations that end a session, an account or an organization follow their rule too (each on fresh people)', async () => {
  const failures: string[] = [];
  for (const name of ENDING_OPERATIONS) {
    const field = rootFields(app.graphql.schema, 'mutation').find((f) => f.name === name)!;
    const fresh = await freshCallers(name);
    failures.push(...(await runMatrix('mutation', field, fresh)));
  }
  expect(failures).toEqual([]);
}, 60_000);

/** Callers of two new organizations, as alike as the matrix needs for operations that take no object. */
async function freshCallers(label: string): Promise<MatrixCaller[]> {
  const one = await seedOrg(app, `${label} A`);
  const two = await seedOrg(app, `${label} B`);
  const otherManager = await addUser(app, one.org.id, { permission_level: 'MANAGER' });
  const emails: Record<(typeof ROLES)[number], string> = {
    member: one.member.email,
    otherManager: otherManager.email,
    ownManager: one.manager.email,
    subject: one.report.email,
    admin: one.admin.email,
  };
  const list: MatrixCaller[] = [{ label: 'no token', role: 'anonymous', world: a, call: (q, v) => gql(app, null, q, v) as Promise<Outcome> }];
  for (const role of ROLES) list.push({ label: role, role, world: a, call: (await signedIn(app, emails[role])).gql as MatrixCaller['call'] });
  // Not the operator organization, like the other admin of the matrix.
  list.push({ label: 'admin of another organization', role: 'admin', world: b, call: (await signedIn(app, two.admin.email)).gql as MatrixCaller['call'] });
  return list;
}
