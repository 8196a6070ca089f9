/**
 * The authorization matrix (docs/decisions/0041) for what is not a query or mutation: every REST
 * route the app registered (its rule from `config: { rule }`), and every subscription over a real
 * websocket. Same callers, same objects, same expected outcomes per rule as authorization-matrix.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import { noteTopic } from '../features/notes/notes.live.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signMediaPolicy } from '../lib/media-signing.js';
import { createTestApp } from '../test/helpers.js';
import { operationFor, rootFields, variablesFor } from '../test/operations.js';
import { topics } from './pubsub.js';
import { openRaw, listen } from './subscriptions.test-support.js';
import type { Rule } from './operation-rules.js';
import { argumentsFor } from './authorization-matrix.args.js';
import { expectAllowed, type CallerRole } from './authorization-matrix.expect.js';
import { ROLES, seedWorlds, type OrgWorld, type Role } from './authorization-matrix.fixtures.js';

let app: FastifyInstance;
let url: string;
let a: OrgWorld;
let b: OrgWorld;
beforeAll(async () => {
  // Callers sign in once; a loaded machine can take longer than the default 120 s token over the whole matrix.
  app = await createTestApp({ ACCESS_TOKEN_SECONDS: '3600' });
  url = await listen(app);
  ({ a, b } = await seedWorlds(app));
}, 60_000);
afterAll(async () => {
  await app.close();
});

type Caller = { label: string; role: CallerRole; world: OrgWorld; token: string | null; userId: string | null };
function callers(): Caller[] {
  const person = (w: OrgWorld, role: Role) => w.people[role];
  return [
    { label: 'no token', role: 'anonymous', world: a, token: null, userId: null },
    ...ROLES.map((role): Caller => ({ label: role, role, world: a, token: a.callers[role].token, userId: person(a, role).id })),
    { label: 'admin of another organization', role: 'admin', world: b, token: b.callers.admin.token, userId: person(b, 'admin').id },
  ];
}

/** Path parameters of the routes, from the target organization's objects. */
const PARAMS: Record<string, (w: OrgWorld) => string> = {
  provider: () => 'credentials',
  participantId: (w) => w.closedCycle.participantId,
  orgId: (w) => w.orgId,
  mediaId: () => '0b5f2a8e-2f0a-4a51-9d0e-8a1c3f0e9b11',
  '*': () => 'matrix',
  // The retro routes (/api/retros/:id/...): the subject's team's retro.
  id: (w) => w.retros.retroId,
  // Webhooks (/api/integrations/webhooks/:connectionId): the organization's connection; no signature, so refused.
  connectionId: (w) => w.integrations.connectionId,
};
const fill = (route: string, w: OrgWorld) => route.replace(/:(\w+)|\*/g, (m, name: string | undefined) => PARAMS[name ?? '*']!(w));

/** Media links are signed for one organization's path: the caller's own, as the app hands them out. */
function signedQuery(w: OrgWorld): string {
  const signed = signMediaPolicy(app.services.keys.mediaSecret, { resource: `/api/media/${w.orgId}/`, expires: Math.floor(Date.now() / 1000) + 600 });
  return `?Policy=${signed.policy}&Signature=${signed.signature}&Key-Pair-Id=${signed.key_pair_id}`;
}

it("REST routes: each caller gets what the route's rule allows, and never another organization's data", async () => {
  const failures: string[] = [];
  const routes = app.operationRules.routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !(r.url === '/graphql' && r.method === 'GET'));
  let calls = 0;
  for (const route of routes) {
    const rule = route.rule as Rule;
    for (const target of [a, b]) {
      const path = fill(route.url, target);
      const targeted = [...target.ids].some((id) => path.includes(id));
      for (const caller of callers()) {
        if (!targeted && target !== caller.world) continue;
        const sameOrg = target === caller.world;
        // A signed link is made for the caller's organization; the link is the credential, not the token.
        const query = rule === 'SIGNED_LINK' ? signedQuery(caller.world) : '';
        const res = await app.inject({
          method: route.method as 'GET',
          url: path + query,
          remoteAddress: `10.9.${calls % 250}.${Math.floor(calls / 250) + 1}`,
          headers: {
            ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
            ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          ...(route.method === 'GET' ? {} : { payload: '{}' }),
        });
        calls += 1;
        const where = `${route.method} ${route.url} [${rule}] by ${caller.label} on ${target.name}'s objects`;
        const refusedStatus = [401, 403, ...(targeted ? [404] : [])];
        if (res.statusCode >= 500) failures.push(`${where}: status ${res.statusCode}`);
        else if (rule === 'PUBLIC') {
          if (res.statusCode === 401) failures.push(`${where}: 401 on a public route`);
        } else if (rule === 'SIGNED_LINK') {
          // Past the signature, an unknown picture is 404; a link of another organization is 403.
          const expected = sameOrg ? 404 : 403;
          if (res.statusCode !== expected) failures.push(`${where}: expected ${expected}, got ${res.statusCode}`);
        } else {
          const allowed = expectAllowed(rule, caller.role, sameOrg, caller.world === a);
          if (allowed && refusedStatus.includes(res.statusCode)) failures.push(`${where}: expected allowed, got ${res.statusCode} ${res.body.slice(0, 120)}`);
          if (!allowed && !refusedStatus.includes(res.statusCode)) failures.push(`${where}: expected refused, got ${res.statusCode} ${res.body.slice(0, 120)}`);
          if (!allowed && caller.role === 'anonymous' && res.statusCode !== 401) failures.push(`${where}: expected 401 without a token, got ${res.statusCode}`);
        }
        const foreign = caller.world === a ? b.ids : a.ids;
        const leaked = [...foreign].filter((id) => res.body.includes(id));
        if (leaked.length) failures.push(`${where}: answer holds another organization's ${leaked.join(', ')}`);
      }
    }
  }
  expect(failures).toEqual([]);
  expect(calls).toBeGreaterThan(100);
}, 60_000);

/** What makes each subscription send an event to the caller; a new subscription adds its own line. */
const TRIGGERS: Record<string, ((caller: Caller, orgId: string, variables: Record<string, unknown>, marker: number) => void) | null> = {
  // The base schema's placeholder (a Subscription type cannot be empty) has no events: only its refusals are checked.
  _ping: null,
  userUpdated: (caller) => app.services.pubsub.publish(topics.userUpdated(caller.userId!), { userId: caller.userId }),
  notificationAdded: (caller) =>
    app.services.pubsub.publish(topics.notificationAdded(caller.userId!), { id: 'n', kind: 'matrix', title: 'Matrix', created_at: new Date().toISOString() }),
  massCreateProgress: (_caller, orgId, v, marker) =>
    app.services.pubsub.publish(topics.massCreateProgress(orgId, String(v.batch_id)), {
      batch_id: v.batch_id,
      processed: marker,
      total: marker,
      created: 0,
      failed: 0,
      done: false,
    }),
  // A retro's subscribers hear every change of it (the first event comes at once).
  retroChanged: (_caller, _orgId, v) => app.services.pubsub.publish(topics.retroChanged(String(v.id)), { version: 0 }),
  // A note's readers hear each change of it (the first event comes at once).
  noteChanged: (caller, _orgId, v) => app.services.pubsub.publish(noteTopic(String(v.id), caller.userId!), true),
  // The organization's praise wall: any id (one the caller may not read comes as feedback: null).
  praiseWallChanged: (_caller, orgId) => app.services.pubsub.publish(topics.praiseWallChanged(orgId), 'matrix-praise'),
};

const codesOf = (payload: unknown) => (Array.isArray(payload) ? payload : []).map((e: { extensions?: { code?: string } }) => e.extensions?.code ?? 'none');

it('subscriptions: each caller can subscribe as the rule allows, and hears nothing of another organization', async () => {
  const failures: string[] = [];
  const schema = app.graphql.schema;
  for (const field of rootFields(schema, 'subscription')) {
    const rule = app.operationRules.operations.get(`Subscription.${field.name}`);
    if (!rule) {
      failures.push(`${field.name}: no rule`);
      continue;
    }
    for (const target of [a, b]) {
      const variables = variablesFor(schema, field, 'valid', argumentsFor(app, field, target).choose);
      const targeted = [...target.ids].some((id) => JSON.stringify(variables).includes(id));
      for (const caller of callers()) {
        if (!targeted && target !== caller.world) continue;
        const sameOrg = target === caller.world;
        const allowed = expectAllowed(rule, caller.role, sameOrg, caller.world === a);
        const where = `subscription ${field.name} [${rule}] by ${caller.label} on ${target.name}'s objects`;
        const raw = await openRaw(url);
        try {
          if (!caller.token) {
            // The socket takes no subscription before connection_init with a valid token: closed 4403.
            raw.send({ type: 'connection_init', payload: {} });
            const closed = await raw.closedWithin();
            if (allowed || closed.code !== 4403) failures.push(`${where}: without a token closed ${closed.code}`);
            continue;
          }
          await raw.init(caller.token);
          raw.subscribe('1', operationFor(schema, 'subscription', field, 'fields'), { variables });
          if (allowed) {
            const trigger = TRIGGERS[field.name];
            if (trigger === undefined) {
              failures.push(`${where}: no trigger in TRIGGERS to prove the subscription works`);
              continue;
            }
            if (trigger === null) continue;
            // The server does not acknowledge a subscribe: the event is sent again until one arrives (or an error does).
            let m = null;
            for (let attempt = 0; attempt < 100 && !m; attempt += 1) {
              trigger(caller, target.orgId, variables, 1);
              m = await raw.waitFor((x) => x.id === '1' && (x.type === 'next' || x.type === 'error'), 100).catch(() => null);
            }
            if (!m) failures.push(`${where}: expected an event, got nothing`);
            else if (m.type === 'error' && codesOf(m.payload).some((c) => ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'].includes(c)))
              failures.push(`${where}: expected allowed, got ${JSON.stringify(m.payload)}`);
            if (m?.type === 'next' && JSON.stringify(m.payload).includes(caller.world === a ? b.orgId : a.orgId))
              failures.push(`${where}: event of another organization`);
          } else {
            const trigger = TRIGGERS[field.name];
            let m = null;
            for (let attempt = 0; attempt < 100 && !m; attempt += 1) {
              // Another organization's object: its events (marker 41) must not arrive, while the caller's own organization's (42) do.
              if (!sameOrg && trigger) {
                trigger(caller, target.orgId, variables, 41);
                trigger(caller, caller.world.orgId, variables, 42);
              }
              m = await raw.waitFor((x) => x.id === '1' && (x.type === 'error' || x.type === 'next'), 100).catch(() => null);
            }
            const refusedByError = m?.type === 'error' && codesOf(m.payload).every((c) => ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'].includes(c));
            const heardOwnOnly = !sameOrg && m?.type === 'next' && !JSON.stringify(m.payload).includes('":41') && JSON.stringify(m.payload).includes('":42');
            if (!refusedByError && !heardOwnOnly) failures.push(`${where}: expected refused, got ${JSON.stringify(m)}`);
          }
        } finally {
          raw.close();
        }
      }
    }
  }
  expect(failures).toEqual([]);
}, 60_000);
