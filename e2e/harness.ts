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
export async function openSignedIn(e2e: { readonly server: E2EServer; readonly browser: Browser }, email = E2E_ADMIN.email, options: OpenOptions = {}): Promise<{ page: Page; problems: string[] }> {
  const page = await (await e2e.browser.newContext(options.context)).newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  if (options.consoleErrors) page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
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
  remember(await fetch(`${url}/api/auth/callback/credentials`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie(), origin: url },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }),
  }));
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
    responses.push(response.text().then((text) => ({ path: new URL(response.url()).pathname, bytes: text.length, lists: text.includes(LISTED_DISPOSABLE_DOMAIN) })));
  });
  return { scripts: () => Promise.all(responses) };
}
