import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { freePort, launchBrowser } from '../e2e/server.js';
import { accessToken, BENCH_PASSWORD } from './fixtures.js';

export type AdminTableBench = { users: number; coldMs: number[]; warmMs: number[]; coldMedian: number; warmMedian: number };

const ADMIN = 'admin@tablebench.example';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Records (in the page) the moment the users table holds all `expected` people and shows its first
 * rows. A string, not a function: tsx would add helpers to a function that the page does not have.
 */
const watchTable = (expected: number) => `(() => {
  const check = () => {
    if (window.__tableShownAt !== undefined) return;
    const table = document.querySelector('[data-testid="admin-users-table"][data-row-count="${expected}"]');
    if (table && table.querySelectorAll('[role="row"]').length > 1) window.__tableShownAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

async function timeTable(context: BrowserContext, url: string, expected: number, reloads: number): Promise<number[]> {
  const page = await context.newPage();
  const times: number[] = [];
  for (let i = 0; i <= reloads; i++) {
    if (i === 0) await page.goto(url);
    else await page.reload();
    await page
      .waitForFunction(() => (window as unknown as { __tableShownAt?: number }).__tableShownAt !== undefined, undefined, { timeout: 30_000 })
      .catch(async (err: Error) => {
        await page.screenshot({ path: '/tmp/au-bench-fail.png' });
        console.error(
          i,
          page.url(),
          (
            await page
              .locator('main')
              .innerText()
              .catch(() => '')
          ).slice(0, 500),
        );
        throw err;
      });
    // performance.now() counts from the navigation's start (the document's time origin).
    times.push(Math.round(await page.evaluate(() => (window as unknown as { __tableShownAt: number }).__tableShownAt)));
    // BENCH_TRACE=1 prints the request waterfall of each load (where the time goes).
    if (process.env.BENCH_TRACE) {
      const entries = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => {
          const r = e as PerformanceResourceTiming;
          return `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ms ${r.encodedBodySize} B ${r.name.replace(location.origin, '')}`;
        }),
      );
      console.error(`load ${i}: table at ${times.at(-1)} ms\n  ${entries.join('\n  ')}`);
    }
  }
  await page.close();
  return times;
}

/**
 * Time from navigation to /admin/settings/users until the table holds 5,000 people, in headless
 * Chromium against the production server (`node dist/server/teamlens.mjs`, fresh database, people
 * created through the CSV import). "cold" = a new browser context each time (empty HTTP cache,
 * signed-in cookies copied); "warm" = reloads in one context (scripts cached).
 */
export async function benchAdminTable(users = 5000, runs = 5): Promise<AdminTableBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-bench-table-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/teamlens.mjs'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN,
      ADMIN_PASSWORD: BENCH_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const browser = await launchBrowser();
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Teamlens is running')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
    const token = await accessToken(url, ADMIN);
    const lines = ['email,full_name,role,permission_level,team,manager_email,location,time_zone'];
    for (let i = 1; i < users; i++)
      lines.push(`person${i}@tablebench.example,Person ${i},Engineer,${i % 50 ? 'MEMBER' : 'MANAGER'},Team ${i % 40},,Remote,Europe/Berlin`);
    const res = await fetch(`${url}/api/admin/users/import?createTeams=true`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      body: lines.join('\n'),
    });
    const created = ((await res.json()) as { count?: number }).count;
    if (created !== users - 1) throw new Error(`the import created ${created} people, expected ${users - 1}`);

    const signIn = await browser.newContext();
    const page = await signIn.newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Password').fill(BENCH_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const storageState = await signIn.storageState();
    await signIn.close();

    const target = `${url}/admin/settings/users`;
    const coldMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
      await context.addInitScript(watchTable(users));
      coldMs.push(...(await timeTable(context, target, users, 0)));
      await context.close();
    }
    const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
    await context.addInitScript(watchTable(users));
    const warmMs = (await timeTable(context, target, users, runs)).slice(1);
    await context.close();
    return { users, coldMs, warmMs, coldMedian: median(coldMs), warmMedian: median(warmMs) };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchAdminTable().then(
    (r) => console.log(JSON.stringify(r)),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
