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

/** The pages measured: /login signed out, the others signed in as the demo organization's admin. */
export const LIGHTHOUSE_PAGES = ['/login', '/home/dashboard', '/reviews', '/admin/settings/users'] as const;

export type PageScores = { performance: number; accessibility: number; bestPractices: number; lcpMs: number };
export type LighthousePage = PageScores & { path: string; runs: PageScores[]; failing: string[] };
export type LighthouseBench = { runs: number; pages: LighthousePage[] };

const ADMIN = { email: 'admin@lighthouse.example', password: 'lighthouse bench passphrase 1' };
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;


/** Signs in through the NextAuth endpoints (as the web app does) and returns the cookies it was given. */
async function signInCookies(url: string): Promise<Array<{ name: string; value: string }>> {
  const pairs = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('='));
  const csrfRes = await fetch(`${url}/api/auth/csrf`);
  const csrfCookies = pairs(csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const signIn = await fetch(`${url}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookies.join('; ') },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, csrfToken, json: 'true' }),
  });
  const all = [...csrfCookies, ...pairs(signIn)];
  const session = (await (await fetch(`${url}/api/auth/session`, { headers: { cookie: all.join('; ') } })).json()) as { user?: unknown };
  if (!session.user) throw new Error('lighthouse bench: sign-in failed');
  return all.map((c) => ({ name: c.slice(0, c.indexOf('=')), value: c.slice(c.indexOf('=') + 1) }));
}

/**
 * One DevTools protocol command to the browser (Lighthouse opens its tab in the default profile),
 * or to a page of it (`page`: commands that act on a page's storage).
 */
async function browserCommand(port: number, method: string, params: Record<string, unknown>, page = false): Promise<void> {
  const targets = page
    ? ((await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ type: string; webSocketDebuggerUrl: string }>).filter((t) => t.type === 'page')
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

/** One Lighthouse run (mobile, simulated throttling: the defaults) of one page. */
async function audit(url: string, port: number): Promise<PageScores & { failing: string[] }> {
  // LIGHTHOUSE_CPU_SLOWDOWN=0.01 leaves the network alone in the simulation (the default multiplies the
  // CPU time observed on this machine by 4): a way to compare two builds' bytes and round trips while
  // other work loads the machine. The figures of docs/benchmarks.md use the default.
  const cpu = process.env.LIGHTHOUSE_CPU_SLOWDOWN;
  const config = cpu ? { extends: 'lighthouse:default' as const, settings: { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: Number(cpu) } } } : undefined;
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
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`lighthouse ${url} ended on ${lhr.finalDisplayedUrl}`);
  const score = (id: string) => lhr.categories[id]?.score ?? 0;
  // What keeps accessibility and best practices below 1, and the performance audits that cost most.
  const failing = ['accessibility', 'best-practices'].flatMap((cat) =>
    lhr.categories[cat]!.auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${cat}: ${ref.id}`),
  );
  return { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0), failing };
}

/** Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
async function auditWithRetry(url: string, port: number): Promise<PageScores & { failing: string[] }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (err) {
      if (attempt === 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(String(err))) throw err;
      console.error(`lighthouse: ${(err as Error).message}; running it again`);
    }
  }
}

/**
 * Lighthouse (mobile form factor, simulated throttling) on the production server
 * (`node dist/server/teamlens.mjs`, a fresh data directory with the demo organization), in
 * Debian's Chromium: /login signed out, then the signed-in pages with the admin's session
 * cookies in the browser. Each page `runs` times; the median of each score and of LCP.
 */
export async function benchLighthouse(runs = 3, only: readonly string[] = LIGHTHOUSE_PAGES): Promise<LighthouseBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-bench-lighthouse-'));
  const serverPort = await freePort();
  const url = `http://127.0.0.1:${serverPort}`;
  const server = spawn(process.execPath, ['dist/server/teamlens.mjs'], {
    env: { PATH: process.env.PATH, PORT: String(serverPort), HOST: '127.0.0.1', BASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (d: Buffer) => { out += d.toString(); if (out.includes('Teamlens is running')) resolve(); });
      server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const pages: LighthousePage[] = [];
    let signedIn = false;
    for (const pagePath of LIGHTHOUSE_PAGES.filter((p) => only.includes(p))) {
      // /login is measured signed out (signed in it sends the visitor on), first; the rest signed in.
      if (pagePath !== '/login' && !signedIn) {
        await setBrowserCookies(chrome.port, url, await signInCookies(url));
        signedIn = true;
      }
      const results: Array<PageScores & { failing: string[] }> = [];
      for (let i = 0; i < runs; i++) {
        await forgetLocalStorage(chrome.port, url);
        results.push(await auditWithRetry(`${url}${pagePath}`, chrome.port));
      }
      const pick = (key: keyof PageScores) => median(results.map((r) => r[key]));
      pages.push({
        path: pagePath,
        performance: pick('performance'), accessibility: pick('accessibility'), bestPractices: pick('bestPractices'), lcpMs: pick('lcpMs'),
        runs: results.map(({ failing: _f, ...scores }) => scores),
        failing: [...new Set(results.flatMap((r) => r.failing))],
      });
    }
    return { runs, pages };
  } finally {
    chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const TARGET = { performance: 0.9, accessibility: 1, bestPractices: 1 };

/** The rows of docs/benchmarks.md for bench/run.ts: one per page, with the targets of the issue. */
export function lighthouseRows(result: LighthouseBench): Array<[string, string, string, string]> {
  return result.pages.map((p) => {
    const met = p.performance >= TARGET.performance && p.accessibility >= TARGET.accessibility && p.bestPractices >= TARGET.bestPractices;
    return [
      `Lighthouse mobile (simulated throttling), ${p.path}${p.path === '/login' ? ' (signed out)' : ' (signed in)'}`,
      `performance ${p.performance}, accessibility ${p.accessibility}, best practices ${p.bestPractices}, LCP ${(p.lcpMs / 1000).toFixed(1)} s (median of ${result.runs}; performance ${p.runs.map((r) => r.performance).join(', ')})`,
      'performance >= 0.9, accessibility 1, best practices 1',
      met ? 'met' : '**not met**',
    ];
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // PAGES=/reviews,/home/dashboard measures only those pages.
  benchLighthouse(Number(process.env.RUNS ?? 3), process.env.PAGES ? process.env.PAGES.split(',') : LIGHTHOUSE_PAGES).then(
    (r) => {
      for (const p of r.pages) {
        console.error(`${p.path}: performance ${p.performance}, accessibility ${p.accessibility}, best practices ${p.bestPractices}, LCP ${p.lcpMs} ms`);
        console.error(`  runs: ${p.runs.map((x) => `${x.performance}/${x.accessibility}/${x.bestPractices} LCP ${x.lcpMs}`).join('; ')}`);
        if (p.failing.length) console.error(`  failing: ${p.failing.join(', ')}`);
      }
      console.log(JSON.stringify(r));
    },
    (err) => { console.error(err); process.exit(1); },
  );
}
