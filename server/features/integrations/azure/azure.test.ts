import type { RequestOptions } from 'node:http';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CODE_PROCESS, type SyncKind } from '../../../../shared/integrations.js';
import { fakeClock } from '../../../jobs/jobs.test-support.js';
import { codeOf, createTestApp, seedOrg, signedIn } from '../../../test/helpers.js';
import { seedEndedRetro } from '../../retros/retros.progress.test-support.js';
import { retroActionItems } from '../../retros/retros.tables.js';
import { AZURE_PROJECT, startFakeAzure, type AzureHookEvent, type FakeAzure } from '../fakes/fake-azure.js';
import { IntegrationError } from '../integrations.errors.js';
import { extIssues, extIssueTransitions, webhookDeliveries } from '../integrations.tables.js';
import type { AccountInput, CursorStore, IngestWriter, IssueInput, OpenConnection, SprintInput, SyncContext } from '../integrations.provider.js';
import { NOW } from '../sample/synthetic-dataset.js';
import { syntheticRecords } from '../sample/synthetic-records.js';
import { azureAdapter } from './azure.adapter.js';
import { azureClients } from './azure.client.js';
import { basicAuthorization, basicPasswordMatches } from './azure.webhook.js';
import { FAKES_ENV, fakesOutbound } from '../integrations.outbound.test-support.js';

/** The fakes on 127.0.0.1 are allowed the operator's way (OUTBOUND_ALLOW_PRIVATE, docs/decisions/0054). */
const outbound = fakesOutbound();

let fake: FakeAzure;
beforeAll(async () => {
  // Pages of 4 revisions: ALPHA's 20 revisions take five pages, work items split across them.
  fake = await startFakeAzure({ pageSize: 4, now: () => new Date('2025-03-28T08:00:00.000Z') });
});
afterAll(() => fake.close());

const signal = () => new AbortController().signal;
const connection = (token = fake.token): OpenConnection => ({
  id: 'conn-ado',
  organizationId: 'org',
  provider: 'AZURE_BOARDS',
  baseUrl: fake.url,
  account: fake.organization,
  authKind: 'TOKEN',
  credentials: { token },
  externalInfo: {},
  backfillMonths: 6,
  outbound,
});
const scope = { id: 's-alpha', kind: 'PROJECT' as const, externalId: AZURE_PROJECT.id, name: AZURE_PROJECT.name };

/** Records what the adapter hands the writer, merging transitions by id as the writer's upsert does; cursors in a map. */
function recorder() {
  const issues = new Map<string, IssueInput>();
  const writes: string[][] = [];
  const accounts = new Map<string, AccountInput>();
  const sprints = new Map<string, SprintInput>();
  const cursors = new Map<string, string | null>();
  const write: IngestWriter = {
    scope: () => ({ id: scope.id, included: true }),
    accounts: (list) => list.forEach((a) => accounts.set(a.externalId, a)),
    pullRequests: () => 0,
    deployments: () => 0,
    issues: (_scopeId, list) => {
      writes.push(list.map((i) => i.key));
      for (const i of list) {
        const before = issues.get(i.key);
        const transitions = new Map([...(before?.transitions ?? []), ...i.transitions].map((t) => [t.externalId, t]));
        issues.set(i.key, { ...i, transitions: [...transitions.values()].sort((a, b) => a.at.localeCompare(b.at)), sprints: i.sprints ?? before?.sprints });
      }
      return list.length;
    },
    sprints: (_scopeId, list) => {
      list.forEach((sp) => sprints.set(sp.externalId, sp));
      return list.length;
    },
  };
  const store: CursorStore = {
    get: (s, entity) => ({ cursor: cursors.get(`${s}|${entity}`) ?? null, etag: null }),
    set: (s, entity, v) => {
      cursors.set(`${s}|${entity}`, v.cursor);
    },
  };
  const ctx = (kind: SyncKind, token?: string): SyncContext => ({
    kind,
    connection: connection(token),
    settings: DEFAULT_CODE_PROCESS,
    scopes: [scope],
    since: '2025-02-01T00:00:00.000Z',
    now: new Date(NOW),
    write,
    cursors: store,
    progress: () => undefined,
    signal: signal(),
  });
  return { issues, writes, accounts, sprints, cursors, ctx };
}

const revisionRequests = () => fake.requests.filter((r) => r.method === 'GET' && r.path.includes('/reporting/workItemRevisions'));

it('tests the connection through the SDK’s location handshake, names a missing scope and a bad token (never echoed), lists projects', async () => {
  expect(await azureAdapter.test(connection(), signal())).toEqual({
    ok: true,
    missing: [],
    info: { user: 'Teamlens Sync' },
    message: 'Connected as Teamlens Sync to acme (1 project).',
  });
  expect(fake.requests.some((r) => r.method === 'OPTIONS' && r.path === '/acme/_apis/Location')).toBe(true);

  fake.denyProjects = true;
  const lacking = await azureAdapter.test(connection(), signal());
  fake.denyProjects = false;
  expect(lacking).toMatchObject({ ok: false, missing: ['Project and Team (Read)'] });

  const bad = await azureAdapter.test(connection('wrongpat1234567890'), signal());
  expect(bad.ok).toBe(false);
  expect(bad.message).toMatch(/^Azure DevOps rejected the personal access token/);
  expect(JSON.stringify(bad)).not.toContain('wrongpat');

  expect(await azureAdapter.listScopes(connection(), signal())).toEqual([
    { kind: 'PROJECT', externalId: AZURE_PROJECT.id, name: 'Alpha', url: `${fake.url}/acme/Alpha`, defaultBranch: null },
  ]);
});

it('backfills work item revisions page by page into the dataset’s issues: transitions from consecutive revisions, the reopen, points, sprint membership', async () => {
  const rec = recorder();
  fake.requests.length = 0;
  await azureAdapter.sync(rec.ctx('BACKFILL'));

  // The same hand values as the Jira records, in Azure's words (ALPHA-n is work item n).
  const project = (i: IssueInput) => ({
    createdAt: i.createdAt,
    resolvedAt: i.resolvedAt,
    storyPoints: i.storyPoints,
    statusCategory: i.statusCategory,
    transitions: i.transitions.map((t) => [t.at, t.fromCategory ?? 'TODO', t.toCategory]),
    sprints: (i.sprints ?? []).map((s) => [s.addedAt, s.removedAt]),
  });
  const expected = syntheticRecords().projects[0]!.issues;
  expect(Object.fromEntries([...rec.issues.values()].map((i) => [i.key, project(i)]))).toEqual(
    Object.fromEntries(expected.map((i) => [i.key.split('-')[1], project(i)])),
  );
  const wi4 = rec.issues.get('4')!;
  expect(wi4.transitions.map((t) => `${t.fromStatus}→${t.toStatus}`)).toEqual(['New→Active', 'Active→Closed', 'Closed→Active', 'Active→Closed']);
  expect(wi4).toMatchObject({ issueType: 'User Story', status: 'Closed', url: `${fake.url}/acme/Alpha/_workitems/edit/4` });
  expect(wi4.sprints).toEqual([{ sprintExternalId: 'Alpha\\Alpha sprint 1', addedAt: '2025-03-12T10:00:00.000Z', removedAt: null }]);
  // The iteration is the sprint, under the path work items name it by.
  expect([...rec.sprints.values()]).toEqual(syntheticRecords().projects[0]!.sprints.map((sp) => ({ ...sp, externalId: 'Alpha\\Alpha sprint 1' })));
  expect(rec.accounts.get('ado-carol')).toEqual({
    externalId: 'ado-carol',
    login: 'carol@acme.test',
    displayName: 'Carol Chen',
    email: 'carol@acme.test',
    isBot: false,
  });

  const pages = revisionRequests();
  expect(pages).toHaveLength(5);
  expect(pages[0]!.path).toContain('startDateTime=');
  expect(decodeURIComponent(pages[0]!.path)).toContain('Microsoft.VSTS.Scheduling.StoryPoints');
  expect(pages.slice(1).map((p) => /continuationToken=(\d+)/.exec(p.path)?.[1])).toEqual(['4', '8', '12', '16']);
  expect(pages.slice(1).some((p) => p.path.includes('startDateTime'))).toBe(false);
  expect(rec.cursors.get(`${AZURE_PROJECT.id}|revisions`)).toBe('20');
  // Every revision's prior state was seen in this run: no extra revision fetched.
  expect(fake.requests.some((r) => r.path.includes('/revisions/'))).toBe(false);
});

it('a second sync continues from the stored continuation token and fetches only the new revisions', async () => {
  const rec = recorder();
  await azureAdapter.sync(rec.ctx('BACKFILL'));
  rec.writes.length = 0;
  fake.requests.length = 0;
  fake.addRevision(6, { at: '2025-03-30T10:00:00.000Z', state: 'Closed' });

  await azureAdapter.sync(rec.ctx('INCREMENTAL'));
  const pages = revisionRequests();
  expect(pages).toHaveLength(1);
  expect(pages[0]!.path).toContain('continuationToken=20');
  expect(rec.writes).toEqual([['6']]);
  // The state it left comes from the revision before (fetched once).
  expect(fake.requests.filter((r) => r.path.includes('/revisions/')).map((r) => r.path.split('?')[0])).toEqual([
    '/acme/Alpha/_apis/wit/workItems/6/revisions/2',
  ]);
  expect(rec.issues.get('6')!.transitions.at(-1)).toEqual({
    externalId: '6-3',
    at: '2025-03-30T10:00:00.000Z',
    fromStatus: 'Active',
    toStatus: 'Closed',
    fromCategory: 'IN_PROGRESS',
    toCategory: 'DONE',
  });
  expect(rec.issues.get('6')).toMatchObject({ statusCategory: 'DONE', resolvedAt: '2025-03-30T10:00:00.000Z' });
  expect(rec.cursors.get(`${AZURE_PROJECT.id}|revisions`)).toBe('21');
});

it('stops on a 429 with Retry-After as RATE_LIMITED, keeps the written pages’ token and resumes from it; a revoked PAT is AUTH', async () => {
  const rec = recorder();
  fake.requests.length = 0;
  fake.failNext({ status: 429, headers: { 'Retry-After': '5' }, path: /workItemRevisions/, after: 1 });
  const err = (await azureAdapter.sync(rec.ctx('BACKFILL')).catch((e: unknown) => e)) as IntegrationError;
  expect(err).toBeInstanceOf(IntegrationError);
  expect([err.kind, err.retryAt?.toISOString()]).toEqual(['RATE_LIMITED', new Date(Date.parse(NOW) + 5000).toISOString()]);
  expect(rec.cursors.get(`${AZURE_PROJECT.id}|revisions`)).toBe('4');

  fake.requests.length = 0;
  await azureAdapter.sync(rec.ctx('BACKFILL'));
  expect(/continuationToken=(\d+)/.exec(revisionRequests()[0]!.path)?.[1]).toBe('4');
  expect(rec.issues.size).toBe(6);
  expect(rec.issues.get('4')!.transitions).toHaveLength(4);

  const auth = (await azureAdapter.sync(rec.ctx('INCREMENTAL', 'revokedpat0000')).catch((e: unknown) => e)) as IntegrationError;
  expect(auth.kind).toBe('AUTH');
  expect(auth.message).not.toContain('revokedpat');
});

it('opens a retro action item as a Task work item and sees it close', async () => {
  const created = await azureAdapter.createIssue!(
    connection(),
    scope,
    { title: 'Write the deploy checklist', body: 'From the retro.\n\n<Owner>: Bob' },
    signal(),
  );
  expect(created).toEqual({ externalId: '7', key: '7', url: `${fake.url}/acme/Alpha/_workitems/edit/7` });
  expect(fake.revisions.at(-1)!.fields).toMatchObject({
    'System.WorkItemType': 'Task',
    'System.Title': 'Write the deploy checklist',
    'System.Description': '<div>From the retro.</div><div>&lt;Owner&gt;: Bob</div>',
  });

  expect(await azureAdapter.issueStates!(connection(), scope, ['7'], signal())).toEqual([{ externalId: '7', closedAt: null }]);
  fake.addRevision(7, { at: '2025-03-29T15:00:00.000Z', state: 'Closed' });
  expect(await azureAdapter.issueStates!(connection(), scope, ['7', '999'], signal())).toEqual([{ externalId: '7', closedAt: '2025-03-29T15:00:00.000Z' }]);
});

it('sends the token only to the organization’s own addresses: its base URL, and for dev.azure.com its legacy <organization>.visualstudio.com', async () => {
  const { web } = await azureClients({ ...connection(), baseUrl: 'https://dev.azure.com', account: 'acme' });
  const prepared = (host: string, port = 443) => {
    const options: RequestOptions = { host, port, headers: {} };
    try {
      web.authHandler.prepareRequest(options);
    } catch (err) {
      return (err as { code?: string }).code;
    }
    return options.agent && (options.headers as Record<string, string>).Authorization ? 'token' : 'nothing';
  };
  expect(prepared('dev.azure.com')).toBe('token');
  expect(prepared('acme.visualstudio.com')).toBe('token');
  expect(prepared('other.visualstudio.com')).toBe('EOUTBOUNDREFUSED');
  expect(prepared('dev.azure.com', 80)).toBe('EOUTBOUNDREFUSED');
  expect(prepared('attacker.example')).toBe('EOUTBOUNDREFUSED');
});

describe('service hooks (the “Web Hooks” consumer) through the app', () => {
  const SECRET = 'ado-hook-secret-0123456789';
  let app: FastifyInstance;
  let hooks: FakeAzure;
  let world: Awaited<ReturnType<typeof seedOrg>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let connectionId = '';
  let url = '';
  const clock = fakeClock(NOW);

  const settle = async () => {
    for (let i = 0; i < 20; i += 1) {
      const s = await app.services.scheduler.tick();
      if (!s.done && !s.failed && !s.dead && !s.lost) return;
    }
    throw new Error('the scheduler did not settle');
  };
  const send = (event: AzureHookEvent, id: number, password: string | null = SECRET, eventId?: string) =>
    hooks.sendServiceHook(url, event, id, { password, eventId });
  const post = (body: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `/api/integrations/webhooks/${connectionId}`,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const issue = (id: number) =>
    app.services.db
      .select()
      .from(extIssues)
      .where(and(eq(extIssues.connection_id, connectionId), eq(extIssues.external_id, String(id))))
      .get();
  const transitionsOf = (id: number) =>
    app.services.db
      .select({ id: extIssueTransitions.external_id, to: extIssueTransitions.to_status, category: extIssueTransitions.to_category })
      .from(extIssueTransitions)
      .where(eq(extIssueTransitions.issue_id, issue(id)!.id))
      .all()
      .sort((a, b) => a.id.localeCompare(b.id));
  const deliveries = () => app.services.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.connection_id, connectionId)).all().length;
  const issuesDone = async () => {
    const r = await admin.gql(`query($id: ID!) { teamInsights(team_id: $id, from: "2025-03-03", to: "2025-03-30") { metrics { key summary { value n } } } }`, {
      id: world.team.id,
    });
    expect(r.errors).toBeUndefined();
    return (r.data!.teamInsights.metrics as Array<{ key: string; summary: { value: number | null } }>).find((m) => m.key === 'ISSUE_THROUGHPUT')!.summary.value;
  };

  beforeAll(async () => {
    app = await createTestApp({ ...FAKES_ENV });
    await app.services.scheduler.stop();
    app.services.scheduler.useClock(clock.now);
    hooks = await startFakeAzure({ now: () => new Date(clock.now()) });
    world = await seedOrg(app);
    admin = await signedIn(app, world.admin.email);
    const r = await admin.gql(
      `mutation($input: ConnectIntegrationInput!) { connectIntegration(input: $input) { id webhook_url has_webhook_secret scopes { id } } }`,
      { input: { provider: 'AZURE_BOARDS', base_url: hooks.url, account: hooks.organization, token: hooks.token, webhook_secret: SECRET } },
    );
    expect(r.errors).toBeUndefined();
    const c = r.data!.connectIntegration as { id: string; webhook_url: string; has_webhook_secret: boolean; scopes: Array<{ id: string }> };
    connectionId = c.id;
    expect(c.has_webhook_secret).toBe(true);
    await settle();
    const set = await admin.gql(`mutation($id: ID!, $s: [IntegrationScopeInput!]!) { setIntegrationScopes(id: $id, scopes: $s) { name } }`, {
      id: connectionId,
      s: [{ id: c.scopes[0]!.id, included: true, team_id: world.team.id }],
    });
    expect(set.errors).toBeUndefined();
    // The fake posts over a real socket to the path the card shows, on the port the app listens on here.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address}${new URL(c.webhook_url).pathname}`;
  });
  afterAll(async () => {
    await hooks?.close();
    await app?.close();
  });

  it('checks the Basic password in constant time whatever the user name; no secret or no header: refused', () => {
    expect(basicPasswordMatches(SECRET, basicAuthorization('anyone', SECRET))).toBe(true);
    expect(basicPasswordMatches(SECRET, basicAuthorization('', SECRET))).toBe(true);
    expect(basicPasswordMatches('pa:ss:word-0123456789', basicAuthorization('u', 'pa:ss:word-0123456789'))).toBe(true);
    expect(basicPasswordMatches(SECRET, basicAuthorization(SECRET, 'other'))).toBe(false);
    expect(basicPasswordMatches(SECRET, `Basic ${Buffer.from(SECRET).toString('base64')}`)).toBe(false);
    expect(basicPasswordMatches(SECRET, `Bearer ${SECRET}`)).toBe(false);
    expect(basicPasswordMatches(null, basicAuthorization('u', ''))).toBe(false);
    expect(basicPasswordMatches(SECRET, null)).toBe(false);
  });

  it('a work item closed in Azure: the delivery updates the issue and the team’s issues done; the same delivery again is a duplicate, counted once', async () => {
    expect(issue(6)).toMatchObject({ status: 'Active', status_category: 'IN_PROGRESS', resolved_at: null });
    const before = await issuesDone();
    expect(before).toBe(5);
    const transitions = transitionsOf(6).length;
    hooks.addRevision(6, { at: '2025-03-28T10:00:00.000Z', state: 'Closed' });

    const first = await send('workitem.updated', 6, SECRET, 'evt-6-closed');
    expect(first.status).toBe(202);
    expect(JSON.parse(first.body)).toEqual({ accepted: true, written: 1, action_items_done: 0 });
    expect(issue(6)).toMatchObject({
      status: 'Closed',
      status_category: 'DONE',
      resolved_at: '2025-03-28T10:00:00.000Z',
      url: `${hooks.url}/acme/Alpha/_workitems/edit/6`,
    });
    expect(transitionsOf(6)).toHaveLength(transitions + 1);
    expect(transitionsOf(6).at(-1)).toEqual({ id: '6-3', to: 'Closed', category: 'DONE' });
    expect(await issuesDone()).toBe(before! + 1);

    const again = await send('workitem.updated', 6, SECRET, 'evt-6-closed');
    expect([again.status, JSON.parse(again.body)]).toEqual([200, { duplicate: true }]);
    expect(deliveries()).toBe(1);
    expect(transitionsOf(6)).toHaveLength(transitions + 1);
    expect(await issuesDone()).toBe(before! + 1);

    // The nightly reconciliation re-reads that revision under the same transition id: nothing counted twice.
    await admin.gql(`mutation($id: ID!) { syncIntegration(id: $id, kind: RECONCILE) { id } }`, { id: connectionId });
    await settle();
    expect(transitionsOf(6)).toHaveLength(transitions + 1);
    expect(await issuesDone()).toBe(before! + 1);
  });

  it('a wrong or missing password, or a signature instead of Basic: 403 and nothing written', async () => {
    hooks.addRevision(5, { at: '2025-03-29T09:00:00.000Z', title: 'Renamed in Azure' });
    const title = issue(5)!.title;
    for (const password of ['another-secret-0123456789', '', null]) {
      expect((await send('workitem.updated', 5, password)).status).toBe(403);
    }
    const { body } = hooks.serviceHookDelivery('workitem.updated', 5, { password: null });
    expect((await post(body.toString(), { 'x-hub-signature': 'sha256=00' })).statusCode).toBe(403);
    expect(issue(5)!.title).toBe(title);
    expect(deliveries()).toBe(1);
  });

  it('a malformed body is a clear 400, not remembered; unknown events and deletions are accepted and write nothing', async () => {
    const auth = { authorization: basicAuthorization('teamlens', SECRET) };
    const notJson = await post('{"eventType": "workitem.updated", ', auth);
    expect([notJson.statusCode, notJson.json()]).toEqual([400, { error: 'BAD_USER_INPUT', message: 'The delivery could not be read.' }]);
    const noRevision = await post(
      JSON.stringify({
        id: 'evt-broken',
        eventType: 'workitem.updated',
        resource: { id: 3, rev: 3, fields: {} },
        resourceContainers: { project: { id: AZURE_PROJECT.id } },
      }),
      auth,
    );
    expect(noRevision.statusCode).toBe(400);
    const noProject = hooks.serviceHookDelivery('workitem.updated', 5, { password: SECRET, eventId: 'evt-no-project' });
    const stripped = JSON.parse(noProject.body.toString()) as Record<string, unknown>;
    delete stripped.resourceContainers;
    expect((await post(JSON.stringify(stripped), auth)).statusCode).toBe(400);
    expect(deliveries()).toBe(1);

    const title = issue(5)!.title;
    const pushed = await post(JSON.stringify({ id: 'evt-push', eventType: 'git.push', resource: { commits: [] } }), auth);
    expect([pushed.statusCode, pushed.json()]).toEqual([202, { accepted: true, written: 0, action_items_done: 0 }]);
    const deleted = await send('workitem.deleted', 5);
    expect([deleted.status, JSON.parse(deleted.body)]).toEqual([202, { accepted: true, written: 0, action_items_done: 0 }]);
    expect(issue(5)!.title).toBe(title);
    // Applied once fixed: the refused ones were not remembered.
    const fixed = await post(noProject.body.toString(), auth);
    expect(fixed.statusCode).toBe(202);
    expect(issue(5)!.title).toBe('Renamed in Azure');
  });

  it('a retro action item sent to Azure Boards: its Task created and then closed arrive by service hook, and the action item is done', async () => {
    const retroId = seedEndedRetro(app.services.db, { orgId: world.org.id, teamId: world.team.id, endedAt: clock.iso(), actionItems: { open: 1 } });
    const itemId = app.services.db.select({ id: retroActionItems.id }).from(retroActionItems).where(eq(retroActionItems.retro_id, retroId)).get()!.id;
    const report = await signedIn(app, world.report.email);
    const targets = (await report.gql(`query($r: ID!) { trackerTargets(retro_id: $r) { scope_id provider team_owned } }`, { r: retroId })).data!
      .trackerTargets as Array<{ scope_id: string; provider: string }>;
    expect(targets[0]).toMatchObject({ provider: 'AZURE_BOARDS', team_owned: true });
    const sent = await report.gql(`mutation($a: ID!, $s: ID!) { sendRetroActionToTracker(action_item_id: $a, scope_id: $s) { key closed_at } }`, {
      a: itemId,
      s: targets[0]!.scope_id,
    });
    expect(sent.errors).toBeUndefined();
    const id = Number(sent.data!.sendRetroActionToTracker.key);
    const status = () =>
      app.services.db.select({ status: retroActionItems.status }).from(retroActionItems).where(eq(retroActionItems.id, itemId)).get()!.status;

    expect((await send('workitem.created', id)).status).toBe(202);
    expect(issue(id)).toMatchObject({ issue_type: 'Task', status: 'New', status_category: 'TODO' });
    expect(status()).toBe('OPEN');

    clock.advance(3_600_000);
    hooks.addRevision(id, { at: clock.iso(), state: 'Closed' });
    const closed = await send('workitem.updated', id);
    expect([closed.status, JSON.parse(closed.body)]).toEqual([202, { accepted: true, written: 1, action_items_done: 1 }]);
    expect(status()).toBe('DONE');
    expect(issue(id)).toMatchObject({ status: 'Closed', status_category: 'DONE' });
    const shown = await report.gql(`query($r: ID!) { retroActionIssues(retro_id: $r) { key closed_at } }`, { r: retroId });
    expect(codeOf(shown)).toBeUndefined();
    expect(shown.data!.retroActionIssues).toEqual([{ key: String(id), closed_at: clock.iso() }]);
  });
});
