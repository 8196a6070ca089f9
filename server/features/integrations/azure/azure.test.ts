import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_CODE_PROCESS, type SyncKind } from '../../../../shared/integrations.js';
import { AZURE_PROJECT, startFakeAzure, type FakeAzure } from '../fakes/fake-azure.js';
import { IntegrationError } from '../integrations.errors.js';
import type { AccountInput, CursorStore, IngestWriter, IssueInput, OpenConnection, SprintInput, SyncContext } from '../integrations.provider.js';
import { NOW } from '../sample/synthetic-dataset.js';
import { syntheticRecords } from '../sample/synthetic-records.js';
import { azureAdapter } from './azure.adapter.js';

let fake: FakeAzure;
beforeAll(async () => {
  // Pages of 4 revisions: ALPHA's 20 revisions take five pages, work items split across them.
  fake = await startFakeAzure({ pageSize: 4, now: () => new Date('2025-03-28T08:00:00.000Z') });
});
afterAll(() => fake.close());

const signal = () => new AbortController().signal;
const connection = (token = fake.token): OpenConnection => ({
  id: 'conn-ado', organizationId: 'org', provider: 'AZURE_BOARDS', baseUrl: fake.url, account: fake.organization, authKind: 'TOKEN',
  credentials: { token }, externalInfo: {}, backfillMonths: 6,
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
    sprints: (_scopeId, list) => { list.forEach((sp) => sprints.set(sp.externalId, sp)); return list.length; },
  };
  const store: CursorStore = {
    get: (s, entity) => ({ cursor: cursors.get(`${s}|${entity}`) ?? null, etag: null }),
    set: (s, entity, v) => { cursors.set(`${s}|${entity}`, v.cursor); },
  };
  const ctx = (kind: SyncKind, token?: string): SyncContext => ({
    kind, connection: connection(token), settings: DEFAULT_CODE_PROCESS, scopes: [scope],
    since: '2025-02-01T00:00:00.000Z', now: new Date(NOW), write, cursors: store, progress: () => undefined, signal: signal(),
  });
  return { issues, writes, accounts, sprints, cursors, ctx };
}

const revisionRequests = () => fake.requests.filter((r) => r.method === 'GET' && r.path.includes('/reporting/workItemRevisions'));

it('tests the connection through the SDK’s location handshake, names a missing scope and a bad token (never echoed), lists projects', async () => {
  expect(await azureAdapter.test(connection(), signal())).toEqual({ ok: true, missing: [], info: { user: 'Teamlens Sync' }, message: 'Connected as Teamlens Sync to acme (1 project).' });
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
    createdAt: i.createdAt, resolvedAt: i.resolvedAt, storyPoints: i.storyPoints, statusCategory: i.statusCategory,
    transitions: i.transitions.map((t) => [t.at, t.fromCategory ?? 'TODO', t.toCategory]), sprints: (i.sprints ?? []).map((s) => [s.addedAt, s.removedAt]),
  });
  const expected = syntheticRecords().projects[0]!.issues;
  expect(Object.fromEntries([...rec.issues.values()].map((i) => [i.key, project(i)]))).toEqual(Object.fromEntries(expected.map((i) => [i.key.split('-')[1], project(i)])));
  const wi4 = rec.issues.get('4')!;
  expect(wi4.transitions.map((t) => `${t.fromStatus}→${t.toStatus}`)).toEqual(['New→Active', 'Active→Closed', 'Closed→Active', 'Active→Closed']);
  expect(wi4).toMatchObject({ issueType: 'User Story', status: 'Closed', url: `${fake.url}/acme/Alpha/_workitems/edit/4` });
  expect(wi4.sprints).toEqual([{ sprintExternalId: 'Alpha\\Alpha sprint 1', addedAt: '2025-03-12T10:00:00.000Z', removedAt: null }]);
  // The iteration is the sprint, under the path work items name it by.
  expect([...rec.sprints.values()]).toEqual(syntheticRecords().projects[0]!.sprints.map((sp) => ({ ...sp, externalId: 'Alpha\\Alpha sprint 1' })));
  expect(rec.accounts.get('ado-carol')).toEqual({ externalId: 'ado-carol', login: 'carol@acme.test', displayName: 'Carol Chen', email: 'carol@acme.test', isBot: false });

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
  expect(fake.requests.filter((r) => r.path.includes('/revisions/')).map((r) => r.path.split('?')[0])).toEqual(['/acme/Alpha/_apis/wit/workItems/6/revisions/2']);
  expect(rec.issues.get('6')!.transitions.at(-1)).toEqual({ externalId: '6-3', at: '2025-03-30T10:00:00.000Z', fromStatus: 'Active', toStatus: 'Closed', fromCategory: 'IN_PROGRESS', toCategory: 'DONE' });
  expect(rec.issues.get('6')).toMatchObject({ statusCategory: 'DONE', resolvedAt: '2025-03-30T10:00:00.000Z' });
  expect(rec.cursors.get(`${AZURE_PROJECT.id}|revisions`)).toBe('21');
});

it('stops on a 429 with Retry-After as RATE_LIMITED, keeps the written pages’ token and resumes from it; a revoked PAT is AUTH', async () => {
  const rec = recorder();
  fake.requests.length = 0;
  fake.failNext({ status: 429, headers: { 'Retry-After': '5' }, path: /workItemRevisions/, after: 1 });
  const err = await azureAdapter.sync(rec.ctx('BACKFILL')).catch((e: unknown) => e) as IntegrationError;
  expect(err).toBeInstanceOf(IntegrationError);
  expect([err.kind, err.retryAt?.toISOString()]).toEqual(['RATE_LIMITED', new Date(Date.parse(NOW) + 5000).toISOString()]);
  expect(rec.cursors.get(`${AZURE_PROJECT.id}|revisions`)).toBe('4');

  fake.requests.length = 0;
  await azureAdapter.sync(rec.ctx('BACKFILL'));
  expect(/continuationToken=(\d+)/.exec(revisionRequests()[0]!.path)?.[1]).toBe('4');
  expect(rec.issues.size).toBe(6);
  expect(rec.issues.get('4')!.transitions).toHaveLength(4);

  const auth = await azureAdapter.sync(rec.ctx('INCREMENTAL', 'revokedpat0000')).catch((e: unknown) => e) as IntegrationError;
  expect(auth.kind).toBe('AUTH');
  expect(auth.message).not.toContain('revokedpat');
});

it('opens a retro action item as a Task work item and sees it close', async () => {
  const created = await azureAdapter.createIssue!(connection(), scope, { title: 'Write the deploy checklist', body: 'From the retro.\n\n<Owner>: Bob' }, signal());
  expect(created).toEqual({ externalId: '7', key: '7', url: `${fake.url}/acme/Alpha/_workitems/edit/7` });
  expect(fake.revisions.at(-1)!.fields).toMatchObject({ 'System.WorkItemType': 'Task', 'System.Title': 'Write the deploy checklist', 'System.Description': '<div>From the retro.</div><div>&lt;Owner&gt;: Bob</div>' });

  expect(await azureAdapter.issueStates!(connection(), scope, ['7'], signal())).toEqual([{ externalId: '7', closedAt: null }]);
  fake.addRevision(7, { at: '2025-03-29T15:00:00.000Z', state: 'Closed' });
  expect(await azureAdapter.issueStates!(connection(), scope, ['7', '999'], signal())).toEqual([{ externalId: '7', closedAt: '2025-03-29T15:00:00.000Z' }]);
});
