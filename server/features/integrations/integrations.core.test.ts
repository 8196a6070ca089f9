import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scheduler } from '../../jobs/jobs.scheduler.js';
import { jobs, jobSchedules } from '../../jobs/jobs.tables.js';
import { fakeClock, type FakeClock } from '../../jobs/jobs.test-support.js';
import { addUser, captureLogs, codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { auditEvents } from '../audit/audit.tables.js';
import { seedEndedRetro } from '../retros/retros.progress.test-support.js';
import { retroActionItems } from '../retros/retros.tables.js';
import { startFakeGitHub, type FakeGitHub } from './fakes/fake-github.js';
import { signatureOf } from './github/github.webhook.js';
import { PULL_REQUESTS } from './sample/synthetic-dataset.js';
import { openCredentials } from './integrations.secrets.js';
import { extPullRequests, integrationConnections, syncRuns, webhookDeliveries } from './integrations.tables.js';
import { FAKES_ENV } from './integrations.outbound.test-support.js';

/**
 * The integrations core against the fake GitHub (a real HTTP server speaking GitHub's REST and
 * GraphQL APIs): connecting (a failed test stores nothing; credentials sealed and never answered),
 * the sync engine on the scheduler's controllable clock (backfill, progress and history, a rate
 * limit resumed at retry-after without duplicates, a revoked token, an incremental sync that fetches
 * only the change), the webhook route (signature, replay), retro action items sent as issues and
 * closed by sync or webhook, another organization's admin, and disconnecting.
 */

const WEBHOOK_SECRET = 'whsec-0123456789abcdef';
const CONNECTION = `id provider base_url account auth_kind secret_hint has_webhook_secret webhook_url backfill_months status last_error last_synced_at is_sample
  connected_by { id } created_at unmatched_accounts scopes { id kind external_id name url default_branch included team { id } }
  current_run { id kind status progress_done progress_total progress_label items_written requests error resumes_at started_at finished_at created_at }
  sync_runs(limit: 50) { id kind status items_written error resumes_at }`;
const CONNECT = `mutation($input: ConnectIntegrationInput!) { connectIntegration(input: $input) { ${CONNECTION} } }`;
const GET = `query($id: ID!) { integration(id: $id) { ${CONNECTION} } }`;
const SYNC = `mutation($id: ID!, $kind: SyncKind) { syncIntegration(id: $id, kind: $kind) { id kind status } }`;

let app: FastifyInstance;
let clock: FakeClock;
let scheduler: Scheduler;
let fake: FakeGitHub;
let world: Awaited<ReturnType<typeof seedOrg>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let connectionId = '';
let logs: ReturnType<typeof captureLogs>;

const settle = async () => {
  for (let i = 0; i < 20; i += 1) {
    const s = await scheduler.tick();
    if (!s.done && !s.failed && !s.dead && !s.lost) return;
  }
  throw new Error('the scheduler did not settle');
};
const read = async () => {
  const r = await admin.gql(GET, { id: connectionId });
  expect(r.errors).toBeUndefined();
  return r.data!.integration as Record<string, any>;
};
const prCount = () =>
  app.services.db.select({ id: extPullRequests.id }).from(extPullRequests).where(eq(extPullRequests.connection_id, connectionId)).all().length;
const webhook = (body: string, headers: Record<string, string>, id = connectionId) =>
  app.inject({ method: 'POST', url: `/api/integrations/webhooks/${id}`, payload: body, headers: { 'content-type': 'application/json', ...headers } });

beforeAll(async () => {
  // Logs at debug level, captured: no credential may reach a log line.
  app = await createTestApp({ LOG_LEVEL: 'debug', ...FAKES_ENV });
  logs = captureLogs(app);
  clock = fakeClock(new Date().toISOString());
  scheduler = app.services.scheduler;
  await scheduler.stop();
  scheduler.useClock(clock.now);
  fake = await startFakeGitHub();
  world = await seedOrg(app);
  admin = await signedIn(app, world.admin.email);
});
afterAll(async () => {
  logs?.restore();
  await fake?.close();
  await app?.close();
});

describe('connecting', () => {
  it('refuses a bad token in plain words and stores nothing', async () => {
    const r = await admin.gql(CONNECT, { input: { provider: 'GITHUB', base_url: fake.url, account: 'acme', token: 'ghp_wrongTokenWrongTokenWrongToken00' } });
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0]!.message).toMatch(/rejected|wrong|revoked/i);
    expect(r.errors![0]!.message).not.toContain('ghp_wrong');
    expect((await admin.gql('{ integrations { id } }')).data!.integrations).toEqual([]);
    expect(codeOf(await admin.gql(CONNECT, { input: { provider: 'GITHUB', account: 'acme' } }))).toBe('BAD_USER_INPUT');
  });

  it('connects: secrets sealed at rest, never answered, audited without the secret; a second GitHub is a CONFLICT', async () => {
    const r = await admin.gql(CONNECT, {
      input: { provider: 'GITHUB', base_url: fake.url, account: 'acme', token: fake.token, webhook_secret: WEBHOOK_SECRET, backfill_months: 24 },
    });
    expect(r.errors).toBeUndefined();
    const c = r.data!.connectIntegration as Record<string, any>;
    connectionId = c.id;
    expect(c).toMatchObject({
      provider: 'GITHUB',
      status: 'CONNECTED',
      has_webhook_secret: true,
      secret_hint: `••••${fake.token.slice(-4)}`,
      is_sample: false,
      connected_by: { id: world.admin.id },
    });
    expect(c.webhook_url).toBe(`http://localhost:3000/api/integrations/webhooks/${c.id}`);
    expect(c.scopes.map((s: { name: string }) => s.name).sort()).toEqual(['acme/api', 'acme/web']);
    expect(c.scopes.every((s: { included: boolean }) => s.included)).toBe(true);
    expect(c.current_run).toMatchObject({ kind: 'BACKFILL', status: 'QUEUED' });
    const answered = JSON.stringify([c, await read(), (await admin.gql('{ integrations { id secret_hint } }')).data]);
    expect(answered).not.toContain(fake.token);
    expect(answered).not.toContain(WEBHOOK_SECRET);

    const row = app.services.db.select().from(integrationConnections).where(eq(integrationConnections.id, connectionId)).get()!;
    expect(row.secret_sealed.startsWith('v1.')).toBe(true);
    expect(JSON.stringify(row)).not.toContain(fake.token);
    expect(JSON.stringify(row)).not.toContain(WEBHOOK_SECRET);
    expect(openCredentials(app.services.keys, row)).toEqual({ token: fake.token });

    const audit = app.services.db.select().from(auditEvents).where(eq(auditEvents.action, 'INTEGRATION_SECRET_CHANGED')).all();
    expect(audit.map((a) => a.details)).toContainEqual({ integration: 'GitHub', secret: 'token', change: 'connected' });
    expect(JSON.stringify(audit)).not.toContain(fake.token);

    expect(codeOf(await admin.gql(CONNECT, { input: { provider: 'GITHUB', base_url: fake.url, account: 'acme', token: fake.token } }))).toBe('CONFLICT');
  });
});

describe('syncing', () => {
  it('backfills to DONE with progress and history', async () => {
    await settle();
    const c = await read();
    expect(c.current_run).toMatchObject({ kind: 'BACKFILL', status: 'DONE', error: null });
    expect(c.current_run.items_written).toBeGreaterThanOrEqual(PULL_REQUESTS.length);
    expect(c.current_run.progress_done).toBeGreaterThan(0);
    expect(c.current_run.requests).toBeGreaterThan(0);
    expect(c.last_synced_at).not.toBeNull();
    expect(c.sync_runs).toHaveLength(1);
    expect(prCount()).toBe(PULL_REQUESTS.length);
  });

  it('waits on a rate limit, resumes at retry-after and ends DONE without duplicates', async () => {
    fake.failNext({ status: 429, headers: { 'retry-after': '120' }, path: /^\/graphql$/ });
    expect((await admin.gql(SYNC, { id: connectionId, kind: 'RECONCILE' })).data!.syncIntegration).toMatchObject({ kind: 'RECONCILE', status: 'QUEUED' });
    expect(codeOf(await admin.gql(SYNC, { id: connectionId }))).toBe('CONFLICT');
    await settle();
    let c = await read();
    expect(c.current_run).toMatchObject({ kind: 'RECONCILE', status: 'RATE_LIMITED' });
    expect(c.current_run.error).toMatch(/slow down/);
    const resumesAt = Date.parse(c.current_run.resumes_at);
    expect(resumesAt).toBeGreaterThan(clock.now());
    expect(codeOf(await admin.gql(SYNC, { id: connectionId }))).toBe('CONFLICT');
    await settle();
    expect((await read()).current_run.status).toBe('RATE_LIMITED'); // not before its time
    clock.set(new Date(resumesAt + 1000).toISOString());
    await settle();
    c = await read();
    expect(c.current_run).toMatchObject({ kind: 'RECONCILE', status: 'DONE', error: null, resumes_at: null });
    expect(prCount()).toBe(PULL_REQUESTS.length);
  });

  it('fetches only the change on the next sync', async () => {
    fake.updatePullRequest(1, { title: 'Paginate the orders endpoint (v2)' }, 'acme/api');
    const before = fake.requests.length;
    await admin.gql(SYNC, { id: connectionId, kind: 'INCREMENTAL' });
    await settle();
    const c = await read();
    expect(c.current_run).toMatchObject({ kind: 'INCREMENTAL', status: 'DONE' });
    // The change, and the few records at the previous cursor that GitHub's 5-minute overlap reads again (upserted, not added).
    expect(c.current_run.items_written).toBeGreaterThanOrEqual(1);
    expect(c.current_run.items_written).toBeLessThanOrEqual(3);
    const graphql = fake.requests.slice(before).filter((q) => q.path.startsWith('/graphql'));
    expect(graphql.length).toBeLessThanOrEqual(2);
    const titles = app.services.db
      .select({ title: extPullRequests.title })
      .from(extPullRequests)
      .where(eq(extPullRequests.connection_id, connectionId))
      .all()
      .map((p) => p.title);
    expect(titles).toContain('Paginate the orders endpoint (v2)');
    expect(prCount()).toBe(PULL_REQUESTS.length);
  });

  it('a sync the server left running shows INTERRUPTED and continues when its job runs again', async () => {
    const run = (await admin.gql(SYNC, { id: connectionId, kind: 'INCREMENTAL' })).data!.syncIntegration as { id: string };
    const jobId = app.services.db.select({ job_id: syncRuns.job_id }).from(syncRuns).where(eq(syncRuns.id, run.id)).get()!.job_id!;
    // What a killed process leaves: the run RUNNING, its job running under a runner that is gone.
    app.services.db.update(syncRuns).set({ status: 'RUNNING', started_at: clock.iso() }).where(eq(syncRuns.id, run.id)).run();
    app.services.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, locked_by: 'a-runner-that-died', locked_until: clock.iso() })
      .where(eq(jobs.id, jobId))
      .run();
    expect(scheduler.recoverInterrupted().interrupted).toBe(1);
    expect((await read()).current_run).toMatchObject({ id: run.id, status: 'INTERRUPTED' });
    expect(codeOf(await admin.gql(SYNC, { id: connectionId }))).toBe('CONFLICT');
    await settle();
    expect((await read()).current_run).toMatchObject({ id: run.id, status: 'DONE' });
    expect(prCount()).toBe(PULL_REQUESTS.length);
  });

  it('a revoked token fails the run and puts the connection in ERROR with a plain message; a new token heals it', async () => {
    fake.failNext({ status: 401, body: '{"message":"Bad credentials"}', path: /^\/graphql$/ });
    await admin.gql(SYNC, { id: connectionId, kind: 'INCREMENTAL' });
    await settle();
    let c = await read();
    expect(c.current_run.status).toBe('FAILED');
    expect(c.status).toBe('ERROR');
    expect(c.last_error).toMatch(/rejected the credentials/);
    expect(JSON.stringify(c)).not.toContain(fake.token);
    const bad = await admin.gql(`mutation($id: ID!) { updateIntegration(id: $id, input: { token: "ghp_stillWrongStillWrongStillWrong0" }) { status } }`, {
      id: connectionId,
    });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    const good = await admin.gql(`mutation($id: ID!, $t: String!) { updateIntegration(id: $id, input: { token: $t }) { status last_error } }`, {
      id: connectionId,
      t: fake.token,
    });
    expect(good.data!.updateIntegration).toEqual({ status: 'CONNECTED', last_error: null });
    c = await read();
    expect(c.sync_runs.map((r: { status: string; kind: string }) => `${r.kind} ${r.status}`)).toEqual([
      'INCREMENTAL FAILED',
      'INCREMENTAL DONE',
      'INCREMENTAL DONE',
      'RECONCILE DONE',
      'BACKFILL DONE',
    ]);
  });
});

describe('schedules', () => {
  it('runs an incremental sync every hour by itself', async () => {
    const before = (await read()).sync_runs.length;
    clock.advance(3_600_000);
    await settle();
    const c = await read();
    expect(c.sync_runs).toHaveLength(before + 1);
    expect(c.current_run).toMatchObject({ kind: 'INCREMENTAL', status: 'DONE' });
  });
});

describe('webhooks and retro action items', () => {
  let retroId = '';
  let itemIds: string[] = [];
  let report: Awaited<ReturnType<typeof signedIn>>;

  it('sends a retro action item to the team’s repository as an issue', async () => {
    const c = await read();
    const api = c.scopes.find((s: { name: string }) => s.name === 'acme/api');
    const set = await admin.gql(`mutation($id: ID!, $s: [IntegrationScopeInput!]!) { setIntegrationScopes(id: $id, scopes: $s) { name team { id } } }`, {
      id: connectionId,
      s: [{ id: api.id, included: true, team_id: world.team.id }],
    });
    expect(set.data!.setIntegrationScopes).toContainEqual({ name: 'acme/api', team: { id: world.team.id } });
    expect(
      codeOf(
        await admin.gql(`mutation($id: ID!, $s: [IntegrationScopeInput!]!) { setIntegrationScopes(id: $id, scopes: $s) { name } }`, {
          id: connectionId,
          s: [{ id: api.id, included: true, team_id: 'no-such-team' }],
        }),
      ),
    ).toBe('BAD_USER_INPUT');

    retroId = seedEndedRetro(app.services.db, { orgId: world.org.id, teamId: world.team.id, endedAt: new Date().toISOString(), actionItems: { open: 2 } });
    itemIds = app.services.db
      .select({ id: retroActionItems.id })
      .from(retroActionItems)
      .where(eq(retroActionItems.retro_id, retroId))
      .all()
      .map((i) => i.id);
    report = await signedIn(app, world.report.email);
    const targets = (await report.gql(`query($r: ID!) { trackerTargets(retro_id: $r) { scope_id name provider team_owned } }`, { r: retroId })).data!
      .trackerTargets as Array<Record<string, unknown>>;
    expect(targets[0]).toMatchObject({ name: 'acme/api', provider: 'GITHUB', team_owned: true });

    const outsider = await signedIn(app, world.member.email);
    expect(codeOf(await outsider.gql(`query($r: ID!) { trackerTargets(retro_id: $r) { name } }`, { r: retroId }))).toBe('NOT_FOUND');
    const SEND = `mutation($a: ID!, $s: ID!) { sendRetroActionToTracker(action_item_id: $a, scope_id: $s) { action_item_id provider key url closed_at } }`;
    expect(codeOf(await outsider.gql(SEND, { a: itemIds[0], s: api.id }))).toBe('NOT_FOUND');
    for (const id of itemIds) {
      const sent = await report.gql(SEND, { a: id, s: api.id });
      expect(sent.errors).toBeUndefined();
      expect(sent.data!.sendRetroActionToTracker).toMatchObject({ action_item_id: id, provider: 'GITHUB', closed_at: null });
      expect(sent.data!.sendRetroActionToTracker.key).toMatch(/^acme\/api#\d+$/);
    }
    expect(codeOf(await report.gql(SEND, { a: itemIds[0], s: api.id }))).toBe('CONFLICT');
    expect((await report.gql(`query($r: ID!) { retroActionIssues(retro_id: $r) { key } }`, { r: retroId })).data!.retroActionIssues).toHaveLength(2);
  });

  it('closing the issue marks the action item done on the next sync', async () => {
    const issues = (await report.gql(`query($r: ID!) { retroActionIssues(retro_id: $r) { action_item_id key } }`, { r: retroId })).data!
      .retroActionIssues as Array<{ action_item_id: string; key: string }>;
    const first = issues.find((i) => i.action_item_id === itemIds[0])!;
    fake.closeIssue('acme/api', Number(first.key.split('#')[1]));
    await admin.gql(SYNC, { id: connectionId, kind: 'INCREMENTAL' });
    await settle();
    const status = (id: string) =>
      app.services.db.select({ status: retroActionItems.status }).from(retroActionItems).where(eq(retroActionItems.id, id)).get()!.status;
    expect(status(itemIds[0]!)).toBe('DONE');
    expect(status(itemIds[1]!)).toBe('OPEN');
  });

  it('webhooks: unknown connection 404, bad signature 403, a delivery applied once, a replay acknowledged', async () => {
    const issues = (await report.gql(`query($r: ID!) { retroActionIssues(retro_id: $r) { action_item_id key } }`, { r: retroId })).data!
      .retroActionIssues as Array<{ action_item_id: string; key: string }>;
    const second = issues.find((i) => i.action_item_id === itemIds[1])!;
    const body = JSON.stringify({
      action: 'closed',
      issue: { number: Number(second.key.split('#')[1]), state: 'closed', closed_at: new Date().toISOString() },
      repository: { full_name: 'acme/api' },
    });
    const headers = { 'x-github-event': 'issues', 'x-github-delivery': 'delivery-1', 'x-hub-signature-256': signatureOf(WEBHOOK_SECRET, body) };
    expect((await webhook(body, headers, 'no-such-connection')).statusCode).toBe(404);
    expect((await webhook(body, { ...headers, 'x-hub-signature-256': signatureOf('another-secret-0000', body) })).statusCode).toBe(403);
    expect((await webhook(body, { ...headers, 'x-hub-signature-256': '' })).statusCode).toBe(403);
    const first = await webhook(body, headers);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ accepted: true, action_items_done: 1 });
    const replay = await webhook(body, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ duplicate: true });
    expect(app.services.db.select().from(webhookDeliveries).all()).toHaveLength(1);
    expect(app.services.db.select({ status: retroActionItems.status }).from(retroActionItems).where(eq(retroActionItems.id, itemIds[1]!)).get()!.status).toBe(
      'DONE',
    );
  });
});

describe('organizations and disconnecting', () => {
  it('another organization’s admin cannot see or touch the connection; a member cannot list connections', async () => {
    const other = await seedOrg(app, 'Globex');
    const otherAdmin = await signedIn(app, other.admin.email);
    expect(codeOf(await otherAdmin.gql(GET, { id: connectionId }))).toBe('NOT_FOUND');
    expect(codeOf(await otherAdmin.gql(SYNC, { id: connectionId }))).toBe('NOT_FOUND');
    expect(codeOf(await otherAdmin.gql(`mutation($id: ID!) { disconnectIntegration(id: $id) }`, { id: connectionId }))).toBe('NOT_FOUND');
    expect((await otherAdmin.gql('{ integrations { id } }')).data!.integrations).toEqual([]);
    const member = await signedIn(app, (await addUser(app, world.org.id)).email);
    expect(codeOf(await member.gql('{ integrations { id } }'))).toBe('FORBIDDEN');
  });

  it('pausing stops the schedules; disconnecting removes everything it brought', async () => {
    const paused = await admin.gql(`mutation($id: ID!) { updateIntegration(id: $id, input: { paused: true }) { status } }`, { id: connectionId });
    expect(paused.data!.updateIntegration).toEqual({ status: 'PAUSED' });
    const schedules = () =>
      app.services.db
        .select({ key: jobSchedules.key, active: jobSchedules.active })
        .from(jobSchedules)
        .where(like(jobSchedules.key, `%${connectionId}%`))
        .all();
    expect(
      schedules()
        .map((x) => [x.key.split(':').pop(), x.active])
        .sort(),
    ).toEqual([
      ['INCREMENTAL', false],
      ['RECONCILE', false],
    ]);
    expect(codeOf(await admin.gql(SYNC, { id: connectionId }))).toBe('CONFLICT');
    const body = JSON.stringify({ action: 'closed', issue: { number: 1 }, repository: { full_name: 'acme/api' } });
    const ignored = await webhook(body, {
      'x-github-event': 'issues',
      'x-github-delivery': 'delivery-paused',
      'x-hub-signature-256': signatureOf(WEBHOOK_SECRET, body),
    });
    expect([ignored.statusCode, ignored.json()]).toEqual([202, { accepted: false, ignored: true }]);
    const sample = await admin.gql(`mutation { loadSampleInsightsData { loaded } }`);
    expect(codeOf(sample)).toBe('BAD_USER_INPUT');
    expect(sample.errors![0]!.message).toMatch(/Disconnect GitHub first/);
    expect((await admin.gql(`mutation($id: ID!) { disconnectIntegration(id: $id) }`, { id: connectionId })).data!.disconnectIntegration).toBe(true);
    expect(prCount()).toBe(0);
    expect(schedules()).toEqual([]);
    expect(codeOf(await admin.gql(GET, { id: connectionId }))).toBe('NOT_FOUND');
    const audit = app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'INTEGRATION_SECRET_CHANGED'))
      .all()
      .map((a) => a.details);
    expect(audit).toContainEqual({ integration: 'GitHub', secret: 'token', change: 'removed' });
  });
});

describe('credentials in logs and errors', () => {
  it('no token or webhook secret in any log line, job error or sync error', () => {
    const text = logs.text();
    expect(text).toContain('sync'); // the capture saw the sync engine's lines
    for (const secret of [fake.token, WEBHOOK_SECRET]) {
      expect(text).not.toContain(secret);
      expect(JSON.stringify(app.services.db.select({ e: jobs.last_error }).from(jobs).all())).not.toContain(secret);
      expect(JSON.stringify(app.services.db.select({ e: syncRuns.error }).from(syncRuns).all())).not.toContain(secret);
    }
  });
});
