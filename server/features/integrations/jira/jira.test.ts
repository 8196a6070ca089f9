import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeOf, createTestApp, seedOrg, signedIn } from '../../../test/helpers.js';
import { fakeClock } from '../../../jobs/jobs.test-support.js';
import { extAccounts, extIssues, extSprints, integrationConnections } from '../integrations.tables.js';
import { DEFAULT_CODE_PROCESS, type SyncKind } from '../../../../shared/integrations.js';
import { startFakeJira, type FakeJira } from '../fakes/fake-jira.js';
import { DC_SITE_URL } from '../fakes/fake-jira.data.js';
import { IntegrationError } from '../integrations.errors.js';
import type { AccountInput, CursorStore, IngestWriter, IssueInput, OpenConnection, SprintInput, SyncContext } from '../integrations.provider.js';
import { NOW, PEOPLE } from '../sample/synthetic-dataset.js';
import { syntheticRecords } from '../sample/synthetic-records.js';
import { jiraAdapter } from './jira.adapter.js';
import { FAKES_ENV, fakesOutbound } from '../integrations.outbound.test-support.js';

/** The fakes on 127.0.0.1 are allowed the operator's way (OUTBOUND_ALLOW_PRIVATE, docs/decisions/0054). */
const outbound = fakesOutbound();

let fake: FakeJira;
/** The same site as Jira Data Center 10 under /jira: REST API v2, a Bearer personal access token. */
let dcFake: FakeJira;
/** The app (one for the file): connecting Data Center through the API, the sync engine on the scheduler's clock. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ ...FAKES_ENV });
  await app.services.scheduler.stop();
  app.services.scheduler.useClock(fakeClock(new Date().toISOString()).now);
  // Pages of 2 issues; at most 3 histories embedded per issue: ALPHA-4's five changes need the changelog endpoint.
  fake = await startFakeJira({ maxResults: 2, changelogMax: 3, timeZone: 'Europe/Berlin', now: () => new Date('2025-03-28T08:00:00.000Z') });
  dcFake = await startFakeJira({
    flavour: 'DATA_CENTER',
    contextPath: '/jira',
    maxResults: 2,
    changelogMax: 3,
    timeZone: 'Europe/Berlin',
    now: () => new Date('2025-03-28T08:00:00.000Z'),
  });
});
afterAll(async () => {
  await fake?.close();
  await dcFake?.close();
  await app?.close();
});

const SECRET = 'jira-webhook-secret-0123456789';
const signal = () => new AbortController().signal;
const connection = (o: { token?: string; info?: Record<string, string> } = {}): OpenConnection => ({
  id: 'conn-jira',
  organizationId: 'org',
  provider: 'JIRA',
  baseUrl: fake.url,
  account: fake.email,
  authKind: 'TOKEN',
  credentials: { token: o.token ?? fake.token },
  externalInfo: o.info ?? { timeZone: 'Europe/Berlin', siteUrl: 'https://acme.atlassian.net' },
  backfillMonths: 6,
  outbound,
});

const DC_INFO = { flavour: 'DATA_CENTER', timeZone: 'Europe/Berlin', siteUrl: DC_SITE_URL, storyPointsField: 'customfield_10106' };
/** A Data Center connection: base URL with the context path, no account email, the PAT. */
const dcConnection = (o: { token?: string; info?: Record<string, string>; account?: string; baseUrl?: string } = {}): OpenConnection => ({
  id: 'conn-jira-dc',
  organizationId: 'org',
  provider: 'JIRA',
  baseUrl: o.baseUrl ?? dcFake.url,
  account: o.account ?? '',
  authKind: 'TOKEN',
  credentials: { token: o.token ?? dcFake.token },
  externalInfo: o.info ?? DC_INFO,
  backfillMonths: 6,
  outbound,
});

/** A writer that records what the adapter hands it (no database), and cursors in a map. */
function recorder(info?: Record<string, string>, make: typeof connection = connection) {
  const issues = new Map<string, IssueInput>();
  const writes: string[][] = [];
  const sprints = new Map<string, SprintInput & { scopeId: string }>();
  const accounts = new Map<string, AccountInput>();
  const cursors = new Map<string, string | null>();
  const write: IngestWriter = {
    scope: (s) => ({ id: `scope-${s.externalId}`, included: true }),
    accounts: (list) => list.forEach((a) => accounts.set(a.externalId, a)),
    pullRequests: () => 0,
    deployments: () => 0,
    issues: (_scopeId, list) => {
      writes.push(list.map((i) => i.key));
      list.forEach((i) => issues.set(i.key, i));
      return list.length;
    },
    sprints: (scopeId, list) => {
      list.forEach((s) => sprints.set(s.externalId, { ...s, scopeId }));
      return list.length;
    },
  };
  const store: CursorStore = {
    get: (scope, entity) => ({ cursor: cursors.get(`${scope}|${entity}`) ?? null, etag: null }),
    set: (scope, entity, v) => {
      cursors.set(`${scope}|${entity}`, v.cursor);
    },
  };
  const ctx = (kind: SyncKind, token?: string): SyncContext => ({
    kind,
    connection: make({ token, info }),
    settings: DEFAULT_CODE_PROCESS,
    scopes: [{ id: 's-alpha', kind: 'PROJECT', externalId: '10000', name: 'ALPHA' }],
    since: '2025-02-28T23:30:00.000Z',
    now: new Date(NOW),
    write,
    cursors: store,
    progress: () => undefined,
    signal: signal(),
  });
  return { issues, writes, sprints, accounts, cursors, write, ctx };
}

const searches = () => fake.requests.filter((r) => r.path.startsWith('/rest/api/3/search/jql'));

it('tests the connection in plain words: the user and time zone, a missing permission, a bad token (never echoed)', async () => {
  expect(await jiraAdapter.test(connection(), signal())).toEqual({
    ok: true,
    missing: [],
    message: 'Connected as Teamlens Sync (time zone Europe/Berlin); 1 project visible.',
    info: { flavour: 'CLOUD', timeZone: 'Europe/Berlin', accountId: 'jira-teamlens', siteUrl: 'https://acme.atlassian.net' },
  });

  fake.denyProjects = true;
  const lacking = await jiraAdapter.test(connection(), signal());
  fake.denyProjects = false;
  expect(lacking, lacking.message).toMatchObject({ ok: false, missing: ['Browse projects'] });
  expect(lacking.message).toMatch(/Browse projects/);

  const bad = await jiraAdapter.test(connection({ token: 'ATATT-wrong-token-9999' }), signal());
  expect(bad).toEqual({
    ok: false,
    missing: [],
    message: 'Jira rejected the email and API token: the token is wrong, expired or revoked, or the email is not its owner.',
  });
  expect(JSON.stringify(bad)).not.toContain('wrong-token');
  expect(JSON.stringify(bad)).not.toContain(fake.email);

  expect(await jiraAdapter.listScopes(connection(), signal())).toEqual([
    { kind: 'PROJECT', externalId: '10000', name: 'ALPHA', url: 'https://acme.atlassian.net/browse/ALPHA', defaultBranch: null },
    { kind: 'BOARD', externalId: '1', name: 'ALPHA board', url: null, defaultBranch: null },
  ]);
});

it('backfills ALPHA into exactly the synthetic records: nextPageToken pages, a truncated changelog fetched, the JQL bound in the user’s time zone', async () => {
  const rec = recorder();
  fake.requests.length = 0;
  fake.jqls.length = 0;
  await jiraAdapter.sync(rec.ctx('BACKFILL'));

  const expected = syntheticRecords().projects[0]!;
  const byKey = (list: IssueInput[]) => [...list].sort((a, b) => a.key.localeCompare(b.key));
  expect(byKey([...rec.issues.values()])).toEqual(byKey(expected.issues));
  expect([...rec.sprints.values()]).toEqual(expected.sprints.map((s) => ({ ...s, scopeId: 's-alpha' })));
  const jiraAccounts = syntheticRecords().accounts.filter((a) => a.externalId.startsWith('jira-'));
  expect([...rec.accounts.values()].sort((a, b) => a.externalId.localeCompare(b.externalId))).toEqual(
    [...jiraAccounts].sort((a, b) => a.externalId.localeCompare(b.externalId)),
  );

  // Hand values: ALPHA-4's four transitions with the reopen, sprint membership from the Sprint field change.
  const a4 = rec.issues.get('ALPHA-4')!;
  expect(a4.transitions.map((t) => [t.at, t.toStatus, t.toCategory])).toEqual([
    ['2025-03-13T09:00:00.000Z', 'In Progress', 'IN_PROGRESS'],
    ['2025-03-14T09:00:00.000Z', 'Done', 'DONE'],
    ['2025-03-14T12:00:00.000Z', 'In Progress', 'IN_PROGRESS'],
    ['2025-03-15T12:00:00.000Z', 'Done', 'DONE'],
  ]);
  expect(a4.sprints).toEqual([{ sprintExternalId: '1', addedAt: '2025-03-12T10:00:00.000Z', removedAt: null }]);
  expect(rec.issues.get('ALPHA-2')).toMatchObject({ createdAt: '2025-03-01T09:00:00.000Z', storyPoints: 5 });

  // 23:30 UTC on Feb 28 is 00:30 on Mar 1 in Berlin: the JQL says so.
  expect(fake.jqls).toEqual(Array(3).fill('project = ALPHA AND updated >= "2025/03/01 00:30" ORDER BY updated ASC'));
  const pages = searches();
  expect(pages).toHaveLength(3);
  expect(pages[0]!.path).toContain('customfield_10016');
  expect(pages[0]!.path).toContain('expand=changelog');
  expect(pages.slice(1).every((p) => p.path.includes('nextPageToken='))).toBe(true);
  expect(rec.writes).toEqual([
    ['ALPHA-1', 'ALPHA-3'],
    ['ALPHA-2', 'ALPHA-4'],
    ['ALPHA-5', 'ALPHA-6'],
  ]);
  // Only ALPHA-4's changelog was cut short: its five changes in pages of 2.
  expect(fake.requests.filter((r) => r.path.includes('/changelog')).map((r) => r.path)).toEqual(
    [0, 2, 4].map((at) => `/rest/api/3/issue/10004/changelog?startAt=${at}&maxResults=100`),
  );
  expect(rec.cursors.get('10000|issues')).toBe('2025-03-24T09:00:00.000Z');
});

it('stops on a 429 with Retry-After as RATE_LIMITED at now + 5 s, keeps the written pages’ cursor, and resumes from it without a gap', async () => {
  const rec = recorder({ siteUrl: 'https://acme.atlassian.net' });
  fake.jqls.length = 0;
  fake.failNext({ status: 429, headers: { 'Retry-After': '5' }, path: /search\/jql/, after: 1 });
  const err = await jiraAdapter.sync(rec.ctx('BACKFILL')).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(IntegrationError);
  expect((err as IntegrationError).kind).toBe('RATE_LIMITED');
  expect((err as IntegrationError).retryAt?.toISOString()).toBe(new Date(Date.parse(NOW) + 5000).toISOString());
  expect(rec.writes).toEqual([['ALPHA-1', 'ALPHA-3']]);
  expect(rec.cursors.get('10000|issues')).toBe('2025-03-07T18:00:00.000Z');
  // No time zone known: UTC with a day more (any zone's wall time is within it).
  expect(fake.jqls[0]).toBe('project = ALPHA AND updated >= "2025/02/27 23:30" ORDER BY updated ASC');

  await jiraAdapter.sync(rec.ctx('BACKFILL'));
  // From the cursor less the 24 h overlap (and the unknown zone's day): ALPHA-3 again (an upsert), then the rest.
  expect(fake.jqls.at(-1)).toBe('project = ALPHA AND updated >= "2025/03/05 18:00" ORDER BY updated ASC');
  expect(rec.writes.slice(1).flat()).toEqual(['ALPHA-3', 'ALPHA-2', 'ALPHA-4', 'ALPHA-5', 'ALPHA-6']);
  expect(rec.issues.size).toBe(6);
});

it('classifies a revoked token, a 503 with Retry-After and a malformed body, never with a credential in the message', async () => {
  const rec = recorder();
  const auth = (await jiraAdapter.sync(rec.ctx('BACKFILL', 'ATATT-revoked-token-1111')).catch((e: unknown) => e)) as IntegrationError;
  expect(auth.kind).toBe('AUTH');
  expect(auth.message).toMatch(/^Jira rejected the email and API token/);
  expect(auth.message).not.toContain('revoked-token');
  expect(auth.message).not.toContain(fake.email);

  fake.failNext({ status: 503, headers: { 'Retry-After': '120' }, path: /search\/jql/ });
  const down = (await jiraAdapter.sync(rec.ctx('BACKFILL')).catch((e: unknown) => e)) as IntegrationError;
  expect([down.kind, down.retryAt?.toISOString()]).toEqual(['UNAVAILABLE', new Date(Date.parse(NOW) + 120_000).toISOString()]);

  fake.failNext({ status: 200, body: '{"issues": [tru', path: /search\/jql/ });
  const bad = (await jiraAdapter.sync(rec.ctx('BACKFILL')).catch((e: unknown) => e)) as IntegrationError;
  expect(bad.kind).toBe('BAD_PAYLOAD');
  expect(rec.issues.size).toBe(0);
});

it('verifies webhook signatures and turns issue events into issue records (a resolved one closes its action item)', async () => {
  const rec = recorder();
  const { headers, body } = fake.webhookDelivery('jira:issue_updated', 'ALPHA-1', SECRET, 'wh-1');
  const delivery = jiraAdapter.webhook!({ connection: connection(), webhookSecret: SECRET, headers, rawBody: body });
  expect(delivery).toMatchObject({ deliveryId: 'wh-1', event: 'jira:issue_updated' });
  expect(delivery!.apply(rec.write, DEFAULT_CODE_PROCESS)).toEqual({ written: 1, closedIssues: ['10001'] });
  expect(rec.issues.get('ALPHA-1')).toMatchObject({
    status: 'Done',
    statusCategory: 'DONE',
    resolvedAt: '2025-03-05T10:00:00.000Z',
    storyPoints: 3,
    url: 'https://acme.atlassian.net/browse/ALPHA-1',
  });
  // Transitions and sprints come with the next sync's changelog (left untouched here).
  expect(rec.issues.get('ALPHA-1')!.transitions).toEqual([]);
  expect(rec.issues.get('ALPHA-1')!.sprints).toBeUndefined();

  const unsigned = fake.webhookDelivery('jira:issue_created', 'ALPHA-6', SECRET);
  expect(
    jiraAdapter.webhook!({ connection: connection(), webhookSecret: 'another-secret-0123456789', headers: unsigned.headers, rawBody: unsigned.body }),
  ).toBeNull();
  const tampered = Buffer.from(unsigned.body.toString().replace('Self-service refunds', 'Hacked'));
  expect(jiraAdapter.webhook!({ connection: connection(), webhookSecret: SECRET, headers: unsigned.headers, rawBody: tampered })).toBeNull();
  expect(jiraAdapter.webhook!({ connection: connection(), webhookSecret: null, headers: unsigned.headers, rawBody: unsigned.body })).toBeNull();
  // Without Jira's identifier header the id is the payload's timestamp, issue and event (a replay keeps it).
  const ok = jiraAdapter.webhook!({ connection: connection(), webhookSecret: SECRET, headers: unsigned.headers, rawBody: unsigned.body });
  expect(ok!.deliveryId).toBe(`${Date.parse('2025-03-24T09:00:00.000Z')}-10006-jira:issue_created`);
  expect(ok!.apply(rec.write, DEFAULT_CODE_PROCESS)).toEqual({ written: 1, closedIssues: [] });
});

it('an incremental sync reads from the cursor less 24 h in the user’s time zone and fetches only what changed', async () => {
  const rec = recorder();
  await jiraAdapter.sync(rec.ctx('BACKFILL'));
  rec.writes.length = 0;
  fake.jqls.length = 0;
  fake.requests.length = 0;
  fake.updateIssue('ALPHA-3', { at: '2025-03-30T10:00:00.000Z', summary: 'Checkout errors after the 7 March deploy' });

  await jiraAdapter.sync(rec.ctx('INCREMENTAL'));
  // Cursor 24 Mar 09:00 UTC less a day = 23 Mar 10:00 in Berlin (CET).
  expect(fake.jqls).toEqual(['project = ALPHA AND updated >= "2025/03/23 10:00" ORDER BY updated ASC']);
  expect(rec.writes).toEqual([['ALPHA-6', 'ALPHA-3']]);
  expect(rec.issues.get('ALPHA-3')!.title).toBe('Checkout errors after the 7 March deploy');
  expect(rec.cursors.get('10000|issues')).toBe('2025-03-30T10:00:00.000Z');
  expect(fake.requests.some((r) => r.path.includes('/changelog'))).toBe(false);
});

it('opens a retro action item as a Task with an ADF description and sees it close', async () => {
  const created = await jiraAdapter.createIssue!(
    connection(),
    { kind: 'PROJECT', externalId: '10000', name: 'ALPHA' },
    { title: 'Write the deploy checklist', body: 'From the retro of sprint 1.\n\nOwner: Bob.' },
    signal(),
  );
  expect(created).toEqual({ externalId: '20000', key: 'ALPHA-7', url: 'https://acme.atlassian.net/browse/ALPHA-7' });
  expect(fake.issues.at(-1)).toMatchObject({ summary: 'Write the deploy checklist', type: 'Task' });

  const scope = { kind: 'PROJECT' as const, externalId: '10000', name: 'ALPHA' };
  expect(await jiraAdapter.issueStates!(connection(), scope, ['20000', '10006'], signal())).toEqual([
    { externalId: '10006', closedAt: null },
    { externalId: '20000', closedAt: null },
  ]);
  fake.updateIssue('ALPHA-7', { at: '2025-03-29T15:00:00.000Z', status: 'Done' });
  expect(await jiraAdapter.issueStates!(connection(), scope, ['20000'], signal())).toEqual([{ externalId: '20000', closedAt: '2025-03-29T15:00:00.000Z' }]);
});

// ---- Jira Data Center (Server 9.x/10.x): REST API v2, a personal access token as Bearer, startAt pages ----

const dcSearches = () => dcFake.requests.filter((r) => r.path.startsWith('/rest/api/2/search'));
/** The dataset's Jira people as Data Center names them: the user key, the username as login. */
const dcAccounts = () =>
  syntheticRecords()
    .accounts.filter((a) => a.externalId.startsWith('jira-'))
    .map((a) => ({ ...a, login: PEOPLE.find((p) => p.jiraAccountId === a.externalId)!.key }))
    .sort((a, b) => a.externalId.localeCompare(b.externalId));

it('Data Center: detects the flavour, tests a personal access token in plain words (bad, lacking, unreachable, wrong path)', async () => {
  // A draft as the connect form sends it: base URL with the context path and the PAT, no email, nothing known yet.
  const draft = (o: Parameters<typeof dcConnection>[0] = {}) => dcConnection({ info: {}, ...o });
  expect(await jiraAdapter.test(draft(), signal())).toEqual({
    ok: true,
    missing: [],
    message: 'Connected to Jira Data Center 10.3.1 as Teamlens Sync (time zone Europe/Berlin); 1 project visible.',
    info: {
      flavour: 'DATA_CENTER',
      timeZone: 'Europe/Berlin',
      accountId: 'JIRAUSER10000',
      siteUrl: DC_SITE_URL,
      version: '10.3.1',
      storyPointsField: 'customfield_10106',
    },
  });
  // An email typed anyway changes nothing: Data Center signs in with the token alone.
  expect((await jiraAdapter.test(draft({ account: 'someone@acme.test' }), signal())).ok).toBe(true);
  expect(dcFake.requests.some((r) => r.path.startsWith('/rest/api/3/'))).toBe(false);

  const bad = await jiraAdapter.test(draft({ token: 'NjM0-wrong-pat-9999' }), signal());
  expect(bad).toEqual({
    ok: false,
    missing: [],
    message: 'Jira rejected the personal access token: it is wrong, expired or revoked. Create one in Jira under your profile → Personal Access Tokens.',
  });
  expect(JSON.stringify(bad)).not.toContain('wrong-pat');

  dcFake.denyProjects = true;
  const lacking = await jiraAdapter.test(draft(), signal());
  dcFake.denyProjects = false;
  expect(lacking).toMatchObject({
    ok: false,
    missing: ['Browse projects'],
    message: 'Connected as Teamlens Sync, but it sees no project: give it the “Browse projects” permission.',
  });

  const noPath = await jiraAdapter.test(draft({ baseUrl: dcFake.url.replace(/\/jira$/, '') }), signal());
  expect(noPath.message).toBe(
    'No Jira answered at this base URL: check the address, including the context path if Jira runs under one (for example https://jira.example.com/jira).',
  );
  const down = await jiraAdapter.test(draft({ baseUrl: 'http://127.0.0.1:9/jira' }), signal());
  expect(down).toMatchObject({
    ok: false,
    message: "Jira could not be reached: check the base URL and the network. An address on a private network must be allowed by the server's operator.",
  });

  // The Cloud site without an email: the form chose Data Center for a Cloud site.
  const cloudNoEmail = await jiraAdapter.test({ ...connection({ info: {} }), account: '' }, signal());
  expect(cloudNoEmail).toEqual({
    ok: false,
    missing: [],
    message: 'This is a Jira Cloud site: it signs in with the Atlassian account email and an API token. Choose Jira Cloud and give the email.',
  });

  expect(await jiraAdapter.listScopes(dcConnection(), signal())).toEqual([
    { kind: 'PROJECT', externalId: '10000', name: 'ALPHA', url: `${DC_SITE_URL}/browse/ALPHA`, defaultBranch: null },
    { kind: 'BOARD', externalId: '1', name: 'ALPHA board', url: null, defaultBranch: null },
  ]);
});

it('Data Center: backfills ALPHA into the same issues, transitions and sprints as Cloud (startAt pages, users by key, the whole changelog from the issue)', async () => {
  const rec = recorder(undefined, dcConnection);
  dcFake.requests.length = 0;
  dcFake.jqls.length = 0;
  await jiraAdapter.sync(rec.ctx('BACKFILL'));

  const expected = syntheticRecords().projects[0]!;
  const byKey = (list: IssueInput[]) => [...list].sort((a, b) => a.key.localeCompare(b.key));
  const onDc = (i: IssueInput) => ({
    ...i,
    url: `${DC_SITE_URL}/browse/${i.key}`,
    assignee: i.assignee ? { ...i.assignee, login: PEOPLE.find((p) => p.jiraAccountId === i.assignee!.externalId)!.key } : null,
  });
  expect(byKey([...rec.issues.values()])).toEqual(byKey(expected.issues.map(onDc)));
  expect([...rec.sprints.values()]).toEqual(expected.sprints.map((s) => ({ ...s, scopeId: 's-alpha' })));
  expect([...rec.accounts.values()].sort((a, b) => a.externalId.localeCompare(b.externalId))).toEqual(dcAccounts());
  // Story points from Data Center's own field (customfield_10106, found by name), sprints from its greenhopper strings.
  expect(rec.issues.get('ALPHA-2')).toMatchObject({ createdAt: '2025-03-01T09:00:00.000Z', storyPoints: 5 });
  expect(rec.issues.get('ALPHA-4')!.transitions.map((t) => t.toStatus)).toEqual(['In Progress', 'Done', 'In Progress', 'Done']);

  expect(dcFake.jqls).toEqual(Array(3).fill('project = ALPHA AND updated >= "2025/03/01 00:30" ORDER BY updated ASC'));
  const pages = dcSearches().map((r) => r.path);
  expect(pages).toHaveLength(3);
  expect(pages.map((p) => /startAt=(\d+)/.exec(p)?.[1])).toEqual(['0', '2', '4']);
  expect(pages[0]).toContain('customfield_10106');
  expect(pages[0]).toContain('customfield_10104');
  expect(pages[0]).toContain('expand=changelog');
  expect(rec.writes).toEqual([
    ['ALPHA-1', 'ALPHA-3'],
    ['ALPHA-2', 'ALPHA-4'],
    ['ALPHA-5', 'ALPHA-6'],
  ]);
  // ALPHA-4's changelog was cut short: Data Center has no changelog endpoint, the issue brings it whole.
  expect(dcFake.requests.filter((r) => /^\/rest\/api\/2\/issue\//.test(r.path)).map((r) => r.path)).toEqual([
    '/rest/api/2/issue/10004?fields=status&expand=changelog',
  ]);
  expect(dcFake.requests.some((r) => r.path.startsWith('/rest/api/2/user/search?username=.'))).toBe(true);
  expect(dcFake.requests.some((r) => r.path.startsWith('/rest/api/3/'))).toBe(false);
  expect(rec.cursors.get('10000|issues')).toBe('2025-03-24T09:00:00.000Z');

  // The incremental run: from the cursor less a day, only what changed.
  rec.writes.length = 0;
  dcFake.jqls.length = 0;
  dcFake.requests.length = 0;
  dcFake.updateIssue('ALPHA-3', { at: '2025-03-30T10:00:00.000Z', summary: 'Checkout errors after the 7 March deploy' });
  await jiraAdapter.sync(rec.ctx('INCREMENTAL'));
  expect(dcFake.jqls).toEqual(['project = ALPHA AND updated >= "2025/03/23 10:00" ORDER BY updated ASC']);
  expect(rec.writes).toEqual([['ALPHA-6', 'ALPHA-3']]);
  expect(rec.issues.get('ALPHA-3')!.title).toBe('Checkout errors after the 7 March deploy');
  expect(rec.cursors.get('10000|issues')).toBe('2025-03-30T10:00:00.000Z');
  expect(dcSearches()).toHaveLength(1);
});

it('Data Center: a revoked token and a 429 are classified in plain words, the token never in them', async () => {
  const rec = recorder(undefined, dcConnection);
  const auth = (await jiraAdapter.sync(rec.ctx('BACKFILL', 'NjM0-revoked-pat-1111')).catch((e: unknown) => e)) as IntegrationError;
  expect(auth.kind).toBe('AUTH');
  expect(auth.message).toBe('Jira rejected the personal access token (statuses): it is wrong, expired or revoked.');

  dcFake.failNext({ status: 429, headers: { 'Retry-After': '5' }, path: /\/rest\/api\/2\/search$/, after: 1 });
  const limited = (await jiraAdapter.sync(rec.ctx('BACKFILL')).catch((e: unknown) => e)) as IntegrationError;
  expect([limited.kind, limited.retryAt?.toISOString()]).toEqual(['RATE_LIMITED', new Date(Date.parse(NOW) + 5000).toISOString()]);
  // The first page written (ALPHA-3 moved last: the backfill test changed it), its cursor kept.
  expect(rec.writes).toEqual([['ALPHA-1', 'ALPHA-2']]);
  expect(rec.cursors.get('10000|issues')).toBe(rec.issues.get('ALPHA-2')!.updatedAt);
});

it('Data Center: a signed webhook (X-Hub-Signature) lands the issue with its points; action items open with a plain description and close', async () => {
  const rec = recorder(undefined, dcConnection);
  const { headers, body } = dcFake.webhookDelivery('jira:issue_updated', 'ALPHA-1', SECRET);
  const delivery = jiraAdapter.webhook!({ connection: dcConnection(), webhookSecret: SECRET, headers, rawBody: body });
  expect(delivery!.apply(rec.write, DEFAULT_CODE_PROCESS)).toEqual({ written: 1, closedIssues: ['10001'] });
  expect(rec.issues.get('ALPHA-1')).toMatchObject({ statusCategory: 'DONE', storyPoints: 3, url: `${DC_SITE_URL}/browse/ALPHA-1` });
  expect(rec.accounts.get('jira-alice')).toMatchObject({ login: 'alice', displayName: 'Alice Archer' });
  expect(jiraAdapter.webhook!({ connection: dcConnection(), webhookSecret: 'another-secret-0123456789', headers, rawBody: body })).toBeNull();

  const scope = { kind: 'PROJECT' as const, externalId: '10000', name: 'ALPHA' };
  const created = await jiraAdapter.createIssue!(dcConnection(), scope, { title: 'Write the deploy checklist', body: 'From the retro of sprint 1.' }, signal());
  expect(created).toEqual({ externalId: '20000', key: 'ALPHA-7', url: `${DC_SITE_URL}/browse/ALPHA-7` });
  expect(await jiraAdapter.issueStates!(dcConnection(), scope, ['20000'], signal())).toEqual([{ externalId: '20000', closedAt: null }]);
  dcFake.updateIssue('ALPHA-7', { at: '2025-03-29T15:00:00.000Z', status: 'Done' });
  expect(await jiraAdapter.issueStates!(dcConnection(), scope, ['20000', '10006'], signal())).toEqual([
    { externalId: '10006', closedAt: null },
    { externalId: '20000', closedAt: '2025-03-29T15:00:00.000Z' },
  ]);
});

it('Data Center through the API: the connect form’s input (no email) is tested, refused in plain words with a bad token, connected and synced', async () => {
  // Its own fake: the tests above changed the shared one's issues.
  const server = await startFakeJira({ flavour: 'DATA_CENTER', timeZone: 'Europe/Berlin' });
  try {
    const world = await seedOrg(app);
    const admin = await signedIn(app, world.admin.email);
    const CONNECT = `mutation($input: ConnectIntegrationInput!) { connectIntegration(input: $input) { id account edition status scopes { name included } } }`;
    const input = { provider: 'JIRA', base_url: server.url, token: server.token, backfill_months: 24 };

    const bad = await admin.gql(CONNECT, { input: { ...input, token: 'NjM0-bad-pat-0000' } });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors![0]!.message).toBe(
      'Jira rejected the personal access token: it is wrong, expired or revoked. Create one in Jira under your profile → Personal Access Tokens.',
    );

    const r = await admin.gql(CONNECT, { input });
    expect(r.errors).toBeUndefined();
    const c = r.data!.connectIntegration as { id: string; account: string; status: string; scopes: Array<{ name: string; included: boolean }> };
    expect(c).toMatchObject({ account: '', edition: 'Jira Data Center', status: 'CONNECTED' });
    expect(c.scopes.map((x) => x.name).sort()).toEqual(['ALPHA', 'ALPHA board']);
    const row = app.services.db.select().from(integrationConnections).where(eq(integrationConnections.id, c.id)).get()!;
    expect(row.external_info).toMatchObject({ flavour: 'DATA_CENTER', siteUrl: DC_SITE_URL, storyPointsField: 'customfield_10106' });

    for (let i = 0; i < 20; i += 1) {
      const t = await app.services.scheduler.tick();
      if (!t.done && !t.failed && !t.dead && !t.lost) break;
    }
    const runs = (await admin.gql(`query($id: ID!) { integration(id: $id) { sync_runs(limit: 5) { kind status error } } }`, { id: c.id })).data!
      .integration as { sync_runs: unknown[] };
    expect(runs.sync_runs).toEqual([{ kind: 'BACKFILL', status: 'DONE', error: null }]);
    const issues = app.services.db.select().from(extIssues).where(eq(extIssues.connection_id, c.id)).all();
    expect(issues.map((i) => i.key).sort()).toEqual(
      syntheticRecords()
        .projects[0]!.issues.map((i) => i.key)
        .sort(),
    );
    expect(issues.find((i) => i.key === 'ALPHA-2')).toMatchObject({ story_points: 5, url: `${DC_SITE_URL}/browse/ALPHA-2` });
    // ALPHA-4's cycle from its Data Center changelog: in progress 13→14 March and again 14→15 March (reopened), 24 h each.
    expect(issues.find((i) => i.key === 'ALPHA-4')).toMatchObject({
      status_category: 'DONE',
      first_in_progress_at: '2025-03-13T09:00:00.000Z',
      resolved_at: '2025-03-15T12:00:00.000Z',
      cycle_minutes: 2 * 24 * 60,
    });
    expect(app.services.db.select().from(extSprints).where(eq(extSprints.connection_id, c.id)).all()).toHaveLength(1);
    const accounts = app.services.db.select().from(extAccounts).where(eq(extAccounts.connection_id, c.id)).all();
    expect(accounts.map((a) => [a.external_id, a.login]).sort()).toEqual(dcAccounts().map((a) => [a.externalId, a.login]));
  } finally {
    await server.close();
  }
});
