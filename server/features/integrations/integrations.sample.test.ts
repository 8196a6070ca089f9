import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../jobs/jobs.test-support.js';
import { addUser, codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { seedEndedRetro } from '../retros/retros.progress.test-support.js';
import { retroActionItems } from '../retros/retros.tables.js';
import { createTeam, updateTeam } from '../teams/teams.repo.js';
import { extAccounts, extIssues, extPullRequests } from './integrations.tables.js';

/**
 * The sample data set as an admin and a team use it (docs/decisions/0064), on a server that allows
 * no private address (no OUTBOUND_ALLOW_PRIVATE): loaded over the four sample teams, each to the
 * organization's team of its name with its lead and engineers matched; its connections tested,
 * synced again (nothing duplicated) and sent retro action items, before and after a restart on the
 * same data directory; its pull requests and issues link nowhere outside Teamlens.
 */
const TEAMS = ['Platform', 'Web', 'Mobile', 'Data'] as const;
const STATUS = `{ loaded runs { kind status error } }`;
const CONNECTIONS = `{ integrations { id provider is_sample webhook_url base_url scopes { id name url team { name } } current_run { status items_written } } }`;
const TEST = `mutation($id: ID!) { testIntegration(id: $id) { ok message missing } }`;
const SYNC = `mutation($id: ID!) { syncIntegration(id: $id) { id status } }`;
const TARGETS = `query($r: ID!) { trackerTargets(retro_id: $r) { scope_id name provider team_owned sample } }`;
const SEND = `mutation($a: ID!, $s: ID!) { sendRetroActionToTracker(action_item_id: $a, scope_id: $s) { key url sample closed_at } }`;
const SOURCES = `query($t: ID!) { teamInsights(team_id: $t) { sources { code issues code_connected issues_connected } }
  individualInsights { sources { code issues code_connected issues_connected } } }`;
const TEAM_INSIGHTS = `query($t: ID!) { teamInsights(team_id: $t, grain: WEEK) { sources { code issues deployments sample }
  metrics { key summary { n } } sprints { name } } }`;

type Connection = {
  id: string;
  provider: string;
  is_sample: boolean;
  webhook_url: string | null;
  base_url: string;
  scopes: Array<{ id: string; name: string; url: string | null; team: { name: string } | null }>;
  current_run: { status: string; items_written: number } | null;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-sample-'));
let app: FastifyInstance;
let world: Awaited<ReturnType<typeof seedOrg>>;
const teamIds = new Map<string, string>();
const people = new Map<string, { lead: string; manager: string; engineers: string[] }>();

async function start(): Promise<FastifyInstance> {
  const started = await createTestApp({ DATA_DIR: dataDir });
  await started.services.scheduler.stop();
  started.services.scheduler.useClock(fakeClock(new Date().toISOString()).now);
  return started;
}
async function settle(): Promise<void> {
  for (let i = 0; i < 30; i += 1) {
    const s = await app.services.scheduler.tick();
    if (!s.done && !s.failed && !s.dead && !s.lost) return;
  }
  throw new Error('the scheduler did not settle');
}
const admin = () => signedIn(app, world.admin.email);
const connections = async () => (await (await admin()).gql(CONNECTIONS)).data!.integrations as Connection[];
const count = (table: typeof extPullRequests | typeof extIssues) =>
  app.services.db.select({ id: table.id }).from(table).where(eq(table.organization_id, world.org.id)).all().length;

beforeAll(async () => {
  app = await start();
  world = await seedOrg(app);
  // The demo's four teams, seven people each: a manager, a tech lead, five engineers.
  for (const name of TEAMS) {
    const team = createTeam(app.services.db, world.org.id, { name });
    teamIds.set(name, team.id);
    const add = (n: string) => addUser(app, world.org.id, { full_name: `${name} ${n}`, team_id: team.id }).then((u) => u.id);
    const manager = await add('Manager');
    const lead = await add('Zoe Lead');
    const engineers = await Promise.all(['Ann', 'Bea', 'Cem', 'Dov', 'Eli'].map(add));
    updateTeam(app.services.db, world.org.id, team.id, { manager_id: manager, team_lead_id: lead });
    people.set(name, { lead, manager, engineers });
  }
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the sample data set', () => {
  it('loads over the four teams: each has its repository and project, its people matched, pull requests, issues and sprints', async () => {
    const a = await admin();
    const none = { code: false, issues: false, code_connected: false, issues_connected: false };
    expect((await a.gql(SOURCES, { t: world.team.id })).data).toEqual({ teamInsights: { sources: none }, individualInsights: { sources: none } });
    expect((await a.gql(`mutation { loadSampleInsightsData ${STATUS} }`)).data!.loadSampleInsightsData).toMatchObject({
      loaded: true,
      runs: [{ status: 'QUEUED' }, { status: 'QUEUED' }],
    });
    await settle();
    expect(
      (await a.gql(`{ sampleInsightsData ${STATUS} }`)).data!.sampleInsightsData.runs.map((r: { status: string; error: string | null }) => [r.status, r.error]),
    ).toEqual([
      ['DONE', null],
      ['DONE', null],
    ]);

    const list = await connections();
    expect(list.map((c) => [c.provider, c.is_sample, c.webhook_url]).sort()).toEqual([
      ['GITHUB', true, null],
      ['JIRA', true, null],
    ]);
    const scopes = list.flatMap((c) => c.scopes);
    expect(scopes.map((s) => [s.name, s.team?.name]).sort()).toEqual([
      ['DATA', 'Data'],
      ['MOB', 'Mobile'],
      ['PLAT', 'Platform'],
      ['WEB', 'Web'],
      ['acme/data-pipeline', 'Data'],
      ['acme/mobile-app', 'Mobile'],
      ['acme/platform-api', 'Platform'],
      ['acme/web-app', 'Web'],
    ]);
    // The lead first, then the engineers by name; the manager is left out (the sample's teams have six people).
    const accounts = app.services.db.select().from(extAccounts).where(eq(extAccounts.organization_id, world.org.id)).all();
    const matched = (login: string) => accounts.find((x) => x.login === login)!;
    expect([matched('alice').user_id, matched('bob').user_id, matched('hugo').user_id]).toEqual([
      people.get('Platform')!.lead,
      ...[0, 4].map((i) => people.get('Platform')!.engineers[i]),
    ]);
    expect(matched('dave').user_id).toBe(people.get('Web')!.lead);
    expect(accounts.filter((x) => x.match_kind === 'MANUAL').map((x) => x.user_id)).not.toContain(people.get('Mobile')!.manager);
    expect(matched('ci-bot[bot]')).toMatchObject({ is_bot: true, user_id: null });

    for (const name of TEAMS) {
      const res = await a.gql(TEAM_INSIGHTS, { t: teamIds.get(name) });
      expect(res.errors).toBeUndefined();
      const insights = res.data!.teamInsights;
      const n = (key: string) => insights.metrics.find((m: { key: string }) => m.key === key).summary.n as number;
      expect([name, insights.sources]).toEqual([name, { code: true, issues: true, deployments: true, sample: true }]);
      expect(n('PR_TIME_TO_MERGE'), name).toBeGreaterThanOrEqual(30);
      expect(n('ISSUE_CYCLE_TIME'), name).toBeGreaterThanOrEqual(30);
      expect(n('DEPLOYMENT_FREQUENCY'), name).toBeGreaterThanOrEqual(10);
      expect(insights.sprints.length, name).toBeGreaterThanOrEqual(5);
    }
    // A team the sample did not go to (Core), and a person it matched no account to (the admin): connected, none of it theirs.
    const unassigned = { code: false, issues: false, code_connected: true, issues_connected: true };
    expect((await a.gql(SOURCES, { t: world.team.id })).data).toEqual({ teamInsights: { sources: unassigned }, individualInsights: { sources: unassigned } });
    // Links stay inside Teamlens: no sample item points at github.com or atlassian.net.
    expect(scopes.every((s) => s.url === null)).toBe(true);
    const urls = app.services.db.$client
      .prepare(`select url from ext_pull_requests where url is not null union all select url from ext_issues where url is not null`)
      .all();
    expect(urls).toEqual([]);
  });

  it('tests and syncs again without duplicating a row; a team sends an action item to the sample tracker', async () => {
    const a = await admin();
    const before = [count(extPullRequests), count(extIssues)];
    for (const c of await connections()) {
      const tested = (await a.gql(TEST, { id: c.id })).data!.testIntegration;
      expect(tested).toMatchObject({ ok: true, missing: [] });
      expect(tested.message).toMatch(
        /^The sample (GitHub|Jira) answers from the sample data set built into Teamlens \(4 (repositories of acme|projects)\)\. Nothing is fetched from (GitHub|Jira)\.$/,
      );
      expect((await a.gql(SYNC, { id: c.id })).data!.syncIntegration).toMatchObject({ status: 'QUEUED' });
    }
    await settle();
    expect((await connections()).map((c) => c.current_run?.status)).toEqual(['DONE', 'DONE']);
    expect([count(extPullRequests), count(extIssues)]).toEqual(before);

    const retroId = seedEndedRetro(app.services.db, {
      orgId: world.org.id,
      teamId: teamIds.get('Web')!,
      endedAt: new Date().toISOString(),
      actionItems: { open: 2 },
    });
    const [first] = app.services.db.select({ id: retroActionItems.id }).from(retroActionItems).where(eq(retroActionItems.retro_id, retroId)).all();
    const engineer = await signedIn(
      app,
      app.services.db.$client.prepare('select email from users where id = ?').pluck().get(people.get('Web')!.engineers[0]) as string,
    );
    const targets = (await engineer.gql(TARGETS, { r: retroId })).data!.trackerTargets as Array<{
      scope_id: string;
      name: string;
      team_owned: boolean;
      sample: boolean;
    }>;
    expect(
      targets
        .slice(0, 2)
        .map((t) => [t.name, t.team_owned, t.sample])
        .sort(),
    ).toEqual([
      ['WEB', true, true],
      ['acme/web-app', true, true],
    ]);
    const sent = await engineer.gql(SEND, { a: first!.id, s: targets.find((t) => t.name === 'acme/web-app')!.scope_id });
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.sendRetroActionToTracker).toEqual({ key: 'acme/web-app#90001', url: null, sample: true, closed_at: null });
  });

  it('works the same after a restart on the same data directory', async () => {
    await app.close();
    app = await start();
    const a = await admin();
    const github = (await connections()).find((c) => c.provider === 'GITHUB')!;
    expect((await a.gql(TEST, { id: github.id })).data!.testIntegration.ok).toBe(true);
    expect(codeOf(await a.gql(SYNC, { id: github.id }))).toBeUndefined();
    await settle();
    expect((await connections()).find((c) => c.provider === 'GITHUB')!.current_run?.status).toBe('DONE');

    const retroId = seedEndedRetro(app.services.db, {
      orgId: world.org.id,
      teamId: teamIds.get('Data')!,
      endedAt: new Date().toISOString(),
      actionItems: { open: 1 },
    });
    const [item] = app.services.db.select({ id: retroActionItems.id }).from(retroActionItems).where(eq(retroActionItems.retro_id, retroId)).all();
    const targets = (await a.gql(TARGETS, { r: retroId })).data!.trackerTargets as Array<{ scope_id: string; name: string }>;
    const sent = await a.gql(SEND, { a: item!.id, s: targets.find((t) => t.name === 'DATA')!.scope_id });
    expect(sent.data!.sendRetroActionToTracker).toEqual({ key: 'DATA-90001', url: null, sample: true, closed_at: null });
  });

  it('is removed in one step', async () => {
    const a = await admin();
    expect((await a.gql(`mutation { removeSampleInsightsData }`)).data!.removeSampleInsightsData).toBe(true);
    expect([count(extPullRequests), count(extIssues)]).toEqual([0, 0]);
    expect((await a.gql(`{ sampleInsightsData ${STATUS} }`)).data!.sampleInsightsData).toEqual({ loaded: false, runs: [] });
  });
});
