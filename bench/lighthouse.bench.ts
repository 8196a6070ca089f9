/**
 * Lighthouse, mobile form factor with simulated throttling, on the production server with a fresh
 * demo organization (docs/decisions/0040, 0065): the four key pages (LIGHTHOUSE_PAGES) 3 times each
 * (median), then every other route of the app once (the route tree with demo ids,
 * bench/lighthouse.routes.ts): public and sign-in pages signed out, the rest signed in as the admin.
 *
 * Only this part, writing only the Lighthouse block of docs/benchmarks.md:
 *   BENCH_ONLY=lighthouse npm run bench
 * Alone, printing JSON (no file written):
 *   npx tsx bench/lighthouse.bench.ts
 * Environment: RUNS=3 (runs per key page), PAGES=/reviews,/home/dashboard (only those key pages),
 * LIGHTHOUSE_ROUTES=none|all|/goals,/notes (the every-route table: none, all (the default), or the
 * routes starting with one of these), LIGHTHOUSE_CPU_SLOWDOWN=0.01 (see audit()),
 * LIGHTHOUSE_REPORTS=dir (keeps every report), LIGHTHOUSE_TRACES=1 (and its trace).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import WebSocket from 'ws';
import { freePort } from '../e2e/server.js';
import { demoIds } from '../e2e/demo-ids.js';
import { appRoutes } from './lighthouse.routes.js';

/** The pages measured three times: /login signed out, the others signed in as the demo organization's admin. */
export const LIGHTHOUSE_PAGES = ['/login', '/home/dashboard', '/reviews', '/admin/settings/users'] as const;

export type PageScores = { performance: number; accessibility: number; bestPractices: number; lcpMs: number; cls: number; tbtMs: number };
export type LighthousePage = PageScores & { path: string; runs: PageScores[]; failing: string[] };
/** One route of the every-route table: its scores (one run; the key pages' medians), or why there are none. */
export type RouteResult = { pattern: string; path: string; signedIn: boolean; scores: PageScores | null; endedOn: string | null; error: string | null };
export type LighthouseBench = {
  runs: number;
  pages: LighthousePage[];
  routes: RouteResult[];
  /** The machine's 1-minute load average when the part started and ended, and its cores. */
  load: { start: number; end: number; cores: number };
  /** LIGHTHOUSE_CPU_SLOWDOWN when set (the default simulation multiplies CPU time by 4). */
  cpuSlowdown: string | null;
};

const ADMIN = { email: 'admin@lighthouse.example', password: 'lighthouse bench passphrase 1' };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Signs in through the NextAuth endpoints (as the web app does): the cookies it was given and the session's access token. */
async function signIn(url: string): Promise<{ cookies: Array<{ name: string; value: string }>; accessToken: string }> {
  const pairs = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => !c.endsWith('='));
  const csrfRes = await fetch(`${url}/api/auth/csrf`);
  const csrfCookies = pairs(csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const signInRes = await fetch(`${url}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookies.join('; ') },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, csrfToken, json: 'true' }),
  });
  const all = [...csrfCookies, ...pairs(signInRes)];
  const session = (await (await fetch(`${url}/api/auth/session`, { headers: { cookie: all.join('; ') } })).json()) as { user?: unknown; access_token?: string };
  if (!session.user || !session.access_token) throw new Error('lighthouse bench: sign-in failed');
  return { cookies: all.map((c) => ({ name: c.slice(0, c.indexOf('=')), value: c.slice(c.indexOf('=') + 1) })), accessToken: session.access_token };
}

/**
 * One DevTools protocol command to the browser (Lighthouse opens its tab in the default profile),
 * or to a page of it (`page`: commands that act on a page's storage).
 */
async function browserCommand(port: number, method: string, params: Record<string, unknown>, page = false): Promise<void> {
  const targets = page
    ? ((await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ type: string; webSocketDebuggerUrl: string }>).filter(
        (t) => t.type === 'page',
      )
    : [(await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string }];
  const { webSocketDebuggerUrl } = targets[0]!;
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const answer = new Promise<{ error?: { message: string } }>((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
  ws.send(JSON.stringify({ id: 1, method, params }));
  const { error } = await answer;
  ws.close();
  if (error) throw new Error(`${method}: ${error.message}`);
}

/** Puts cookies into the browser's default profile. */
function setBrowserCookies(port: number, url: string, cookies: Array<{ name: string; value: string }>): Promise<void> {
  return browserCommand(port, 'Storage.setCookies', { cookies: cookies.map((c) => ({ ...c, url, httpOnly: true, sameSite: 'Lax' })) });
}

/**
 * Every run is a first visit: Lighthouse empties the HTTP cache but keeps the origin's local
 * storage, where the web app notes that its fonts were loaded (client/lib/fonts.ts). Kept, that
 * note would describe files the browser no longer has, a state no first visit is in.
 */
function forgetLocalStorage(port: number, url: string): Promise<void> {
  return browserCommand(port, 'Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'local_storage' }, true);
}

type Audit = PageScores & { failing: string[]; endedOn: string };

/** One Lighthouse run (mobile, simulated throttling: the defaults) of one page. */
async function audit(url: string, port: number): Promise<Audit> {
  // LIGHTHOUSE_CPU_SLOWDOWN=0.01 leaves the network alone in the simulation (the default multiplies the
  // CPU time observed on this machine by 4): a way to compare two builds' bytes and round trips while
  // other work loads the machine. The figures of docs/benchmarks.md use the default.
  const cpu = process.env.LIGHTHOUSE_CPU_SLOWDOWN;
  const config = cpu
    ? { extends: 'lighthouse:default' as const, settings: { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: Number(cpu) } } }
    : undefined;
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] }, config);
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // LIGHTHOUSE_REPORTS=dir keeps each full report (the network chain, every audit) for a closer look.
  const dir = process.env.LIGHTHOUSE_REPORTS;
  if (dir) {
    const name = `${new URL(url).pathname.slice(1).replaceAll('/', '_') || 'root'}-${Date.now()}`;
    fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(lhr));
    if (process.env.LIGHTHOUSE_TRACES) fs.writeFileSync(path.join(dir, `${name}.trace`), JSON.stringify((result.artifacts as { Trace?: unknown }).Trace));
  }
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => lhr.categories[id]?.score ?? 0;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  // What keeps accessibility and best practices below 1, and the performance audits that cost most.
  const failing = ['accessibility', 'best-practices'].flatMap((cat) =>
    lhr.categories[cat]!.auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${cat}: ${ref.id}`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(numeric('total-blocking-time')),
    failing,
    endedOn: new URL(lhr.finalDisplayedUrl).pathname,
  };
}

/** Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
async function auditWithRetry(url: string, port: number): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (err) {
      if (attempt === 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(String(err))) throw err;
      console.error(`lighthouse: ${(err as Error).message}; running it again`);
    }
  }
}

const scoresOf = ({ failing: _f, endedOn: _e, ...scores }: Audit): PageScores => scores;

/** Which routes the every-route table covers: LIGHTHOUSE_ROUTES=none, all (the default) or path prefixes. */
function routeFilter(setting = process.env.LIGHTHOUSE_ROUTES ?? 'all'): (path: string) => boolean {
  if (setting === 'none') return () => false;
  if (setting === 'all') return () => true;
  const prefixes = setting.split(',');
  return (p) => prefixes.some((prefix) => p.startsWith(prefix));
}

/**
 * The production server (`node dist/server/teamlens.mjs`, a fresh data directory with the demo
 * organization) and Debian's Chromium: the key pages `runs` times each (median of each score),
 * then every route of the app once, except the key pages, which keep their medians.
 */
export async function benchLighthouse(runs = 3, only: readonly string[] = LIGHTHOUSE_PAGES, routesWanted = routeFilter()): Promise<LighthouseBench> {
  const load = { start: os.loadavg()[0]!, end: 0, cores: os.cpus().length };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-bench-lighthouse-'));
  const serverPort = await freePort();
  const url = `http://127.0.0.1:${serverPort}`;
  const server = spawn(process.execPath, ['dist/server/teamlens.mjs'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Teamlens is running')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const port = chrome.port;
    const session = await signIn(url);
    const routes = appRoutes(await demoIds(url, session.accessToken));
    // The browser is signed in by the admin's session cookies, and signed out by dropping them.
    let signedIn = false;
    const setSignedIn = async (wanted: boolean) => {
      if (wanted === signedIn) return;
      if (wanted) await setBrowserCookies(port, url, session.cookies);
      else await browserCommand(port, 'Storage.clearCookies', {});
      signedIn = wanted;
    };
    const run = async (pagePath: string) => {
      await forgetLocalStorage(port, url);
      return auditWithRetry(`${url}${pagePath}`, port);
    };

    const pages: LighthousePage[] = [];
    const keyPages = LIGHTHOUSE_PAGES.filter((p) => only.includes(p));
    for (const pagePath of keyPages) {
      // /login is measured signed out (signed in it sends the visitor on), first; the rest signed in.
      await setSignedIn(pagePath !== '/login');
      const results: Audit[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await run(pagePath);
        if (result.endedOn !== pagePath) throw new Error(`lighthouse ${pagePath} ended on ${result.endedOn}`);
        results.push(result);
      }
      const pick = (key: keyof PageScores) => median(results.map((r) => r[key]));
      pages.push({
        path: pagePath,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        lcpMs: pick('lcpMs'),
        cls: pick('cls'),
        tbtMs: pick('tbtMs'),
        runs: results.map(scoresOf),
        failing: [...new Set(results.flatMap((r) => r.failing))],
      });
    }

    // Every route once (signed-out ones first, bench/lighthouse.routes.ts), the key pages with their medians.
    const results: RouteResult[] = [];
    const wanted = routes.filter((r) => routesWanted(r.path) || pages.some((p) => p.path === r.path));
    for (const route of wanted) {
      const key = pages.find((p) => p.path === route.path);
      if (key) {
        results.push({ ...route, scores: key, endedOn: null, error: null });
        continue;
      }
      await setSignedIn(route.signedIn);
      try {
        const result = await run(route.path);
        const requested = new URL(route.path, url).pathname;
        results.push({ ...route, scores: scoresOf(result), endedOn: result.endedOn === requested ? null : result.endedOn, error: null });
      } catch (err) {
        results.push({ ...route, scores: null, endedOn: null, error: (err as Error).message.split('\n')[0]!.slice(0, 200) });
      }
      console.error(`lighthouse: ${route.path} done (${results.length}/${wanted.length})`);
    }
    load.end = os.loadavg()[0]!;
    return { runs, pages, routes: results, load, cpuSlowdown: process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? null };
  } finally {
    chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchLighthouse(Number(process.env.RUNS ?? 3), process.env.PAGES ? process.env.PAGES.split(',') : LIGHTHOUSE_PAGES).then(
    (r) => {
      for (const p of r.pages) {
        console.error(
          `${p.path}: performance ${p.performance}, accessibility ${p.accessibility}, best practices ${p.bestPractices}, LCP ${p.lcpMs} ms, CLS ${p.cls}, TBT ${p.tbtMs} ms`,
        );
        console.error(
          `  runs: ${p.runs.map((x) => `${x.performance}/${x.accessibility}/${x.bestPractices} LCP ${x.lcpMs} CLS ${x.cls} TBT ${x.tbtMs}`).join('; ')}`,
        );
        if (p.failing.length) console.error(`  failing: ${p.failing.join(', ')}`);
      }
      for (const route of r.routes)
        console.error(
          `${route.path}: ${route.scores ? `performance ${route.scores.performance}, CLS ${route.scores.cls}, LCP ${route.scores.lcpMs} ms, TBT ${route.scores.tbtMs} ms` : route.error}${route.endedOn ? ` (ended on ${route.endedOn})` : ''}`,
        );
      console.log(JSON.stringify(r));
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
