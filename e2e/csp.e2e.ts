/** The web app runs under its Content-Security-Policy in real Chromium: no violation anywhere (docs/decisions/0045). */
import { expect, it } from 'vitest';
import { E2E_ADMIN } from './server.js';
import { signIn, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

it('signing in and visiting the dashboard, users (with a dialog), reviews and settings violates no Content-Security-Policy directive', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // The page's own report of each violation (blocked scripts, styles, images, websocket connections).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  let sockets = 0;
  page.on('websocket', () => sockets++);

  const first = await page.goto(`${e2e.server.url}/login`);
  expect(first!.headers()['content-security-policy']).toMatch(/script-src 'self'/);
  await signIn(page, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password, { openLogin: false, welcome: 'Alex Admin' });

  await page.goto(`${e2e.server.url}/admin/settings/users`);
  await page.getByRole('button', { name: 'Edit Ada Lovelace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Ada Lovelace' });
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  for (const [path, heading] of [
    ['/reviews', /review/i],
    ['/settings/personal', /./],
    ['/settings/security', /./],
    ['/home/dashboard', 'Welcome, Alex Admin'],
  ] as const) {
    await page.goto(`${e2e.server.url}${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
  }
  // Phone width: the menu opens in a dialog.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('dialog').waitFor();
  // The live updates' websocket at /graphql was allowed to connect.
  await expect.poll(() => sockets, { timeout: 5000 }).toBeGreaterThan(0);

  expect(violations).toEqual([]);
  await context.close();
});
