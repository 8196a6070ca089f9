import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CODE_PROCESS } from '../../../../shared/integrations.js';
import type { CodeProcessSettings, SyncKind } from '../../../../shared/integrations.js';
import { IntegrationError } from '../integrations.errors.js';
import type { AccountInput, CursorStore, DeploymentInput, IngestWriter, OpenConnection, PullRequestInput, SyncContext } from '../integrations.provider.js';
import type { FakeGitHub } from '../fakes/fake-github.js';
import { startFakeGitHub } from '../fakes/fake-github.js';
import { createGithubAdapter, githubAdapter } from './github.adapter.js';
import { signatureOf } from './github.webhook.js';
import { syntheticRecords } from '../sample/synthetic-records.js';
import { fakesOutbound } from '../integrations.outbound.test-support.js';

/** What the adapter hands the ingest writer, kept in memory (no database: the adapter never touches one). */
function recordingWriter(included: (externalId: string) => boolean = () => true) {
  const rec = {
    accounts: [] as AccountInput[],
    pullRequests: [] as Array<{ scopeId: string } & PullRequestInput>,
    deployments: [] as Array<{ scopeId: string } & DeploymentInput>,
  };
  const write: IngestWriter = {
    scope: (s) => ({ id: `scope:${s.externalId}`, included: included(s.externalId) }),
    accounts: (list) => {
      rec.accounts.push(...list);
    },
    pullRequests: (scopeId, list) => {
      rec.pullRequests.push(...list.map((p) => ({ scopeId, ...p })));
      return list.length;
    },
    deployments: (scopeId, list) => {
      rec.deployments.push(...list.map((d) => ({ scopeId, ...d })));
      return list.length;
    },
    issues: () => 0,
    sprints: () => 0,
  };
  return { write, rec };
}

function memoryCursors(): CursorStore & { map: Map<string, { cursor: string | null; etag: string | null }> } {
  const map = new Map<string, { cursor: string | null; etag: string | null }>();
  return {
    map,
    get: (scope, entity) => map.get(`${scope}|${entity}`) ?? { cursor: null, etag: null },
    set: (scope, entity, v) => {
      map.set(`${scope}|${entity}`, { cursor: v.cursor, etag: v.etag ?? null });
    },
  };
}

const SCOPES = [
  { id: 'scope:acme/api', kind: 'REPOSITORY' as const, externalId: 'acme/api', name: 'acme/api' },
  { id: 'scope:acme/web', kind: 'REPOSITORY' as const, externalId: 'acme/web', name: 'acme/web' },
];

let fake: FakeGitHub;
let connection: OpenConnection;

function context(
  over: { kind?: SyncKind; cursors?: CursorStore; settings?: Partial<CodeProcessSettings>; scopes?: typeof SCOPES; connection?: OpenConnection } = {},
) {
  const { write, rec } = recordingWriter();
  const progress: Array<{ label?: string; total?: number | null; done?: number }> = [];
  const ctx: SyncContext = {
    kind: over.kind ?? 'BACKFILL',
    connection: over.connection ?? connection,
    settings: { ...DEFAULT_CODE_PROCESS, ...over.settings },
    scopes: over.scopes ?? SCOPES,
    since: '2025-01-01T00:00:00.000Z',
    now: new Date(),
    write,
    cursors: over.cursors ?? memoryCursors(),
    progress: (u) => {
      progress.push(u);
    },
    signal: new AbortController().signal,
  };
  return { ctx, rec, progress };
}

const pr = (rec: { pullRequests: PullRequestInput[] }, n: number) => rec.pullRequests.find((p) => p.number === n)!;
const failure = async (p: Promise<unknown>): Promise<IntegrationError> => {
  try {
    await p;
  } catch (err) {
    return err as IntegrationError;
  }
  throw new Error('expected a failure');
};

beforeAll(async () => {
  fake = await startFakeGitHub();
  connection = {
    id: 'conn-1',
    organizationId: 'org-1',
    provider: 'GITHUB',
    baseUrl: fake.url,
    account: 'acme',
    authKind: 'TOKEN',
    credentials: { token: fake.token },
    externalInfo: {},
    backfillMonths: 6,
    outbound: fakesOutbound(),
  };
});
afterAll(async () => {
  await fake.close();
});

describe('GitHub adapter against the fake GitHub', () => {
  it('backfills the synthetic pull requests through GraphQL with the hand values of the dataset', async () => {
    const { ctx, rec, progress } = context();
    await githubAdapter.sync(ctx);
    expect(rec.pullRequests.map((p) => p.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(rec.pullRequests.map((p) => p.number)).size).toBe(10);

    const pr1 = pr(rec, 1);
    expect(pr1).toMatchObject({
      state: 'MERGED',
      isDraft: false,
      additions: 120,
      deletions: 30,
      createdAt: '2025-03-03T13:00:00.000Z',
      mergedAt: '2025-03-04T09:00:00.000Z',
      baseRef: 'main',
      author: { externalId: '1001', login: 'alice', isBot: false },
    });
    expect(pr1.events.map((e) => [e.kind, e.at, e.actor?.login ?? null, e.state ?? null])).toEqual([
      ['COMMIT', '2025-03-03T09:00:00.000Z', 'alice', null],
      ['REVIEW', '2025-03-03T15:00:00.000Z', 'bob', 'COMMENTED'],
      ['COMMENT', '2025-03-03T16:00:00.000Z', 'alice', null],
      ['REVIEW', '2025-03-03T17:00:00.000Z', 'bob', 'APPROVED'],
    ]);

    // PR3: created as a draft, ready Mar 6 10:00; the bot's comment is a bot's; bob's PENDING review is not a review.
    const pr3 = pr(rec, 3);
    expect(pr3).toMatchObject({ additions: 300, deletions: 100, isDraft: false });
    expect(pr3.events.find((e) => e.kind === 'READY_FOR_REVIEW')?.at).toBe('2025-03-06T10:00:00.000Z');
    expect(pr3.events.find((e) => e.kind === 'COMMENT')?.actor).toMatchObject({ login: 'ci-bot[bot]', isBot: true, externalId: '9001' });
    expect(pr3.events.filter((e) => e.kind === 'REVIEW').map((e) => [e.actor?.login, e.state])).toEqual([['alice', 'APPROVED']]);

    // PR5: review requested of erin; PR7 closed unmerged; PR9 open; PR8's commit after creation kept as is.
    expect(pr(rec, 5).events.find((e) => e.kind === 'REVIEW_REQUESTED')).toMatchObject({
      at: '2025-03-11T12:00:00.000Z',
      actor: { login: 'dave' },
      target: { login: 'erin', externalId: '1005' },
    });
    expect(pr(rec, 7)).toMatchObject({ state: 'CLOSED', mergedAt: null, closedAt: '2025-03-12T17:00:00.000Z', mergeCommitSha: null });
    expect(pr(rec, 9)).toMatchObject({ state: 'OPEN', mergedAt: null });
    expect(pr(rec, 8).events[0]).toMatchObject({ kind: 'COMMIT', at: '2025-03-17T10:00:00.000Z' });
    expect(
      rec.pullRequests
        .filter((p) => p.scopeId === 'scope:acme/web')
        .map((p) => p.number)
        .sort(),
    ).toEqual([5, 6]);
    expect(rec.accounts.find((a) => a.login === 'ci-bot[bot]')?.isBot).toBe(true);

    // Deployments (code process DEPLOYMENTS): every one with its final status, the staging and failed ones as GitHub says.
    const api = rec.deployments.filter((d) => d.scopeId === 'scope:acme/api');
    expect(api.map((d) => [d.finishedAt, d.environment, d.result]).sort()).toEqual([
      ['2025-03-01T12:00:00.000Z', 'production', 'SUCCESS'],
      ['2025-03-04T12:00:00.000Z', 'production', 'SUCCESS'],
      ['2025-03-07T10:00:00.000Z', 'production', 'SUCCESS'],
      ['2025-03-10T12:00:00.000Z', 'production', 'SUCCESS'],
      ['2025-03-12T10:00:00.000Z', 'staging', 'SUCCESS'],
      ['2025-03-17T13:00:00.000Z', 'production', 'SUCCESS'],
      ['2025-03-18T10:00:00.000Z', 'production', 'FAILURE'],
    ]);
    expect(rec.deployments.filter((d) => d.scopeId === 'scope:acme/web')).toHaveLength(2);
    expect(progress.some((p) => p.label === 'acme/api: pull requests, page 1' && p.total === 8)).toBe(true);

    // Exactly the provider-neutral records of the synthetic dataset (sample/synthetic-records.ts).
    const expected = syntheticRecords(0);
    const byNumber = (a: { number: number }, b: { number: number }) => a.number - b.number;
    for (const repo of expected.repos) {
      const scopeId = `scope:${repo.scope.externalId}`;
      expect(
        rec.pullRequests
          .filter((p) => p.scopeId === scopeId)
          .map(({ scopeId: _s, ...p }) => p)
          .sort(byNumber),
      ).toEqual([...repo.pullRequests].sort(byNumber));
      const shape = (d: DeploymentInput) => [d.finishedAt, d.environment, d.result].join(' ');
      expect(
        rec.deployments
          .filter((d) => d.scopeId === scopeId)
          .map(shape)
          .sort(),
      ).toEqual(repo.deployments.map(shape).sort());
    }
    const githubAccounts = expected.accounts.filter((a) => /^\d+$/.test(a.externalId));
    const written = new Map(rec.accounts.map((a) => [a.externalId, a]));
    expect([...written.values()].sort((a, b) => a.externalId.localeCompare(b.externalId))).toEqual(
      githubAccounts.sort((a, b) => a.externalId.localeCompare(b.externalId)),
    );
  });

  it('pages through pull requests, then a second sync after a change fetches only that pull request', async () => {
    const adapter = createGithubAdapter({ pageSize: 3 });
    const cursors = memoryCursors();
    const first = context({ cursors, scopes: [SCOPES[0]!] });
    const before = fake.requests.length;
    await adapter.sync(first.ctx);
    const graphqlCalls = fake.requests.slice(before).filter((r) => r.path === '/graphql');
    expect(graphqlCalls).toHaveLength(3); // 8 pull requests of acme/api, 3 a page
    expect(first.rec.pullRequests.map((p) => p.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 7, 8, 9, 10]);
    expect(first.progress.map((p) => p.label)).toContain('acme/api: pull requests, page 3');

    fake.updatePullRequest(9, { title: 'Rate-limit the public API (v2)', additions: 170 });
    const second = context({ kind: 'INCREMENTAL', cursors, scopes: [SCOPES[0]!] });
    const mark = fake.requests.length;
    await adapter.sync(second.ctx);
    expect(second.rec.pullRequests.map((p) => [p.number, p.title, p.additions])).toEqual([[9, 'Rate-limit the public API (v2)', 170]]);
    expect(fake.requests.slice(mark).filter((r) => r.path === '/graphql')).toHaveLength(1);
    // Deployments asked again with the ETag: a 304, nothing written twice.
    const deploymentsAsk = fake.requests.slice(mark).find((r) => r.path.startsWith('/repos/acme/api/deployments?'));
    expect(deploymentsAsk?.headers['if-none-match']).toMatch(/^W\/"/);
    expect(second.rec.deployments).toEqual([]);
  });

  it('a 429 with retry-after stops the sync RATE_LIMITED; the resumed sync continues after the pages written, none twice', async () => {
    const adapter = createGithubAdapter({ pageSize: 3 });
    const cursors = memoryCursors();
    const first = context({ cursors, scopes: [SCOPES[0]!] });
    fake.failNext({ status: 429, headers: { 'retry-after': '30' }, path: /^\/graphql$/, after: 1 });
    const t0 = Date.now();
    const err = await failure(adapter.sync(first.ctx));
    expect(err).toBeInstanceOf(IntegrationError);
    expect(err.kind).toBe('RATE_LIMITED');
    expect(err.retryAt!.getTime()).toBeGreaterThanOrEqual(t0 + 30_000);
    expect(err.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 30_000);
    expect(first.rec.pullRequests).toHaveLength(3); // the first page was written, its cursor kept

    const resumed = context({ cursors, scopes: [SCOPES[0]!] });
    await adapter.sync(resumed.ctx);
    const all = [...first.rec.pullRequests, ...resumed.rec.pullRequests].map((p) => p.number);
    expect(all.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 7, 8, 9, 10]); // each once: no gap, no page read twice

    // A backfill limited on its second repository: resumed, the finished one is not read again.
    const both = memoryCursors();
    fake.failNext({ status: 429, headers: { 'retry-after': '30' }, path: /^\/graphql$/, after: 1 });
    const limited = context({ cursors: both });
    expect(await failure(githubAdapter.sync(limited.ctx))).toMatchObject({ kind: 'RATE_LIMITED' });
    expect(limited.rec.pullRequests).toHaveLength(8);
    const again = context({ cursors: both });
    await githubAdapter.sync(again.ctx);
    expect(
      again.rec.pullRequests
        .filter((p) => p.scopeId === 'scope:acme/web')
        .map((p) => p.number)
        .sort(),
    ).toEqual([5, 6]);
    const newestApi = Math.max(...limited.rec.pullRequests.map((p) => Date.parse(p.updatedAt)));
    const reread = again.rec.pullRequests.filter((p) => p.scopeId === 'scope:acme/api');
    expect(reread.length).toBeLessThan(8);
    expect(reread.every((p) => Date.parse(p.updatedAt) >= newestApi - 5 * 60_000)).toBe(true); // only the 5-minute overlap
  });

  it('a 403 with x-ratelimit-remaining 0 resumes at x-ratelimit-reset; a 500 is UNAVAILABLE; a malformed answer is BAD_PAYLOAD', async () => {
    const reset = Math.floor(Date.now() / 1000) + 600;
    fake.failNext({ status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) }, path: /^\/graphql$/ });
    const limited = await failure(githubAdapter.sync(context().ctx));
    expect(limited).toMatchObject({ kind: 'RATE_LIMITED', retryAt: new Date(reset * 1000) });

    fake.failNext({ status: 500, path: /^\/graphql$/ });
    expect(await failure(githubAdapter.sync(context().ctx))).toMatchObject({ kind: 'UNAVAILABLE' });

    fake.failNext({ status: 200, body: '{"data": {"repository": ', path: /^\/graphql$/ });
    const bad = await failure(githubAdapter.sync(context().ctx));
    expect(bad).toMatchObject({ kind: 'BAD_PAYLOAD' });
    expect(bad.message).toMatch(/acme\/api: pull requests/);

    // A 403 on one repository: the other is synced, then the sync fails naming the one refused.
    fake.failNext({ status: 403, body: '{"message":"Resource not accessible by personal access token"}', path: /^\/graphql$/ });
    const oneRefused = context();
    const refused = await failure(githubAdapter.sync(oneRefused.ctx));
    expect(refused).toMatchObject({ kind: 'ACCESS', message: 'GitHub refused access (acme/api: pull requests): the token lacks a permission it needs.' });
    expect(oneRefused.rec.pullRequests.map((p) => p.number).sort()).toEqual([5, 6]);

    // GraphQL's own errors (HTTP 200): a repository that is gone is NOT_FOUND, the others synced; spent points are a rate limit.
    const gone = context({ scopes: [{ id: 'scope:acme/gone', kind: 'REPOSITORY', externalId: 'acme/gone', name: 'acme/gone' }, SCOPES[1]!] });
    expect(await failure(githubAdapter.sync(gone.ctx))).toMatchObject({
      kind: 'NOT_FOUND',
      message: 'GitHub does not know this (acme/gone: pull requests), or the token may not see it.',
    });
    expect(gone.rec.pullRequests).toHaveLength(2);
    fake.failNext({
      status: 200,
      body: JSON.stringify({ errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for user ID 4242.' }] }),
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      path: /^\/graphql$/,
    });
    expect(await failure(githubAdapter.sync(context().ctx))).toMatchObject({ kind: 'RATE_LIMITED', retryAt: new Date(reset * 1000) });
  });

  it('a revoked token: AUTH in plain words without the token; test connection says what is wrong', async () => {
    const revoked = { ...connection, credentials: { token: 'ghp_revokedSecretValue123' } };
    const err = await failure(githubAdapter.sync(context({ connection: revoked }).ctx));
    expect(err).toMatchObject({ kind: 'AUTH' });
    expect(err.message).not.toContain('ghp_revokedSecretValue123');
    const test = await githubAdapter.test(revoked, new AbortController().signal);
    expect(test).toEqual({ ok: false, message: 'GitHub rejected the token: it is wrong, expired or revoked.', missing: [] });
    expect(JSON.stringify(fake.requests)).not.toContain('ghp_revokedSecretValue123');

    const ok = await githubAdapter.test(connection, new AbortController().signal);
    expect(ok).toMatchObject({ ok: true, message: 'Connected as acme-bot to acme (2 repositories).', missing: [], info: { login: 'acme-bot' } });

    fake.failNext({ status: 403, body: '{"message":"Resource not accessible by personal access token"}', path: /^\/orgs\/acme\/repos/ });
    const noRead = await githubAdapter.test(connection, new AbortController().signal);
    expect(noRead.ok).toBe(false);
    expect(noRead.missing).toEqual(['Pull requests: read', 'Contents: read']);

    // A stopped job: nothing is asked of GitHub.
    const stopped = context();
    const controller = new AbortController();
    controller.abort();
    stopped.ctx.signal = controller.signal;
    const before = fake.requests.length;
    expect(await failure(githubAdapter.sync(stopped.ctx))).toMatchObject({ name: 'AbortError' });
    expect(fake.requests.length).toBe(before);

    const nowhere = await githubAdapter.test({ ...connection, baseUrl: 'http://127.0.0.1:9' }, new AbortController().signal);
    expect(nowhere).toMatchObject({ ok: false, message: expect.stringMatching(/^GitHub could not be reached/) });
  });

  it('lists repositories with Link pagination, and connects as a GitHub App installation', async () => {
    const at = fake.requests.length;
    const scopes = await createGithubAdapter({ restPageSize: 1 }).listScopes(connection, new AbortController().signal);
    expect(scopes.map((s) => [s.kind, s.externalId, s.defaultBranch])).toEqual([
      ['REPOSITORY', 'acme/api', 'main'],
      ['REPOSITORY', 'acme/web', 'main'],
    ]);
    expect(fake.requests.slice(at).map((r) => r.path)).toEqual(['/orgs/acme/repos?per_page=1&type=all', '/orgs/acme/repos?per_page=1&type=all&page=2']);
    const user = await githubAdapter.listScopes({ ...connection, account: 'acme-bot' }, new AbortController().signal);
    expect(user).toEqual([]); // no organization acme-bot: its own repositories (404 on /orgs, then /users)

    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const app: OpenConnection = { ...connection, authKind: 'APP', credentials: { app_id: '12345', installation_id: '678', private_key: privateKey } };
    const mark = fake.requests.length;
    const test = await githubAdapter.test(app, new AbortController().signal);
    expect(test).toMatchObject({ ok: true, message: 'Connected as the GitHub App installation 678 (2 repositories).' });
    expect(fake.requests.slice(mark).map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'POST /app/installations/678/access_tokens',
      'GET /installation/repositories',
    ]);
    const { ctx, rec } = context({ connection: app, scopes: [SCOPES[1]!] });
    await githubAdapter.sync(ctx);
    expect(rec.pullRequests.map((p) => p.number).sort()).toEqual([5, 6]);

    // GitHub Enterprise Server: REST under /api/v3, GraphQL at /api/graphql.
    const ghes = { ...connection, baseUrl: `${fake.url}/api/v3` };
    expect((await githubAdapter.listScopes(ghes, new AbortController().signal)).map((s) => s.externalId)).toEqual(['acme/api', 'acme/web']);
    const onGhes = context({ connection: ghes, scopes: [SCOPES[1]!] });
    const at2 = fake.requests.length;
    await githubAdapter.sync(onGhes.ctx);
    expect(onGhes.rec.pullRequests.map((p) => p.number).sort()).toEqual([5, 6]);
    expect(fake.requests.slice(at2).map((r) => r.path.split('?')[0])).toEqual([
      '/api/graphql',
      '/api/v3/repos/acme/web/deployments',
      '/api/v3/repos/acme/web/deployments/7005/statuses',
      '/api/v3/repos/acme/web/deployments/7001/statuses',
    ]);
  });

  it('recognises deployments by releases, tags or a workflow name; a 304 replay costs nothing', async () => {
    const releases = context({ settings: { deployment_source: 'RELEASES' }, scopes: [SCOPES[0]!] });
    await githubAdapter.sync(releases.ctx);
    expect(releases.rec.deployments.map((d) => d.finishedAt).sort()).toEqual([
      '2025-03-01T12:00:00.000Z',
      '2025-03-04T12:00:00.000Z',
      '2025-03-07T10:00:00.000Z',
      '2025-03-10T12:00:00.000Z',
      '2025-03-17T13:00:00.000Z',
    ]);
    expect(releases.rec.deployments.every((d) => d.environment === 'production' && d.result === 'SUCCESS')).toBe(true);

    const tags = context({ settings: { deployment_source: 'TAGS', deployment_pattern: '^v1\\.' }, scopes: [SCOPES[1]!] });
    await githubAdapter.sync(tags.ctx);
    expect(tags.rec.deployments.map((d) => [d.externalId, d.finishedAt]).sort()).toEqual([
      ['tag:v1.0.1', '2025-03-01T12:00:00.000Z'],
      ['tag:v1.0.5', '2025-03-13T11:00:00.000Z'],
    ]);

    const cursors = memoryCursors();
    const runs = context({ settings: { deployment_source: 'WORKFLOW', deployment_pattern: 'deploy to production' }, scopes: [SCOPES[0]!], cursors });
    await githubAdapter.sync(runs.ctx);
    expect(runs.rec.deployments.map((d) => d.result).sort()).toEqual(['FAILURE', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
    const mark = fake.requests.length;
    const replay = context({
      kind: 'INCREMENTAL',
      settings: { deployment_source: 'WORKFLOW', deployment_pattern: 'deploy to production' },
      scopes: [SCOPES[0]!],
      cursors,
    });
    await githubAdapter.sync(replay.ctx);
    expect(replay.rec.deployments).toEqual([]);
    expect(fake.requests.slice(mark).find((r) => r.path.includes('/actions/runs'))?.headers['if-none-match']).toBeTruthy();

    const merges = context({ settings: { deployment_source: 'MERGE' }, scopes: [SCOPES[0]!] });
    const before = fake.requests.length;
    await githubAdapter.sync(merges.ctx);
    expect(fake.requests.slice(before).every((r) => r.path === '/graphql')).toBe(true);
  });

  it('completes a connection longer than the first page with a follow-up query of the pull request', async () => {
    const pr10 = fake.data.pullRequests.find((p) => p.number === 10)!;
    const saved = { comments: pr10.comments, updatedAt: pr10.updatedAt };
    pr10.comments = Array.from({ length: 120 }, (_, i) => ({
      id: `many-${i}`,
      author: fake.data.users.get('carol')!,
      createdAt: new Date(Date.parse('2025-03-15T00:00:00.000Z') + i * 60_000).toISOString(),
    }));
    fake.data.version += 1;
    try {
      const { ctx, rec } = context({ scopes: [SCOPES[0]!] });
      const mark = fake.requests.length;
      await githubAdapter.sync(ctx);
      expect(
        pr(rec, 10)
          .events.filter((e) => e.kind === 'COMMENT')
          .map((e) => e.externalId),
      ).toEqual(pr10.comments.map((c) => c.id));
      expect(fake.requests.slice(mark).filter((r) => r.path === '/graphql')).toHaveLength(2); // the page (50 comments), then one follow-up of the 70 others (100 a page)
    } finally {
      Object.assign(pr10, saved);
      fake.data.version += 1;
    }
  });

  it('opens an issue for a retro action item and reads whether it closed', async () => {
    const scope = SCOPES[0]!;
    const created = await githubAdapter.createIssue!(
      connection,
      scope,
      { title: 'Pair on the flaky test', body: 'From the retro of week 12' },
      new AbortController().signal,
    );
    expect(created).toMatchObject({ key: 'acme/api#101', externalId: 'acme/api#101', url: 'https://github.com/acme/api/issues/101' });
    expect(await githubAdapter.issueStates!(connection, scope, [created.externalId], new AbortController().signal)).toEqual([
      { externalId: 'acme/api#101', closedAt: null },
    ]);
    fake.closeIssue('acme/api', 101, '2025-04-01T10:00:00.000Z');
    expect(await githubAdapter.issueStates!(connection, scope, [created.externalId], new AbortController().signal)).toEqual([
      { externalId: 'acme/api#101', closedAt: '2025-04-01T10:00:00.000Z' },
    ]);
  });
});

describe('GitHub webhooks', () => {
  const secret = "It's a Secret to Everybody";
  const deliver = (event: string, body: string, signature: string | null, deliveryId = 'delivery-1') =>
    githubAdapter.webhook!({
      connection,
      webhookSecret: secret,
      rawBody: Buffer.from(body),
      headers: { 'x-github-event': event, 'x-github-delivery': deliveryId, ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    });

  it('verifies X-Hub-Signature-256 with the test vector; a bad or missing signature is refused', () => {
    expect(signatureOf(secret, 'Hello, World!')).toBe('sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17');
    expect(deliver('ping', 'Hello, World!', 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17')).toMatchObject({
      deliveryId: 'delivery-1',
      event: 'ping',
    });
    expect(deliver('ping', 'Hello, World!', 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e18')).toBeNull();
    expect(deliver('ping', 'Hello, World?', 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17')).toBeNull();
    expect(deliver('ping', 'Hello, World!', null)).toBeNull();
    expect(
      githubAdapter.webhook!({
        connection,
        webhookSecret: null,
        rawBody: Buffer.from('Hello, World!'),
        headers: { 'x-github-delivery': 'd', 'x-hub-signature-256': signatureOf(secret, 'Hello, World!') },
      }),
    ).toBeNull();
  });

  it('writes a review, a deployment status and a closed issue; a redelivery keeps its delivery id', () => {
    const review = JSON.stringify({
      action: 'submitted',
      repository: { full_name: 'acme/web' },
      pull_request: {
        node_id: 'PR_web_6',
        number: 6,
        title: 'Update footer links',
        state: 'closed',
        merged: true,
        merged_at: '2025-03-13T12:00:00Z',
        closed_at: '2025-03-13T12:00:00Z',
        created_at: '2025-03-13T10:00:00Z',
        updated_at: '2025-03-13T12:00:00Z',
        additions: 12,
        deletions: 4,
        base: { ref: 'main' },
        merge_commit_sha: 'abc',
        user: { login: 'erin', id: 1005, type: 'User' },
      },
      review: { node_id: 'PRR_web_6_1', state: 'commented', submitted_at: '2025-03-13T10:30:00Z', user: { login: 'dave', id: 1004, type: 'User' } },
    });
    const a = deliver('pull_request_review', review, signatureOf(secret, review), 'same-id');
    const b = deliver('pull_request_review', review, signatureOf(secret, review), 'same-id');
    expect(a?.deliveryId).toBe('same-id');
    expect(b?.deliveryId).toBe('same-id');
    const { write, rec } = recordingWriter();
    expect(a!.apply(write, DEFAULT_CODE_PROCESS)).toEqual({ written: 1 });
    expect(rec.pullRequests[0]).toMatchObject({
      scopeId: 'scope:acme/web',
      externalId: 'PR_web_6',
      number: 6,
      state: 'MERGED',
      author: { externalId: '1005' },
    });
    expect(rec.pullRequests[0]!.events).toEqual([
      {
        externalId: 'PRR_web_6_1',
        kind: 'REVIEW',
        at: '2025-03-13T10:30:00Z',
        state: 'COMMENTED',
        actor: { externalId: '1004', login: 'dave', displayName: 'dave', email: null, isBot: false },
      },
    ]);

    const status = JSON.stringify({
      action: 'created',
      repository: { full_name: 'acme/api' },
      deployment: { id: 7099, sha: 'def', environment: 'production', created_at: '2025-03-20T10:00:00Z' },
      deployment_status: { state: 'success', environment: 'production', created_at: '2025-03-20T10:05:00Z' },
    });
    const s = deliver('deployment_status', status, signatureOf(secret, status), 'd-2');
    const out = recordingWriter();
    expect(s!.apply(out.write, DEFAULT_CODE_PROCESS)).toEqual({ written: 1 });
    expect(out.rec.deployments).toEqual([
      {
        scopeId: 'scope:acme/api',
        externalId: '7099',
        environment: 'production',
        result: 'SUCCESS',
        sha: 'def',
        startedAt: '2025-03-20T10:00:00Z',
        finishedAt: '2025-03-20T10:05:00Z',
      },
    ]);

    const closed = JSON.stringify({
      action: 'closed',
      repository: { full_name: 'acme/api' },
      issue: { number: 101, state: 'closed', closed_at: '2025-04-01T10:00:00Z' },
    });
    expect(deliver('issues', closed, signatureOf(secret, closed), 'd-3')!.apply(out.write, DEFAULT_CODE_PROCESS)).toEqual({
      written: 0,
      closedIssues: ['acme/api#101'],
    });

    const excluded = recordingWriter(() => false);
    expect(a!.apply(excluded.write, DEFAULT_CODE_PROCESS)).toEqual({ written: 0 });
    expect(deliver('pull_request', '{not json', signatureOf(secret, '{not json'), 'd-4')!.apply(out.write, DEFAULT_CODE_PROCESS)).toEqual({ written: 0 });
  });

  it('the fake delivers signed webhooks that the adapter accepts', async () => {
    const { createServer } = await import('node:http');
    const seen: Array<ReturnType<NonNullable<typeof githubAdapter.webhook>>> = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const d = githubAdapter.webhook!({ connection, webhookSecret: secret, headers: req.headers, rawBody: Buffer.concat(chunks) });
        seen.push(d);
        res.writeHead(d ? 202 : 401).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      expect((await fake.deliver(`http://127.0.0.1:${port}/hook`, 'ping', { zen: 'Keep it logically awesome.' }, secret, 'abc')).status).toBe(202);
      expect((await fake.deliver(`http://127.0.0.1:${port}/hook`, 'ping', { zen: 'x' }, 'another secret of 16+ chars')).status).toBe(401);
      expect(seen[0]).toMatchObject({ deliveryId: 'abc', event: 'ping' });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
