import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { accessToken, latencyStats, seedUsers, startBenchApp, type LatencyStats } from './fixtures.js';
import { startFakeGitHub } from '../server/features/integrations/fakes/fake-github.js';
import { createIngestWriter } from '../server/features/integrations/integrations.ingest.repo.js';
import { readCodeProcessSettings } from '../server/features/integrations/integrations.code-process.repo.js';
import { addDays, dayOf, todayIn } from '../shared/dates.js';

/**
 * Integrations and insights at size (docs/decisions/0051, 0052), against the real app:
 * - Backfill: a fake GitHub in a process of its own serves 100,000 pull requests with 5 events each
 *   (500,000 events: commits, reviews, comments) over its GraphQL API; the app connects to it through
 *   `connectIntegration` and the sync job runs to DONE. Reported: wall time from connecting to DONE
 *   (target < 60 s) and the app process's peak RSS (target < 400 MB), sampled every 100 ms.
 * - Team insights for a 12-month window over those pull requests (both repositories owned by one
 *   team), uncached (RESPONSE_CACHE off): p50/p99 over 200 reads after 5 warm-up reads, idle and
 *   while a webhook-like write updates a pull request every 50 ms (target p99 < 100 ms).
 * Run alone: `npx tsx bench/insights.bench.ts` (prints one JSON line); INSIGHTS_BENCH_PRS and
 * INSIGHTS_BENCH_READS make it smaller. With INSIGHTS_FAKE=1 it is the fake GitHub's process.
 */
export type InsightsBench = {
  pullRequests: number;
  events: number;
  backfillMs: number;
  peakRssMb: number;
  rows: number;
  teamInsights: { idle: LatencyStats; writes: LatencyStats };
};

const PRS = Number(process.env.INSIGHTS_BENCH_PRS ?? 100_000);
const EVENTS = 5;
const READS = Number(process.env.INSIGHTS_BENCH_READS ?? 200);

async function fakeProcess(): Promise<void> {
  const fake = await startFakeGitHub({ generated: { pullRequests: PRS, eventsPerPr: EVENTS } });
  console.log(JSON.stringify({ url: fake.url, token: fake.token }));
}

async function startFake(): Promise<{ child: ChildProcess; url: string; token: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, INSIGHTS_FAKE: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  for await (const line of lines) if (line.startsWith('{')) return { child, ...(JSON.parse(line) as { url: string; token: string }) };
  throw new Error('The fake GitHub did not start.');
}

async function main(): Promise<void> {
  process.env.RESPONSE_CACHE = 'off';
  const fake = await startFake();
  const { app, url } = await startBenchApp();
  try {
    const { orgId, adminEmail } = await seedUsers(app, 50, 'Insights Corp', 'insights.example');
    let token = await accessToken(url, adminEmail);
    const gql = async (query: string, variables: Record<string, unknown> = {}, again = true): Promise<Record<string, any>> => {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data?: Record<string, any>; errors?: Array<{ message: string; extensions?: { code?: string } }> };
      // Access tokens live 2 minutes (ACCESS_TOKEN_SECONDS), as in the app: sign in again, as the app refreshes.
      if (again && body.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) {
        token = await accessToken(url, adminEmail);
        return gql(query, variables, false);
      }
      if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
      return body.data!;
    };
    const sql = app.services.db.$client;
    const teamId = (sql.prepare('select id from teams where organization_id = ? order by rowid limit 1').get(orgId) as { id: string }).id;

    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    const t0 = performance.now();
    const connection = (
      await gql(`mutation($i: ConnectIntegrationInput!) { connectIntegration(input: $i) { id } }`, {
        i: { provider: 'GITHUB', base_url: fake.url, account: 'acme', token: fake.token, backfill_months: 12 },
      })
    ).connectIntegration as { id: string };
    for (;;) {
      await app.services.scheduler.tick();
      const run = sql.prepare('select status, error from sync_runs where connection_id = ? order by created_at desc limit 1').get(connection.id) as {
        status: string;
        error: string | null;
      };
      if (run.status === 'DONE') break;
      if (run.status === 'FAILED') throw new Error(`The backfill failed: ${run.error}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const backfillMs = performance.now() - t0;
    console.error(`backfill: ${Math.round(backfillMs)} ms, peak RSS ${Math.round(peak / 2 ** 20)} MB`);
    clearInterval(sampler);
    token = await accessToken(url, adminEmail); // the backfill may outlast an access token
    const rows = (sql.prepare('select count(*) as n from ext_pull_requests').get() as { n: number }).n;

    const scopes = sql.prepare('select id from integration_scopes where connection_id = ?').all(connection.id) as Array<{ id: string }>;
    await gql('mutation($id: ID!, $s: [IntegrationScopeInput!]!) { setIntegrationScopes(id: $id, scopes: $s) { id } }', {
      id: connection.id,
      s: scopes.map((s) => ({ id: s.id, included: true, team_id: teamId })),
    });
    const to = todayIn();
    const from = dayOf(addDays(Date.now(), -364));
    const query = `query($t: ID!, $from: String, $to: String) { teamInsights(team_id: $t, from: $from, to: $to, grain: WEEK) {
      periods { start } metrics { key summary { n value mean median p75 excluded } points { n value } } sprints { id } review_cycles { n } retros { participants } goals { count } } }`;
    const read = async () => {
      const s = performance.now();
      await gql(query, { t: teamId, from, to });
      return performance.now() - s;
    };
    const measure = async () => {
      for (let i = 0; i < 5; i++) await read();
      const times: number[] = [];
      for (let i = 0; i < READS; i++) times.push(await read());
      return latencyStats(times);
    };
    const idle = await measure();
    console.error(`team insights idle: ${JSON.stringify(idle)}`);
    // Writes while reading: a pull request gets a new review every 50 ms, as a webhook would bring it.
    const scopeId = (sql.prepare("select id from integration_scopes where connection_id = ? and name = 'acme/api'").get(connection.id) as { id: string }).id;
    const writer = createIngestWriter(app.services.db, {
      organizationId: orgId,
      connectionId: connection.id,
      settings: readCodeProcessSettings(app.services.db, orgId),
    });
    let n = 0;
    const writing = setInterval(() => {
      n++;
      const at = new Date().toISOString();
      writer.pullRequests(scopeId, [
        {
          externalId: `bench-${n % 50}`,
          number: 1_000_000 + (n % 50),
          title: 'Bench change',
          state: 'OPEN',
          isDraft: false,
          author: { externalId: '1001', login: 'alice' },
          createdAt: at,
          updatedAt: at,
          events: [{ externalId: `bench-review-${n}`, kind: 'REVIEW', at, actor: { externalId: '1002', login: 'bob' }, state: 'COMMENTED' }],
        },
      ]);
    }, 50);
    const writes = await measure();
    clearInterval(writing);
    const result: InsightsBench = {
      pullRequests: PRS,
      events: PRS * EVENTS,
      backfillMs: Math.round(backfillMs),
      peakRssMb: Math.round(peak / 1024 / 1024),
      rows,
      teamInsights: { idle, writes },
    };
    console.log(JSON.stringify(result));
  } finally {
    await app.close();
    fake.child.kill();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  (process.env.INSIGHTS_FAKE ? fakeProcess() : main()).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
export const insightsBenchScript = path.basename(fileURLToPath(import.meta.url));
