import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN, launchBrowser, startServer } from './server.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

it('public and account pages have no serious or critical accessibility violations', async () => {
  const page = await browser.newPage();
  for (const path of ['/', '/login', '/login?error=CredentialsSignin', '/sign-up', '/signup-complete', '/change-password', '/login-blocked', '/privacy-policy', '/contact']) {
    await page.goto(`${server.url}${path}`);
    await page.locator('h1').first().waitFor();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.close();
});

it('signed-in pages, small and wide, have no serious or critical accessibility violations', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Welcome, Alex Admin' }).waitFor();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/home/dashboard', '/profile/user-profile', '/reviews', '/admin/settings/users', '/change-password']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('h1').first().waitFor();
      expect(await seriousViolations(page), `${path} at ${width}px`).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(`${server.url}/home/dashboard`);
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('dialog').waitFor();
  expect(await seriousViolations(page), 'navigation menu').toEqual([]);
  await page.close();
});
