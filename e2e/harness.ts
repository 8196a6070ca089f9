/** Shared set-up and checks for the browser tests (e2e/*.e2e.ts). */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { E2E_ADMIN, launchBrowser, startServer, type ServerOptions } from './server.js';

export type E2EServer = Awaited<ReturnType<typeof startServer>>;

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the e2e ${what} is not started: use it inside a test or a later beforeAll`);
  return value;
}

/**
 * Starts the real server (fresh data directory) before this file's tests and stops it after them.
 * Call it at the top of a file: a beforeAll/afterAll registered after it runs after the server is up
 * and before it stops.
 */
export function useServer(options: ServerOptions = {}): { readonly server: E2EServer } {
  return setUp(false, options);
}

/** {@link useServer} plus a headless Chromium, closed before the server stops. */
export function useServerAndBrowser(options: ServerOptions = {}): { readonly server: E2EServer; readonly browser: Browser } {
  return setUp(true, options);
}

function setUp(withBrowser: boolean, options: ServerOptions): { readonly server: E2EServer; readonly browser: Browser } {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(options);
    if (withBrowser) browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

export interface SignInOptions {
  /** Open `${url}/login` first (the default); false fills in the sign-in form the page already shows, e.g. after a redirect to it. */
  openLogin?: boolean;
  /**
   * What to wait for once the form is sent: the dashboard's "Welcome, <welcome>" heading for a name, a heading matching a pattern,
   * or null for nothing (a refused sign-in, or a sign-in that lands elsewhere: the test waits for that itself).
   * Default: any "Welcome, ..." heading.
   */
  welcome?: string | RegExp | null;
}

/** Signs in through the sign-in form (every demo account has the admin's password). */
export async function signIn(page: Page, url: string, email: string, password = E2E_ADMIN.password, options: SignInOptions = {}): Promise<void> {
  const { openLogin = true, welcome = /^Welcome, / } = options;
  if (openLogin) await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (welcome !== null) await page.getByRole('heading', { name: typeof welcome === 'string' ? `Welcome, ${welcome}` : welcome }).waitFor();
}

export interface OpenOptions extends SignInOptions {
  /** Options of the new browser context (viewport, downloads...). */
  context?: BrowserContextOptions;
  /** Count console errors as problems too (uncaught page errors always count). */
  consoleErrors?: boolean;
}

/**
 * A new browser context (its own cookies: one person) with one page signed in through the form, and
 * the list of the page's uncaught errors, which a test expects to stay empty.
 */
export async function openSignedIn(
  e2e: { readonly server: E2EServer; readonly browser: Browser },
  email = E2E_ADMIN.email,
  options: OpenOptions = {},
): Promise<{ page: Page; problems: string[] }> {
  const page = await (await e2e.browser.newContext(options.context)).newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  if (options.consoleErrors)
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
  await signIn(page, e2e.server.url, email, E2E_ADMIN.password, options);
  return { page, problems };
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };

/** Runs axe-core on the whole page as it is now; one line for each serious or critical violation (none: []). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Evaluated by the DevTools protocol, not added as an inline <script>: the page's Content-Security-Policy allows no inline script but its own.
  axeSource ??= fs.readFileSync(axePath, 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How many pixels the page is wider than the viewport (0 or less: no horizontal scrolling). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Signs in through the NextAuth-shaped REST endpoints (as the sign-in page does) and returns an access token. */
export async function accessTokenFor(url: string, email: string, password = E2E_ADMIN.password): Promise<string> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfRes = await fetch(`${url}/api/auth/csrf`);
  remember(csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  remember(
    await fetch(`${url}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie(), origin: url },
      body: new URLSearchParams({ csrfToken, email, password, json: 'true' }),
    }),
  );
  const session = (await (await fetch(`${url}/api/auth/session`, { headers: { cookie: cookie() } })).json()) as { access_token?: string };
  if (!session.access_token) throw new Error(`sign-in failed for ${email}`);
  return session.access_token;
}

/** A disposable mail domain of the server's lists (shared/email-domains): no page's script may carry them. */
export const LISTED_DISPOSABLE_DOMAIN = 'mailinator.com';

/**
 * Watches the scripts a page downloads from now on; `scripts()` answers each one's path, its size,
 * and whether it carries the email-domain lists (docs/decisions/0061).
 */
export function watchScripts(page: Page): { scripts: () => Promise<Array<{ path: string; bytes: number; lists: boolean }>> } {
  const responses: Array<Promise<{ path: string; bytes: number; lists: boolean }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    responses.push(
      response.text().then((text) => ({ path: new URL(response.url()).pathname, bytes: text.length, lists: text.includes(LISTED_DISPOSABLE_DOMAIN) })),
    );
  });
  return { scripts: () => Promise.all(responses) };
}

/** The widths every chart is checked at: a desktop and a phone. */
export const CHART_WIDTHS = [1440, 375] as const;

/**
 * Problems of the charts on the page as it is now (docs/decisions/0060), one line each (none: []).
 * A chart is an element marked `data-chart` (client/components/ui/chart-box.tsx, the insights charts,
 * the structure and review-result bars). Each one shown must:
 * - for an SVG chart: draw an SVG as wide as its box (within 4 px), its text at 11 px or more as
 *   rendered (a viewBox that shrinks the drawing shrinks its text) and inside the box;
 * - draw at least one visible mark (a bar, line, area or point: `data-mark` or recharts' own), unless
 *   it says it has nothing to draw (`data-chart-empty`), every mark inside its box;
 * - for an HTML chart: no bar over its text.
 */
async function chartProblemsNow(page: Page): Promise<{ charts: number; problems: string[] }> {
  // Two frames first: a chart follows a new width through a ResizeObserver, a frame later.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const TOLERANCE = 4;
    const problems: string[] = [];
    const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const inside = (r: DOMRect, b: DOMRect) =>
      r.left >= b.left - TOLERANCE && r.right <= b.right + TOLERANCE && r.top >= b.top - TOLERANCE && r.bottom <= b.bottom + TOLERANCE;
    const boxes = [...document.querySelectorAll('[data-chart]')].filter(shown);
    boxes.forEach((box, index) => {
      const name = `chart ${index + 1} (${(box.getAttribute('aria-label') ?? box.querySelector('svg title, figcaption')?.textContent ?? box.textContent ?? '').trim().slice(0, 60)})`;
      const b = box.getBoundingClientRect();
      if (b.width < 1 || b.height < 1) {
        problems.push(`${name}: its box is ${Math.round(b.width)} x ${Math.round(b.height)} px`);
        return;
      }
      const svg = box.querySelector('.recharts-wrapper > svg') ?? box.querySelector('svg[role="img"]');
      if (svg) {
        const s = svg.getBoundingClientRect();
        if (s.width < b.width - TOLERANCE || s.height < 1)
          problems.push(`${name}: drawn ${Math.round(s.width)} x ${Math.round(s.height)} px in a box ${Math.round(b.width)} px wide`);
        for (const text of svg.querySelectorAll('text')) {
          if (!text.textContent?.trim() || !shown(text)) continue;
          const ctm = (text as SVGTextElement).getScreenCTM();
          const px = parseFloat(getComputedStyle(text).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
          if (px < 11) problems.push(`${name}: "${text.textContent.trim()}" is ${px.toFixed(1)} px`);
          if (!inside(text.getBoundingClientRect(), b)) problems.push(`${name}: "${text.textContent.trim()}" is cut off by its box`);
        }
      }
      const marks = [
        ...box.querySelectorAll('[data-mark], .recharts-bar-rectangle path, .recharts-line-curve, .recharts-line-dot, .recharts-area-area'),
      ].filter(shown);
      const lineLike = (m: Element) => m.tagName === 'polyline' || (m.tagName === 'path' && !m.closest('.recharts-bar-rectangle'));
      const painted = marks.filter((m) => {
        const r = m.getBoundingClientRect();
        return lineLike(m) ? r.width >= 1 || r.height >= 1 : r.width >= 1 && r.height >= 1;
      });
      if (!box.hasAttribute('data-chart-empty') && painted.length === 0) problems.push(`${name}: no bar, line or point is drawn`);
      for (const m of painted) if (!inside(m.getBoundingClientRect(), b)) problems.push(`${name}: a mark spills out of its box`);
      // HTML bars must not cover the chart's words.
      const htmlMarks = painted.filter((m) => !(m instanceof SVGElement)).map((m) => m.getBoundingClientRect());
      if (htmlMarks.length) {
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const t of range.getClientRects()) {
            const covered = htmlMarks.some(
              (m) => Math.min(m.right, t.right) - Math.max(m.left, t.left) > 1 && Math.min(m.bottom, t.bottom) - Math.max(m.top, t.top) > 1,
            );
            if (covered) {
              problems.push(`${name}: a bar covers "${node.textContent.trim().slice(0, 40)}"`);
              break;
            }
          }
        }
      }
    });
    return { charts: boxes.length, problems };
  });
}

/**
 * Scrolls each chart that is not drawn yet (`data-chart-pending`: the insights charts are drawn once
 * they come near the viewport, docs/decisions/0077) into view for two frames, then back.
 */
export async function bringPendingChartsNear(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const { scrollX, scrollY } = window;
    for (const pending of document.querySelectorAll('[data-chart-pending]')) {
      pending.scrollIntoView({ block: 'center' });
      await frames();
    }
    window.scrollTo(scrollX, scrollY);
  });
}

/**
 * Checks the page's charts at 1440 and at 375 px ({@link CHART_WIDTHS}), then puts the viewport back:
 * one line for each problem (none: []), prefixed with the width. Waits (up to 10 s at each width)
 * for at least `atLeast` charts drawn without a problem: lazy charts load and redraw after a resize.
 */
export async function chartProblems(page: Page, atLeast = 1): Promise<string[]> {
  const before = page.viewportSize();
  const all: string[] = [];
  for (const width of CHART_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const until = Date.now() + 10_000;
    await bringPendingChartsNear(page);
    let found = await chartProblemsNow(page);
    while ((found.problems.length || found.charts < atLeast) && Date.now() < until) {
      await page.waitForTimeout(200);
      await bringPendingChartsNear(page);
      found = await chartProblemsNow(page);
    }
    if (found.charts < atLeast) all.push(`${width} px: ${found.charts} charts shown, at least ${atLeast} expected`);
    all.push(...found.problems.map((p) => `${width} px: ${p}`));
  }
  if (before) await page.setViewportSize(before);
  return all;
}
