import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkBench } from './child.js';
import { benchHttp, type HttpBench } from './http.bench.js';
import { benchWs, type WsBench } from './ws.bench.js';
import { benchMass } from './mass.bench.js';
import { benchAdminTable } from './admin-table.bench.js';
import { benchReviews } from './reviews.bench.js';
import { benchMixed, mixedRows, type MixedBench } from './mixed.bench.js';
import type { LoadResult } from './load.js';
import { PUBLIC_FORM_ROUTES, largestChunk, measureRouteWeights } from './weight.js';
import { benchLighthouse } from './lighthouse.bench.js';
import { lighthouseBlock } from './lighthouse.report.js';
import { benchHeavyQuery, type HeavyBench } from './heavy-query.bench.js';
import { benchRetrosLive } from './retros-live.bench.js';
import { benchRetrosProgress } from './retros-progress.bench.js';
import { benchFeedbackNotes, type FeedbackNotesBench } from './feedback-notes.bench.js';
import { benchGoals, type GoalsBench } from './goals.bench.js';
import type { InsightsBench } from './insights.bench.js';
import { durabilitySection, type DurabilityBench } from './durability.bench.js';
import { benchBinary, binaryRows } from './binary.bench.js';
import { benchScale, scaleRows } from './scale.bench.js';
import { formatNumber } from '../shared/format.js';
import { benchAssistant } from './assistant.bench.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

type Line = Record<string, number | string>;

/** Runs a bench script in a fresh process and returns the JSON line it prints. */
function runScript(script: string, env: Record<string, string> = {}): Line {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 300_000,
  });
  const line = res.stdout
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (!line) throw new Error(`${script} printed no result:\n${res.stdout}\n${res.stderr}`);
  return JSON.parse(line) as Line;
}

const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
const table = (rows: Array<[string, string, string, string]>) => [
  '| what | result | target | |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
];

/**
 * Parts of docs/benchmarks.md between markers, so that `BENCH_ONLY=lighthouse,binary,scale npm run bench`
 * reruns them alone and replaces just them: Lighthouse on every route (docs/decisions/0040, 0065), the
 * single executable and the scale of one process (docs/decisions/0062, 0063).
 */
const SECTIONS = {
  lighthouse: async () => {
    execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
    console.log('bench: Lighthouse, mobile with simulated throttling, 3 runs per key page, then every route once...');
    return lighthouseBlock(await benchLighthouse(3), { at: new Date(), commit: commitOf() });
  },
  binary: async () => {
    console.log('bench: the single executable (build, size, first and warm start)...');
    const b = await benchBinary();
    return [
      `The single executable (docs/decisions/0062, bench/binary.bench.ts; load average during the starts: ${b.load.join(', ')} on ${os.cpus().length} cores):`,
      '',
      ...table(binaryRows(b)),
    ];
  },
  scale: async () => {
    console.log('bench: the mixed workload at 3,000 and 6,000 signed-in people (cached)...');
    const sc = await benchScale();
    return [
      `One process at scale (docs/operations/scaling.md, bench/scale.bench.ts): the mixed workload with the response cache on, ${sc.runs[0]!.seconds} s measured per scale; load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}:`,
      '',
      ...table(scaleRows(sc)),
    ];
  },
} satisfies Record<string, () => Promise<string[]>>;
type SectionName = keyof typeof SECTIONS;
const marked = (name: string, lines: string[]) => [`<!-- bench:${name} -->`, ...lines, `<!-- /bench:${name} -->`].join('\n');

/** Reruns only the named sections and puts them in place in docs/benchmarks.md (appended when missing). */
async function runOnly(names: string[]): Promise<void> {
  const file = path.join(root, 'docs/benchmarks.md');
  let md = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  for (const name of names) {
    if (!(name in SECTIONS)) throw new Error(`BENCH_ONLY: no section ${name} (${Object.keys(SECTIONS).join(', ')})`);
    const text = marked(name, [...(await SECTIONS[name as SectionName]()), '', `(this section rerun alone on ${new Date().toISOString()})`]);
    const at = new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`);
    md = at.test(md) ? md.replace(at, text) : `${md.trimEnd()}\n\n${text}\n`;
  }
  fs.writeFileSync(file, md);
  console.log(md);
}

function commitOf(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
  if (only.length) {
    await runOnly(only);
    process.exit(0);
  }
  console.log('bench: HTTP (findOneUser vs plain route; organizationUsersFull over 5,000 users), without the response cache...');
  const uncachedServer = forkBench('serve.ts', { USERS: '5000', RESPONSE_CACHE: 'off' });
  const uncached: HttpBench = await benchHttp(uncachedServer, await uncachedServer.next('ready'));
  await uncachedServer.stop();
  console.log('bench: the same with the response cache...');
  const server = forkBench('serve.ts', { USERS: '5000' });
  const ready = await server.next<{ url: string; plainUrl: string; token: string }>('ready');
  const cached: HttpBench = await benchHttp(server, ready);
  console.log('bench: websocket (1,000 subscribers, one event)...');
  const ws: WsBench = await benchWs(server, ready, 1000);
  console.log('bench: the heaviest query the cost limit allows, in a loop, vs findOneUser...');
  const heavy: HeavyBench = await benchHeavyQuery(ready);
  await server.stop();
  console.log('bench: mixed workload (4 organizations, sessions, draft autosaves, dashboards), without and with the response cache...');
  const mixedOff: MixedBench = await benchMixed(false);
  const mixedOn: MixedBench = await benchMixed(true);
  console.log('bench: mass creation (10,000 and 50,000 rows, each in its own process)...');
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  const mass10k = await benchMass(10_000);
  const mass50k = await benchMass(50_000);
  console.log('bench: JavaScript per route (Vite manifest, gzip)...');
  const weights = measureRouteWeights();
  const weightOf = (p: string) => weights.find((w) => w.path === p)!;
  const publicForms = measureRouteWeights(undefined, PUBLIC_FORM_ROUTES);
  const largest = largestChunk();
  console.log('bench: admin users table with 5,000 users in headless Chromium...');
  const table = await benchAdminTable(5000, 5);
  console.log('bench: review cycle for 1,000 participants with 5 reviewers each, and its team progress...');
  const reviewsOff = await benchReviews(false);
  const reviews = await benchReviews(true);
  console.log('bench: a live retro with 50 participants writing 10 reflections each, then voting...');
  const retroLive = await benchRetrosLive(50, 10);
  console.log('bench: retro team progress of a team with 50 past retros, uncached...');
  const retroProgress = await benchRetrosProgress();
  console.log('bench: feedback and notes with 5,000 people, 100,000 pieces of feedback and 50,000 notes, uncached then cached...');
  const fbOff = await benchFeedbackNotes(false);
  const fbOn = await benchFeedbackNotes(true);
  console.log('bench: goals with 5,000 people and 50,000 goals, uncached then cached...');
  const goalsOff = await benchGoals(false);
  const goalsOn = await benchGoals(true);
  console.log(
    'bench: integrations and insights: a backfill of 100,000 pull requests (500,000 events) from the fake GitHub, then team insights over 12 months...',
  );
  const insights = runScript('insights.bench.ts') as unknown as InsightsBench;
  console.log('bench: the AI assistant with 5,000 people and 150,000 items: index build, sources-only answers, a fake model endpoint...');
  const assistant = await benchAssistant();
  console.log("bench: the AI assistant's evaluation set over the demo...");
  const evaluation = runScript('assistant-eval.ts') as unknown as {
    recall: number;
    expected: number;
    found: number;
    cases: Array<{ question: string; recall: number }>;
  };
  console.log('bench: email check...');
  const email = runScript('email.ts');
  console.log('bench: durability, DB_SYNCHRONOUS normal vs full (a note saved over HTTP, one at a time and 8 at once)...');
  const durability = runScript('durability.bench.ts') as unknown as DurabilityBench;
  const lighthouseSection = await SECTIONS.lighthouse();
  const binarySection = await SECTIONS.binary();
  const scaleSection = await SECTIONS.scale();

  const loadOf = (l: Pick<LoadResult, 'p50' | 'p99' | 'requestsPerSecond'>) => `p50 ${l.p50} ms, p99 ${l.p99} ms, ${l.requestsPerSecond} req/s`;
  const ratioOf = (h: HttpBench) =>
    `${h.graphql.requestsPerSecond} vs ${h.plain.requestsPerSecond} req/s = ${(h.ratio * 100).toFixed(0)}% (p99 ${h.graphql.p99} ms vs ${h.plain.p99} ms)`;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const commit = commitOf();
  const rows: Array<[string, string, string, string]> = [
    [
      'findOneUser over HTTP vs plain Fastify route (10 connections), uncached',
      ratioOf(uncached),
      'GraphQL >= 50% of plain (aim 70%)',
      verdict(uncached.ratio >= 0.5),
    ],
    ['findOneUser over HTTP vs plain Fastify route (10 connections), cached', ratioOf(cached), '(no target)', '-'],
    [
      'organizationUsersFull, 5,000 users, every field (10 connections, brotli)',
      `uncached: ${loadOf(uncached.full)}; cached: ${loadOf(cached.full)} (${(cached.fullBytes / 2 ** 20).toFixed(1)} MB JSON)`,
      '(no target)',
      '-',
    ],
    [
      "organizationUsersFull, 5,000 users, the admin table's fields (1 connection, brotli)",
      `uncached: ${loadOf(uncached.table)}; cached: ${loadOf(cached.table)}`,
      'uncached p50 < 50 ms',
      verdict(uncached.table.p50 < 50),
    ],
    ...mixedRows(mixedOff, mixedOn),
    [
      'mass creation, 10,000 rows (CSV upload, one transaction)',
      `${mass10k.ms} ms, ${mass10k.created} created`,
      '< 3 s',
      verdict(mass10k.ms < 3000 && mass10k.created === 10_000),
    ],
    [
      'mass creation, 50,000 rows: peak RSS of the server process',
      `${mass50k.peakMb} MB (idle ${mass50k.idleMb} MB; ${mass50k.ms} ms, ${mass50k.csvMb} MB CSV)`,
      '< 300 MB',
      verdict(mass50k.peakMb < 300 && mass50k.created === 50_000),
    ],
    [
      'email check, per call (1M calls, mixed addresses)',
      `${(Number(email.nsPerCall) / 1000).toFixed(2)} µs`,
      '< 2 µs',
      verdict(Number(email.nsPerCall) < 2000),
    ],
    [
      'email check, list load (cold process)',
      `${Number(email.loadMs).toFixed(1)} ms for ${email.domains} domains`,
      '< 50 ms',
      verdict(Number(email.loadMs) < 50),
    ],
    [
      'JavaScript of the login page (entry + route chunks, gzip)',
      `${weightOf('/login').gzipKb} kB in ${weightOf('/login').files} files (${weightOf('/login').rawKb} kB uncompressed)`,
      'login < 150 kB gzip',
      verdict(weightOf('/login').gzipKb < 150),
    ],
    [
      'JavaScript of other routes (gzip; + loaded on first use)',
      weights
        .filter((w) => w.path !== '/login')
        .map((w) => `${w.path} ${w.gzipKb} kB (+ ${w.onDemandGzipKb} kB)`)
        .join('; '),
      '(no target)',
      '-',
    ],
    [
      'JavaScript of the public forms (page + on the first submit, gzip)',
      publicForms.map((w) => `${w.path} ${w.gzipKb} + ${w.formGzipKb} kB`).join('; '),
      '(no target; the email-domain lists stay on the server)',
      '-',
    ],
    [
      'largest JavaScript file of the build (uncompressed)',
      `${largest.rawKb} kB (${largest.gzipKb} kB gzip): ${largest.file}`,
      '< 500 kB',
      verdict(largest.rawKb < 500),
    ],
    [
      'admin users table, 5,000 users: navigation to table shown, scripts cached',
      `median ${table.warmMedian} ms (${table.warmMs.join(', ')})`,
      '< 1 s',
      verdict(table.warmMedian < 1000),
    ],
    [
      'admin users table, 5,000 users: navigation to table shown, empty browser cache',
      `median ${table.coldMedian} ms (${table.coldMs.join(', ')})`,
      '< 1 s',
      verdict(table.coldMedian < 1000),
    ],
    [
      'launching a review cycle: 1,000 participants, 5 reviewers each (one transaction)',
      `${reviews.launchMs} ms for ${reviews.requests} requests`,
      '< 2 s',
      verdict(reviews.launchMs < 2000 && reviews.requests === 5000),
    ],
    [
      'team progress of that cycle (admin: every team and person), one read at a time',
      `uncached: p50 ${reviewsOff.progressOne.p50} ms, p99 ${reviewsOff.progressOne.p99} ms; cached: p50 ${reviews.progressOne.p50} ms, p99 ${reviews.progressOne.p99} ms (${reviews.progressOne.samples} reads)`,
      'p99 < 100 ms',
      verdict(reviewsOff.progressOne.p99 < 100 && reviews.progressOne.p99 < 100),
    ],
    [
      'team progress of that cycle (10 connections, brotli)',
      `uncached: ${loadOf(reviewsOff.progressLoad)}; cached: ${loadOf(reviews.progressLoad)}`,
      'cached p99 < 100 ms',
      verdict(reviews.progressLoad.p99 < 100),
    ],
    [
      '1,000 websocket subscribers, one event: delivery latency',
      `p50 ${ws.p50} ms, p99 ${ws.p99} ms (${ws.received}/${ws.subscribers} received)`,
      'p99 < 250 ms',
      verdict(ws.p99 < 250 && ws.received === ws.subscribers),
    ],
  ];
  // The GraphQL cost limit and budgets (docs/decisions/0043), a block of their own.
  const heavyRows: Array<[string, string, string, string]> = [
    [
      'findOneUser while the heaviest allowed query runs in a loop on another connection (2 connections)',
      `p99 ${heavy.during.p99} ms, p50 ${heavy.during.p50} ms (alone: p99 ${heavy.alone.p99} ms)`,
      'p99 < 100 ms',
      verdict(heavy.during.p99 < 100),
    ],
    [
      'the heaviest allowed query: organizationUsersFull, 5,000 users, relations two levels deep, never cached',
      `median ${heavy.heavyMedianMs} ms, ${(heavy.heavyBytes / 2 ** 20).toFixed(1)} MB JSON, ${heavy.heavyRuns} runs; one field more: ${heavy.overCode}`,
      'one field more is refused (QUERY_TOO_COMPLEX)',
      verdict(heavy.overCode === 'QUERY_TOO_COMPLEX'),
    ],
  ];
  // Sprint retrospectives (docs/decisions/0047), a block of their own.
  const retroRows: Array<[string, string, string, string]> = [
    [
      `live retro, ${retroLive.participants} participants each with the meeting open (graphql-ws): ${retroLive.reflections} reflections written at once`,
      `every client held the server's final state p50 ${retroLive.reflect.p50} ms, p99 ${retroLive.reflect.p99} ms, max ${retroLive.reflect.max} ms after the last change`,
      'p99 <= 500 ms',
      verdict(retroLive.reflect.p99 <= 500),
    ],
    [
      `the same retro: ${retroLive.votes} votes cast at once (limits 5 per person, 3 per group)`,
      `p50 ${retroLive.vote.p50} ms, p99 ${retroLive.vote.p99} ms, max ${retroLive.vote.max} ms; ${retroLive.converged}/${retroLive.participants} clients on the final version ${retroLive.versions}; ${retroLive.errors} refused`,
      'p99 <= 500 ms, all clients converge',
      verdict(retroLive.vote.p99 <= 500 && retroLive.converged === retroLive.participants),
    ],
    [
      'server memory per running retro (heap after GC: its live state cache, 50 subscriptions, presence)',
      `${retroLive.heapPerRetroMb} MB (heap ${retroLive.baseHeapMb} -> ${retroLive.heapMb} MB)`,
      '(no target)',
      '-',
    ],
    [
      `retroTeamProgressDetail, one team with ${retroProgress.retros} past retros, uncached, one read at a time`,
      `p50 ${retroProgress.detail.p50} ms, p99 ${retroProgress.detail.p99} ms (${retroProgress.detail.samples} reads)`,
      'p99 < 100 ms',
      verdict(retroProgress.detail.p99 < 100),
    ],
  ];
  // Continuous feedback and notes (docs/decisions/0048), a block of their own.
  const fbRow = (what: string, pick: (b: FeedbackNotesBench) => FeedbackNotesBench['received'], limit: number | null): [string, string, string, string] => {
    const off = pick(fbOff);
    const on = pick(fbOn);
    const text = `uncached: p50 ${off.idle.p50} ms, p99 ${off.idle.p99} ms; with writes every 50 ms: p50 ${off.writes.p50} ms, p99 ${off.writes.p99} ms. Cached: p99 ${on.idle.p99} ms; with writes: p99 ${on.writes.p99} ms`;
    return [
      what,
      text,
      limit === null ? '(no target)' : `uncached p99 < ${limit} ms, also with writes`,
      limit === null ? '-' : verdict(off.idle.p99 < limit && off.writes.p99 < limit),
    ];
  };
  const feedbackRows: Array<[string, string, string, string]> = [
    fbRow('myFeedback received, first page of 20 with its total (a person with about 20 received)', (b) => b.received, 50),
    fbRow('myFeedback received, first page of 20 with its total (a person with 2,000 received)', (b) => b.receivedHeavy, 50),
    fbRow("feedbackTeamProgress, a manager's team of 250 people, last 90 days", (b) => b.teamProgress, 100),
    fbRow("feedbackTeamProgress, the admin's whole organization (5,000 people), last 90 days", (b) => b.orgProgress, null),
    fbRow(
      `notes search (ranked, highlighted) by a person with 200 notes among 50,000: a common word, a rare word, two words, a prefix (up to ${fbOff.searchHits} hits)`,
      (b) => b.search,
      20,
    ),
  ];
  // Goals (docs/decisions/0049), a block of their own.
  const goalRow = (what: string, pick: (b: GoalsBench) => GoalsBench['tree'], limit: number): [string, string, string, string] => {
    const off = pick(goalsOff);
    const on = pick(goalsOn);
    const text = `uncached: p50 ${off.idle.p50} ms, p99 ${off.idle.p99} ms; with a check-in every 50 ms: p50 ${off.writes.p50} ms, p99 ${off.writes.p99} ms (check-ins p99 ${off.writeMs.p99} ms). Cached: p50 ${on.idle.p50} ms, p99 ${on.idle.p99} ms; with check-ins: p99 ${on.writes.p99} ms`;
    return [what, text, `uncached p99 < ${limit} ms`, verdict(off.idle.p99 < limit)];
  };
  const goalRows: Array<[string, string, string, string]> = [
    goalRow(`goalTree(root_id: null, depth: 2) as the admin: the whole organization's alignment tree (${goalsOff.treeNodes} nodes)`, (b) => b.tree, 100),
    goalRow(`myGoals with key results, a person with ${goalsOff.myGoalsCount} goals`, (b) => b.myGoals, 30),
  ];
  // Integrations and insights (docs/decisions/0051), a block of their own.
  const ti = insights.teamInsights;
  const insightRows: Array<[string, string, string, string]> = [
    [
      `backfill from the fake GitHub (its own process, GraphQL pages of 50): ${formatNumber(insights.pullRequests)} pull requests with ${formatNumber(insights.events)} events, connect to DONE (${formatNumber(insights.rows)} rows)`,
      `${(insights.backfillMs / 1000).toFixed(1)} s`,
      '< 60 s',
      verdict(insights.backfillMs < 60_000),
    ],
    ['peak RSS of the app process during that backfill', `${insights.peakRssMb} MB`, '< 400 MB', verdict(insights.peakRssMb < 400)],
    [
      `teamInsights, 12-month window, weekly, one team owning both repositories (all ${formatNumber(insights.pullRequests)} pull requests), uncached`,
      `idle: p50 ${ti.idle.p50} ms, p99 ${ti.idle.p99} ms; with a webhook-like pull request write every 50 ms: p50 ${ti.writes.p50} ms, p99 ${ti.writes.p99} ms`,
      'uncached p99 < 100 ms',
      verdict(ti.idle.p99 < 100 && ti.writes.p99 < 100),
    ],
  ];
  // The AI assistant (docs/decisions/0066), a block of its own.
  const assistantRows: Array<[string, string, string, string]> = [
    [
      `index build for an organization of ${formatNumber(assistant.people)} people and ${formatNumber(assistant.items)} searchable items (all kinds, from nothing)`,
      `${(assistant.build.ms / 1000).toFixed(1)} s; ${formatNumber(assistant.build.docs)} documents, ${(assistant.build.bytes / 2 ** 20).toFixed(1)} MB (FTS5 and document rows)`,
      '< 60 s',
      verdict(assistant.build.ms < 60_000),
    ],
    [
      'sources-only answers, 7 questions round robin (member, manager of 250, admin; search and browse), read to the end, uncached',
      `idle: p50 ${assistant.idle.p50} ms, p99 ${assistant.idle.p99} ms; with a piece of feedback given every 50 ms: p50 ${assistant.writes.p50} ms, p99 ${assistant.writes.p99} ms`,
      'p99 < 100 ms, also with writes',
      verdict(assistant.idle.p99 < 100 && assistant.writes.p99 < 100),
    ],
    ['the same, per question (idle)', assistant.byQuestion.map((q) => `${q.question}: p50 ${q.p50}, p99 ${q.p99} ms`).join('; '), '(no target)', '-'],
    [
      "fake OpenAI-compatible endpoint: its first streamed piece to the first `delta` event in the browser's place (50 questions)",
      `p50 ${assistant.firstWords.p50} ms, p99 ${assistant.firstWords.p99} ms`,
      '< 50 ms',
      verdict(assistant.firstWords.p99 < 50),
    ],
    [
      `evaluation set over the demo (${evaluation.cases.length} questions): recall of the passages a good answer cites`,
      `${(evaluation.recall * 100).toFixed(0)}% (${evaluation.found} of ${evaluation.expected})`,
      '(no target)',
      '-',
    ],
  ];
  const md = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString()} (commit ${commit}).`,
    `Machine: ${os.cpus().length} x ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${os.platform()} ${os.release()}, Node ${process.version}.`,
    'The server runs in its own process; the load generator (undici closed-loop clients, ws) in another, both on loopback.',
    'Numbers on a 2-core machine are noisy: compare ratios and orders of magnitude, not single digits.',
    '',
    '| what | result | target | |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    'Sprint retrospectives (docs/decisions/0047):',
    '',
    '| what | result | target | |',
    '|---|---|---|---|',
    ...retroRows.map((r) => `| ${r.join(' | ')} |`),
    '',
    `Continuous feedback and notes (docs/decisions/0048): ${formatNumber(fbOff.people)} people, ${formatNumber(fbOff.feedback)} pieces of feedback, ${formatNumber(fbOff.notes)} notes (seeded in ${(fbOff.seedMs / 1000).toFixed(0)} s); one read at a time, 500 reads per figure, the server in its own process; writes: a piece of feedback and a note autosave every 50 ms by another person:`,
    '',
    '| what | result | target | |',
    '|---|---|---|---|',
    ...feedbackRows.map((r) => `| ${r.join(' | ')} |`),
    '',
    `Goals (docs/decisions/0049): ${formatNumber(goalsOff.people)} people, ${formatNumber(goalsOff.goals)} goals (company, then 10 per team aligned under them, then personal ones aligned under their team's) with ${formatNumber(goalsOff.keyResults)} key results (seeded in ${(goalsOff.seedMs / 1000).toFixed(0)} s); one read at a time, 500 reads per figure; writes: another person checks in on a goal every 50 ms (its progress moves up to the company goal):`,
    '',
    '| what | result | target | |',
    '|---|---|---|---|',
    ...goalRows.map((r) => `| ${r.join(' | ')} |`),
    '',
    'Integrations and insights (docs/decisions/0051, bench/insights.bench.ts):',
    '',
    '| what | result | target | |',
    '|---|---|---|---|',
    ...insightRows.map((r) => `| ${r.join(' | ')} |`),
    '',
    ...durabilitySection(durability),
    `AI assistant (docs/decisions/0066, bench/assistant.bench.ts): the server in its own process, one question at a time; load average while measured: ${assistant.load}:`,
    '',
    '| what | result | target | |',
    '|---|---|---|---|',
    ...assistantRows.map((r) => `| ${r.join(' | ')} |`),
    '',
    'GraphQL cost limit and budgets (docs/decisions/0043):',
    '',
    '| what | result | target | |',
    '|---|---|---|---|',
    ...heavyRows.map((r) => `| ${r.join(' | ')} |`),
    '',
    marked('lighthouse', lighthouseSection),
    '',
    marked('binary', binarySection),
    '',
    marked('scale', scaleSection),
    '',
    'Notes:',
    '- "uncached" figures come from a server started with RESPONSE_CACHE=off (every query executed, answers compressed the same way); "cached" ones from the default server, where a repeated query is answered from the response cache (docs/decisions/0039). findOneUser: the median of three alternating rounds.',
    `- Mixed workload (bench/mixed.bench.ts): ${mixedOn.orgs} organizations of ${mixedOn.people} people, all signed in; every person checks the session every 60 s (each check writes last_seen_at), ${mixedOn.active} people per organization autosave a review draft every 3 s and load their dashboard (findOneUser, notifications, pending reviews) every 5 s and the people list every 10 s; each admin loads the users table and the team progress every 5 s. Real time (no compression), ${mixedOn.seconds} s measured after 5 s of warm-up. Response cache hit rate over that window (queries only): ${((mixedOn.hitRate ?? 0) * 100).toFixed(0)}% (${mixedOn.hits} hits, ${mixedOn.misses} misses). The server's event-loop delay over the window (p99 / max): uncached ${mixedOff.serverLoopDelay.p99} / ${mixedOff.serverLoopDelay.max} ms, cached ${mixedOn.serverLoopDelay.p99} / ${mixedOn.serverLoopDelay.max} ms.`,
    '- JavaScript per route: the Vite manifest\'s entry plus every chunk TanStack Router split out of the route\'s files (layouts included) and their static imports, each gzip-compressed (level 6). "+ kB" is what those chunks import later with import() (GraphQL client on the first request, form rules on the first save).',
    '- Public forms: the same count for /contact, /resources/get-the-guide and /sign-up; "+ kB" is only what the route\'s own chunks import later (the form rules on the first submit). The email-domain lists stay on the server (docs/decisions/0061). Largest file: every JavaScript file of the build, uncompressed (Vite warns past 500 kB).',
    '- Admin users table: headless Chromium (playwright-core) against the production server with 5,000 people created by a CSV import; time from navigation start until the table holds all 5,000 and shows its first rows. "Empty browser cache" = a new browser context per run (only the sign-in cookies copied); "scripts cached" = reloads in one context. GET /api/auth/session writes at most once a minute per session, so repeated loads are answered from the response cache.',
    "- Review cycle: the app in its own process (bench/serve.ts, 1,300 people in 20 teams); 1,000 members reviewed by themselves, their manager and three peers of their team (set by the admin before launch). Launch time is the launchReviewCycle mutation over HTTP (the reviewers' notifications go out after the answer), in the cached run. Team progress: the admin's view (every team and person, with completion bands).",
    "- Heaviest allowed query: the same document as the admin table's organizationUsersFull with its relations one level deeper, priced just under the cost limit; each run carries a new comment, so neither the response cache nor the parse cache nor the JIT answers it. findOneUser is measured from two other connections meanwhile.",
    '- Mass creation runs against the production server (`node dist/server/teamlens.mjs`) started fresh for each run; peak RSS is its VmHWM (whole process: Node, native modules, email lists), idle is its RSS just before the upload.',
    '',
  ].join('\n');
  fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
  fs.writeFileSync(path.join(root, 'docs/benchmarks.md'), md);
  console.log(md);
  process.exit(0);
}

void main();
