import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Scheduler } from '../../../jobs/jobs.scheduler.js';
import { fakeClock } from '../../../jobs/jobs.test-support.js';
import { codeOf, createTestApp, seedOrg, signedIn } from '../../../test/helpers.js';
import { seedEndedRetro } from '../../retros/retros.progress.test-support.js';
import { retroActionItems } from '../../retros/retros.tables.js';
import { extAccounts, extPrEvents, extPullRequests, retroActionIssues } from '../integrations.tables.js';
import { DEFAULT_CODE_PROCESS, type CodeProcessSettings, type SyncKind } from '../../../../shared/integrations.js';
import { startFakeBitbucket, type FakeBitbucket } from '../fakes/fake-bitbucket.js';
import { IntegrationError } from '../integrations.errors.js';
import type { AccountInput, CursorStore, DeploymentInput, IngestWriter, OpenConnection, PullRequestInput, SyncContext } from '../integrations.provider.js';
import { NOW } from '../sample/synthetic-dataset.js';
import { syntheticRecords } from '../sample/synthetic-records.js';
import { bitbucketAdapter } from './bitbucket.adapter.js';
import { bitbucketSignature } from './bitbucket.webhook.js';
import { FAKES_ENV, fakesOutbound } from '../integrations.outbound.test-support.js';

/** The fakes on 127.0.0.1 are allowed the operator's way (OUTBOUND_ALLOW_PRIVATE, docs/decisions/0054). */
const outbound = fakesOutbound();

let fake: FakeBitbucket;
// The app (one for the file) for what goes through the database: review requests written once, retro action items as issues.
let app: FastifyInstance;
let scheduler: Scheduler;
let world: Awaited<ReturnType<typeof seedOrg>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  // Pages of 3: acme/api's 8 pull requests take three pages, followed through `next`.
  fake = await startFakeBitbucket({ maxPagelen: 3 });
  app = await createTestApp({ ...FAKES_ENV });
  scheduler = app.services.scheduler;
  await scheduler.stop();
  scheduler.useClock(fakeClock(new Date().toISOString()).now);
  world = await seedOrg(app);
  admin = await signedIn(app, world.admin.email);
});
afterAll(async () => {
  await fake?.close();
  await app?.close();
});

const connection = (token = fake.token): OpenConnection => ({
  id: 'conn-bb',
  organizationId: 'org',
  provider: 'BITBUCKET',
  baseUrl: fake.url,
  account: 'acme',
  authKind: 'TOKEN',
  credentials: { token },
  externalInfo: {},
  backfillMonths: 6,
  outbound,
});

/** A writer that only records what the adapter hands it (no database), and cursors in a map. */
function recorder() {
  const pullRequests = new Map<string, PullRequestInput>();
  const writes: Array<{ scopeId: string; externalIds: string[] }> = [];
  const deployments = new Map<string, DeploymentInput & { scopeId: string }>();
  const accounts = new Map<string, AccountInput>();
  const cursors = new Map<string, { cursor: string | null; etag: string | null }>();
  const write: IngestWriter = {
    scope: (info) => ({ id: `s-${info.externalId.split('/')[1]}`, included: true }),
    accounts: (list) => list.forEach((a) => accounts.set(a.externalId, a)),
    pullRequests: (scopeId, list) => {
      writes.push({ scopeId, externalIds: list.map((p) => p.externalId) });
      list.forEach((p) => pullRequests.set(p.externalId, p));
      return list.length;
    },
    deployments: (scopeId, list) => {
      list.forEach((d) => deployments.set(d.externalId, { ...d, scopeId }));
      return list.length;
    },
    issues: () => 0,
    sprints: () => 0,
  };
  const store: CursorStore = {
    get: (scope, entity) => cursors.get(`${scope}|${entity}`) ?? { cursor: null, etag: null },
    set: (scope, entity, v) => {
      cursors.set(`${scope}|${entity}`, { cursor: v.cursor, etag: v.etag ?? null });
    },
  };
  const ctx = (kind: SyncKind, token?: string, settings: Partial<CodeProcessSettings> = {}): SyncContext => ({
    kind,
    connection: connection(token),
    settings: { ...DEFAULT_CODE_PROCESS, ...settings },
    scopes: [
      { id: 's-api', kind: 'REPOSITORY', externalId: 'acme/api', name: 'acme/api' },
      { id: 's-web', kind: 'REPOSITORY', externalId: 'acme/web', name: 'acme/web' },
    ],
    since: '2025-01-01T00:00:00.000Z',
    now: new Date(NOW),
    write,
    cursors: store,
    progress: () => undefined,
    signal: new AbortController().signal,
  });
  return { pullRequests, writes, deployments, accounts, cursors, ctx };
}

/** When review starts: the first review or comment by someone who is neither the author nor a bot. */
const reviewStart = (pr: PullRequestInput) =>
  pr.events
    .filter((e) => (e.kind === 'REVIEW' || e.kind === 'COMMENT') && e.actor && !e.actor.isBot && e.actor.displayName !== pr.author?.displayName)
    .map((e) => e.at)
    .sort()[0] ?? null;

it('tests the connection in plain words: the workspace, a missing permission, a bad token (never echoed)', async () => {
  expect(await bitbucketAdapter.test(connection(), new AbortController().signal)).toMatchObject({
    ok: true,
    message: 'Connected to the Acme workspace (2 repositories).',
    missing: [],
    info: { workspace: 'acme' },
  });

  fake.scopes.delete('pullrequest');
  const lacking = await bitbucketAdapter.test(connection(), new AbortController().signal);
  fake.scopes.add('pullrequest');
  expect(lacking).toEqual({
    ok: false,
    missing: ['pullrequest'],
    message: 'Bitbucket Cloud refused access: the token lacks the pullrequest permission (read).',
  });

  fake.scopes.delete('pipeline');
  const noPipelines = await bitbucketAdapter.test(connection(), new AbortController().signal);
  fake.scopes.add('pipeline');
  expect(noPipelines).toMatchObject({
    ok: false,
    missing: ['pipeline'],
    message: expect.stringContaining('lacks the pipeline permission (read): deployments cannot be read'),
  });

  const bad = await bitbucketAdapter.test(connection('someone:wrong-app-password-1234'), new AbortController().signal);
  expect(bad.ok).toBe(false);
  expect(bad.message).toMatch(/rejected the credentials.*wrong, expired or revoked/);
  expect(JSON.stringify(bad)).not.toContain('wrong-app-password');

  expect(await bitbucketAdapter.listScopes(connection(), new AbortController().signal)).toEqual([
    { kind: 'REPOSITORY', externalId: 'acme/api', name: 'acme/api', url: 'https://bitbucket.org/acme/api', defaultBranch: 'main' },
    { kind: 'REPOSITORY', externalId: 'acme/web', name: 'acme/web', url: 'https://bitbucket.org/acme/web', defaultBranch: 'main' },
  ]);
});

it('backfills pull requests page by page, with approvals from the activity starting review, sizes from diffstat, and deployments', async () => {
  const rec = recorder();
  fake.requests.length = 0;
  await bitbucketAdapter.sync(rec.ctx('BACKFILL'));

  // Pagination through `next`: acme/api's list took pages 1 to 3, each written before its cursor.
  const lists = fake.requests.filter((r) => r.path.startsWith('/2.0/repositories/acme/api/pullrequests?'));
  expect(lists.map((r) => new URL(r.path, 'http://x').searchParams.get('page'))).toEqual([null, '2', '3']);
  expect(rec.writes.filter((w) => w.scopeId === 's-api').map((w) => w.externalIds.length)).toEqual([3, 3, 2]);

  const expected = syntheticRecords().repos.flatMap((r) => r.pullRequests);
  expect([...rec.pullRequests.keys()].sort()).toEqual(expected.map((p) => p.externalId).sort());
  for (const want of expected) {
    const got = rec.pullRequests.get(want.externalId)!;
    expect({ ...got, events: undefined, url: undefined, mergeCommitSha: undefined, author: got.author?.displayName }, want.externalId).toEqual({
      ...want,
      events: undefined,
      url: undefined,
      mergeCommitSha: undefined,
      author: want.author?.displayName,
    });
    // First commit (coding starts) and the start of review are those of the dataset.
    expect(
      got.events
        .filter((e) => e.kind === 'COMMIT')
        .map((e) => e.at)
        .sort()[0],
    ).toBe(
      want.events
        .filter((e) => e.kind === 'COMMIT')
        .map((e) => e.at)
        .sort()[0],
    );
    expect(reviewStart(got), want.externalId).toBe(reviewStart(want));
  }
  // #2 has no comment at all: only carol's approval, which Bitbucket lists in the activity.
  const two = rec.pullRequests.get('acme/api#2')!;
  expect(two.events.filter((e) => e.kind !== 'COMMIT')).toEqual([
    {
      externalId: 'approval:712020:carol:2025-03-04T11:00:00.000Z',
      kind: 'REVIEW',
      at: '2025-03-04T11:00:00.000Z',
      state: 'APPROVED',
      actor: { externalId: '712020:carol', login: 'carol', displayName: 'Carol Chen', isBot: false },
    },
  ]);
  // #3 was opened as a draft: ready for review when it left draft; the bot's comment is a bot's.
  const three = rec.pullRequests.get('acme/api#3')!;
  expect(three.events.find((e) => e.kind === 'READY_FOR_REVIEW')?.at).toBe('2025-03-06T10:00:00.000Z');
  expect(rec.accounts.get('712020:ci-bot')).toMatchObject({ isBot: true });
  expect(rec.accounts.get('712020:alice')).toMatchObject({ login: 'alice', displayName: 'Alice Archer', isBot: false });

  const deployments = [...rec.deployments.values()].map((d) => [d.scopeId, d.externalId, d.environment, d.result, d.finishedAt]).sort();
  expect(deployments).toHaveLength(9);
  expect(deployments).toContainEqual(['s-api', '{d-F1}', 'production', 'FAILURE', '2025-03-18T10:00:00.000Z']);
  expect(deployments).toContainEqual(['s-api', '{d-S1}', 'staging', 'SUCCESS', '2025-03-12T10:00:00.000Z']);
  expect(deployments).toContainEqual(['s-web', '{d-D4}', 'production', 'SUCCESS', '2025-03-13T11:00:00.000Z']);

  // The incremental sync after a change fetches only the changed pull request's details.
  fake.comment('api', 9, 'carol', '2025-03-30T10:00:00.000Z');
  fake.requests.length = 0;
  rec.writes.length = 0;
  await bitbucketAdapter.sync(rec.ctx('INCREMENTAL'));
  const details = fake.requests.filter((r) => /\/pullrequests\/\d+\//.test(r.path)).map((r) => r.path.replace(/\?.*/, ''));
  expect(details).toEqual([
    '/2.0/repositories/acme/api/pullrequests/9/activity',
    '/2.0/repositories/acme/api/pullrequests/9/commits',
    '/2.0/repositories/acme/api/pullrequests/9/diffstat',
  ]);
  // The list was asked from the cursor less the 5-minute overlap.
  const q = new URL(fake.requests.find((r) => r.path.startsWith('/2.0/repositories/acme/api/pullrequests?'))!.path, 'http://x').searchParams.get('q');
  expect(q).toBe('updated_on>=2025-03-27T08:55:00+00:00');
  expect(rec.writes).toEqual([{ scopeId: 's-api', externalIds: ['acme/api#9'] }]);
  expect(rec.pullRequests.get('acme/api#9')!.updatedAt).toBe('2025-03-30T10:00:00.000Z');
  expect(reviewStart(rec.pullRequests.get('acme/api#9')!)).toBe('2025-03-30T10:00:00.000Z');
});

it('turns a 429 into RATE_LIMITED with the time to resume, and a revoked token into plain words without the token', async () => {
  const rec = recorder();
  fake.failNext(429, { retryAfter: 30 });
  const limited = await bitbucketAdapter.sync(rec.ctx('BACKFILL')).catch((e: unknown) => e);
  expect(limited).toBeInstanceOf(IntegrationError);
  expect(limited).toMatchObject({ kind: 'RATE_LIMITED', retryAt: new Date(Date.parse(NOW) + 30_000) });
  expect((limited as Error).message).toMatch(/asked us to slow down.*resumes at 00:00 UTC/);
  // The next run goes through, and nothing is written twice.
  await bitbucketAdapter.sync(rec.ctx('BACKFILL'));
  expect(rec.pullRequests.size).toBe(10);

  // A repository the token may not read: the other is synced, then the sync fails naming it.
  fake.refused.add('acme/api');
  const partial = recorder();
  const refused = await bitbucketAdapter.sync(partial.ctx('BACKFILL')).catch((e: unknown) => e);
  fake.refused.clear();
  expect(refused).toMatchObject({ kind: 'ACCESS', message: 'Bitbucket Cloud refused access (acme/api pull requests): the token lacks a permission it needs.' });
  expect([...partial.pullRequests.keys()].sort()).toEqual(['acme/web#5', 'acme/web#6']);

  const revoked = await bitbucketAdapter.sync(recorder().ctx('BACKFILL', 'teamlens-bot:revoked-password-5678')).catch((e: unknown) => e);
  expect(revoked).toMatchObject({
    kind: 'AUTH',
    message: 'Bitbucket Cloud rejected the credentials (acme/api pull requests): the token is wrong, expired or revoked.',
  });
  expect((revoked as Error).message).not.toContain('revoked-password');
});

it('recognises deployments by tag or by pipeline name when the code process says so', async () => {
  const tags = recorder();
  await bitbucketAdapter.sync(tags.ctx('BACKFILL', undefined, { deployment_source: 'TAGS', deployment_pattern: '^release-' }));
  expect([...tags.deployments.values()].map((d) => [d.scopeId, d.externalId, d.environment, d.result, d.finishedAt]).sort()).toEqual([
    ['s-api', 'tag:release-A0', 'production', 'SUCCESS', '2025-03-01T12:00:00.000Z'],
    ['s-api', 'tag:release-D1', 'production', 'SUCCESS', '2025-03-04T12:00:00.000Z'],
    ['s-api', 'tag:release-D2', 'production', 'SUCCESS', '2025-03-07T10:00:00.000Z'],
    ['s-api', 'tag:release-D3', 'production', 'SUCCESS', '2025-03-10T12:00:00.000Z'],
    ['s-api', 'tag:release-D5', 'production', 'SUCCESS', '2025-03-17T13:00:00.000Z'],
    ['s-web', 'tag:release-B0', 'production', 'SUCCESS', '2025-03-01T12:00:00.000Z'],
    ['s-web', 'tag:release-D4', 'production', 'SUCCESS', '2025-03-13T11:00:00.000Z'],
  ]);

  const pipelines = recorder();
  await bitbucketAdapter.sync(pipelines.ctx('BACKFILL', undefined, { deployment_source: 'WORKFLOW', deployment_pattern: 'deploy-to-production' }));
  const api = [...pipelines.deployments.values()].filter((d) => d.scopeId === 's-api');
  expect(api.map((d) => `${d.externalId} ${d.result}`).sort()).toEqual([
    'pipeline:{p-A0} SUCCESS',
    'pipeline:{p-D1} SUCCESS',
    'pipeline:{p-D2} SUCCESS',
    'pipeline:{p-D3} SUCCESS',
    'pipeline:{p-D5} SUCCESS',
    'pipeline:{p-F1} FAILURE',
  ]);
  expect(api.find((d) => d.externalId === 'pipeline:{p-D2}')).toMatchObject({
    startedAt: '2025-03-07T09:50:00.000Z',
    finishedAt: '2025-03-07T10:00:00.000Z',
    sha: 'release-D2',
  });
});

it('takes a signed webhook delivery (an approval) under the ids the sync uses, and refuses a bad or missing signature', async () => {
  const pr = (await (
    await fetch(`${fake.url}/repositories/acme/api/pullrequests/2`, { headers: { authorization: `Basic ${Buffer.from(fake.token).toString('base64')}` } })
  ).json()) as Record<string, unknown>;
  const body = Buffer.from(
    JSON.stringify({
      repository: { full_name: 'acme/api', links: { html: { href: 'https://bitbucket.org/acme/api' } } },
      pullrequest: pr,
      approval: { date: '2025-03-04T11:00:00+00:00', user: { type: 'user', account_id: '712020:carol', nickname: 'carol', display_name: 'Carol Chen' } },
    }),
  );
  const secret = 'a-webhook-secret-of-32-characters';
  const headers = (signature: string | undefined) => ({
    'x-event-key': 'pullrequest:approved',
    'x-request-uuid': 'delivery-1',
    ...(signature ? { 'x-hub-signature': signature } : {}),
  });
  const hook = bitbucketAdapter.webhook!;
  expect(
    hook({ connection: connection(), webhookSecret: secret, headers: headers(bitbucketSignature('another-secret-entirely-000000', body)), rawBody: body }),
  ).toBeNull();
  expect(hook({ connection: connection(), webhookSecret: secret, headers: headers(undefined), rawBody: body })).toBeNull();
  expect(hook({ connection: connection(), webhookSecret: null, headers: headers(bitbucketSignature(secret, body)), rawBody: body })).toBeNull();

  const delivery = hook({ connection: connection(), webhookSecret: secret, headers: headers(bitbucketSignature(secret, body)), rawBody: body })!;
  expect(delivery).toMatchObject({ deliveryId: 'delivery-1', event: 'pullrequest:approved' });
  const rec = recorder();
  expect(delivery.apply(rec.ctx('INCREMENTAL').write, DEFAULT_CODE_PROCESS)).toEqual({ written: 1 });
  const written = rec.pullRequests.get('acme/api#2')!;
  expect(written).toMatchObject({ state: 'MERGED', mergedAt: '2025-03-04T11:30:00.000Z', additions: null });
  expect(written.events.map((e) => e.externalId)).toEqual(['approval:712020:carol:2025-03-04T11:00:00.000Z']);
  expect(rec.writes).toEqual([{ scopeId: 's-api', externalIds: ['acme/api#2'] }]);
});

it('reads review requests from the activity: those asked at creation then, one added later at that update, under stable ids', async () => {
  const rec = recorder();
  await bitbucketAdapter.sync(rec.ctx('BACKFILL'));
  const asked = (ref: string) =>
    rec.pullRequests
      .get(ref)!
      .events.filter((e) => e.kind === 'REVIEW_REQUESTED')
      .map((e) => [e.externalId, e.at, e.actor?.login, e.target?.login]);
  expect(asked('acme/web#5')).toEqual([['review-requested:5:712020:erin:2025-03-11T12:00:00.000Z', '2025-03-11T12:00:00.000Z', 'dave', 'erin']]);
  expect(asked('acme/api#9')).toEqual([['review-requested:9:712020:bob:2025-03-27T09:00:00.000Z', '2025-03-27T09:00:00.000Z', 'alice', 'bob']]);
  expect([...rec.pullRequests.values()].flatMap((p) => p.events).filter((e) => e.kind === 'REVIEW_REQUESTED')).toHaveLength(2);
  expect(rec.accounts.get('712020:erin')).toMatchObject({ login: 'erin', displayName: 'Erin Evans' });

  // The author asks carol too, three days later: an update whose reviewers list names her; bob stays asked at creation.
  fake.addReviewer('api', 9, 'carol', '2025-03-30T12:00:00.000Z');
  await bitbucketAdapter.sync(rec.ctx('INCREMENTAL'));
  expect(asked('acme/api#9')).toEqual([
    ['review-requested:9:712020:bob:2025-03-27T09:00:00.000Z', '2025-03-27T09:00:00.000Z', 'alice', 'bob'],
    ['review-requested:9:712020:carol:2025-03-30T12:00:00.000Z', '2025-03-30T12:00:00.000Z', 'alice', 'carol'],
  ]);
  expect(rec.accounts.get('712020:carol')).toMatchObject({ login: 'carol' });
});

const SECRET = 'bitbucket-webhook-secret-0123456789';
const CONNECT = `mutation($input: ConnectIntegrationInput!) { connectIntegration(input: $input) { id status scopes { id name included } } }`;
const SYNC = `mutation($id: ID!, $kind: SyncKind) { syncIntegration(id: $id, kind: $kind) { id kind status } }`;
const SEND = `mutation($a: ID!, $s: ID!) { sendRetroActionToTracker(action_item_id: $a, scope_id: $s) { action_item_id provider key url closed_at } }`;
let connectionId = '';
let scopeIds: Record<string, string> = {};

const settle = async () => {
  for (let i = 0; i < 20; i += 1) {
    const s = await scheduler.tick();
    if (!s.done && !s.failed && !s.dead && !s.lost) return;
  }
  throw new Error('the scheduler did not settle');
};
const syncNow = async (kind: SyncKind) => {
  const r = await admin.gql(SYNC, { id: connectionId, kind });
  expect(r.errors).toBeUndefined();
  await settle();
  const run = await admin.gql(`query($id: ID!) { integration(id: $id) { current_run { kind status error } } }`, { id: connectionId });
  expect(run.data!.integration.current_run).toMatchObject({ kind, status: 'DONE', error: null });
};
const webhook = (d: { body: string; headers: Record<string, string> }) =>
  app.inject({ method: 'POST', url: `/api/integrations/webhooks/${connectionId}`, payload: d.body, headers: d.headers });
/** The review requests stored for the connection: pull request, who was asked, when. */
const storedRequests = () => {
  const target = alias(extAccounts, 'target');
  return app.services.db
    .select({ pr: extPullRequests.external_id, login: target.login, at: extPrEvents.at })
    .from(extPrEvents)
    .innerJoin(extPullRequests, eq(extPullRequests.id, extPrEvents.pull_request_id))
    .leftJoin(target, eq(target.id, extPrEvents.target_account_id))
    .where(and(eq(extPullRequests.connection_id, connectionId), eq(extPrEvents.kind, 'REVIEW_REQUESTED')))
    .all()
    .map((r) => [r.pr, r.login, r.at])
    .sort((a, b) => `${a}`.localeCompare(`${b}`));
};
const status = (id: string) =>
  app.services.db.select({ status: retroActionItems.status }).from(retroActionItems).where(eq(retroActionItems.id, id)).get()!.status;

it('stores review requests once: a second sync, a pullrequest:created delivery and its replay add none', async () => {
  const r = await admin.gql(CONNECT, {
    input: { provider: 'BITBUCKET', base_url: fake.url, account: 'acme', token: fake.token, webhook_secret: SECRET, backfill_months: 24 },
  });
  expect(r.errors).toBeUndefined();
  connectionId = r.data!.connectIntegration.id;
  scopeIds = Object.fromEntries((r.data!.connectIntegration.scopes as Array<{ id: string; name: string }>).map((s) => [s.name, s.id]));
  await settle();
  const expected = [
    ['acme/api#9', 'bob', '2025-03-27T09:00:00.000Z'],
    ['acme/api#9', 'carol', '2025-03-30T12:00:00.000Z'],
    ['acme/web#5', 'erin', '2025-03-11T12:00:00.000Z'],
  ];
  expect(storedRequests()).toEqual(expected);

  // A reconciliation reads every pull request's activity again.
  await syncNow('RECONCILE');
  expect(storedRequests()).toEqual(expected);

  // The delivery Bitbucket sent when #9 was opened (bob asked) arrives after the sync read a newer
  // state of #9: acknowledged and not applied (decision 0057), under its id and under another; the
  // requests stay as the sync dated them.
  const created = fake.delivery('pullrequest:created', fake.pullRequestCreated('api', 9), SECRET, 'bb-created-9');
  expect((JSON.parse(created.body) as { pullrequest: { reviewers: Array<{ account_id: string }> } }).pullrequest.reviewers.map((a) => a.account_id)).toEqual([
    '712020:bob',
  ]);
  const first = await webhook(created);
  expect([first.statusCode, first.json()]).toEqual([200, { accepted: false, stale: true }]);
  expect((await webhook(created)).json()).toEqual({ accepted: false, stale: true });
  expect((await webhook(fake.delivery('pullrequest:created', fake.pullRequestCreated('api', 9), SECRET, 'bb-created-9-again'))).statusCode).toBe(200);
  expect(storedRequests()).toEqual(expected);
  // An update's payload names the reviewers now (bob and carol), not since when: it adds none (the sync dates them from the activity).
  const now = (await (
    await fetch(`${fake.url}/repositories/acme/api/pullrequests/9`, { headers: { authorization: `Basic ${Buffer.from(fake.token).toString('base64')}` } })
  ).json()) as Record<string, unknown>;
  const updated = await webhook(fake.delivery('pullrequest:updated', { ...fake.pullRequestCreated('api', 9), pullrequest: now }, SECRET, 'bb-updated-9'));
  expect(updated.statusCode).toBe(202);
  expect(storedRequests()).toEqual(expected);

  // A delivery that carries no valid signature is refused.
  const forged = fake.delivery('pullrequest:created', fake.pullRequestCreated('web', 5), 'not-the-secret-at-all-000000', 'bb-forged');
  expect((await webhook(forged)).statusCode).toBe(403);

  // A pull request opened with a reviewer since the last sync (#11, not yet read): its delivery writes the request, asked at creation.
  const payload = fake.pullRequestCreated('web', 6);
  const dave = { type: 'user', account_id: fake.accountId('dave'), nickname: 'dave', display_name: 'Dave Diaz' };
  const opened = {
    ...(payload.pullrequest as Record<string, unknown>),
    id: 11,
    title: 'Dark mode',
    created_on: '2025-03-30T15:00:00+00:00',
    updated_on: '2025-03-30T15:00:00+00:00',
    reviewers: [dave],
  };
  const created11 = fake.delivery('pullrequest:created', { ...payload, pullrequest: opened }, SECRET, 'bb-created-web-11');
  const applied = await webhook(created11);
  expect([applied.statusCode, applied.json()]).toEqual([202, { accepted: true, written: 1, action_items_done: 0 }]);
  // Applied once: a replay is acknowledged as a duplicate, a second delivery of the same state (another id) adds nothing.
  expect((await webhook(created11)).json()).toEqual({ duplicate: true });
  expect((await webhook(fake.delivery('pullrequest:created', { ...payload, pullrequest: opened }, SECRET, 'bb-created-web-11-again'))).statusCode).toBe(202);
  expect(storedRequests()).toEqual([expected[0], expected[1], ['acme/web#11', 'dave', '2025-03-30T15:00:00.000Z'], expected[2]]);
});

it('sends a retro action item to a Bitbucket repository as an issue; a repository with its tracker off says so and nothing is written', async () => {
  await admin.gql(`mutation($id: ID!, $s: [IntegrationScopeInput!]!) { setIntegrationScopes(id: $id, scopes: $s) { name } }`, {
    id: connectionId,
    s: [{ id: scopeIds['acme/api'], included: true, team_id: world.team.id }],
  });
  const retroId = seedEndedRetro(app.services.db, { orgId: world.org.id, teamId: world.team.id, endedAt: new Date().toISOString(), actionItems: { open: 2 } });
  const items = app.services.db
    .select({ id: retroActionItems.id, text: retroActionItems.text })
    .from(retroActionItems)
    .where(eq(retroActionItems.retro_id, retroId))
    .all();
  const report = await signedIn(app, world.report.email);
  const targets = (await report.gql(`query($r: ID!) { trackerTargets(retro_id: $r) { name provider team_owned } }`, { r: retroId })).data!.trackerTargets;
  expect(targets).toEqual([
    { name: 'acme/api', provider: 'BITBUCKET', team_owned: true },
    { name: 'acme/web', provider: 'BITBUCKET', team_owned: false },
  ]);

  fake.trackerOff.add('acme/web');
  const off = await report.gql(SEND, { a: items[0]!.id, s: scopeIds['acme/web'] });
  expect(codeOf(off)).toBe('BAD_USER_INPUT');
  expect(off.errors![0]!.message).toBe(
    'The issue could not be created: This repository’s issue tracker is off: switch it on in Bitbucket’s repository settings, or choose another repository.',
  );
  expect(app.services.db.select().from(retroActionIssues).all()).toEqual([]);
  expect(fake.issues).toEqual([]);
  expect(status(items[0]!.id)).toBe('OPEN');
  // A token without the issue permission (write) is told so, in Bitbucket's word for it.
  fake.scopes.delete('issue:write');
  const lacking = await report.gql(SEND, { a: items[0]!.id, s: scopeIds['acme/api'] });
  fake.scopes.add('issue:write');
  expect(lacking.errors![0]!.message).toBe(
    'The issue could not be created: Bitbucket Cloud refused access (acme/api: new issue): the token lacks the issue:write permission.',
  );
  expect(app.services.db.select().from(retroActionIssues).all()).toEqual([]);

  for (const [i, item] of items.entries()) {
    const sent = await report.gql(SEND, { a: item.id, s: scopeIds['acme/api'] });
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.sendRetroActionToTracker).toEqual({
      action_item_id: item.id,
      provider: 'BITBUCKET',
      key: `acme/api#${i + 1}`,
      url: `https://bitbucket.org/acme/api/issues/${i + 1}`,
      closed_at: null,
    });
  }
  expect(fake.issues.map((i) => [i.repo, i.id, i.title, i.state])).toEqual([
    ['acme/api', 1, items[0]!.text, 'new'],
    ['acme/api', 2, items[1]!.text, 'new'],
  ]);
  expect(fake.issues[0]!.content.raw).toContain(
    `${items[0]!.text}\n\nIn Teamlens: http://localhost:3000/professional-development/sprint-retro/review/${retroId}`,
  );
  expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
    '/2.0/repositories/acme/web/issues',
    ...Array(3).fill('/2.0/repositories/acme/api/issues'),
  ]);
});

it('marks the action item done when its issue is resolved: by the next sync, and at once by an issue:updated delivery', async () => {
  const issues = app.services.db.select().from(retroActionIssues).all();
  const itemOf = (key: string) => issues.find((i) => i.key === key)!.action_item_id;

  fake.setIssueState('acme/api', 1, 'resolved');
  await syncNow('INCREMENTAL');
  expect(status(itemOf('acme/api#1'))).toBe('DONE');
  expect(status(itemOf('acme/api#2'))).toBe('OPEN');

  // “On hold” is not closed; “won't fix” is.
  const hold = await webhook(fake.delivery('issue:updated', fake.setIssueState('acme/api', 2, 'on hold'), SECRET, 'bb-issue-2-hold'));
  expect([hold.statusCode, hold.json()]).toEqual([202, { accepted: true, written: 0, action_items_done: 0 }]);
  expect(status(itemOf('acme/api#2'))).toBe('OPEN');
  const wontfix = fake.delivery('issue:updated', fake.setIssueState('acme/api', 2, 'wontfix'), SECRET, 'bb-issue-2-wontfix');
  const done = await webhook(wontfix);
  expect([done.statusCode, done.json()]).toEqual([202, { accepted: true, written: 0, action_items_done: 1 }]);
  expect(status(itemOf('acme/api#2'))).toBe('DONE');
  expect((await webhook(wontfix)).json()).toEqual({ duplicate: true });
  expect(
    app.services.db
      .select({ key: retroActionIssues.key, closed: retroActionIssues.closed_at })
      .from(retroActionIssues)
      .all()
      .every((i) => i.closed),
  ).toBe(true);
});
