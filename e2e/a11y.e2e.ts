import { expect, it } from 'vitest';
import { E2E_ADMIN } from './server.js';
import { seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

it('public and account pages have no serious or critical accessibility violations', async () => {
  const page = await e2e.browser.newPage();
  for (const path of [
    '/',
    '/login',
    '/login?error=CredentialsSignin',
    '/sign-up',
    '/signup-complete',
    '/change-password',
    '/login-blocked',
    '/privacy-policy',
    '/contact',
  ]) {
    await page.goto(`${e2e.server.url}${path}`);
    await page.locator('h1').first().waitFor();
    expect(await seriousA11yViolations(page), path).toEqual([]);
  }
  await page.close();
});

it('signed-in pages, small and wide, have no serious or critical accessibility violations', async () => {
  const page = await e2e.browser.newPage();
  await signIn(page, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password, { welcome: 'Alex Admin' });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/home/dashboard', '/profile/user-profile', '/reviews', '/admin/settings/users', '/change-password']) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.locator('h1').first().waitFor();
      expect(await seriousA11yViolations(page), `${path} at ${width}px`).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(`${e2e.server.url}/home/dashboard`);
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('dialog').waitFor();
  expect(await seriousA11yViolations(page), 'navigation menu').toEqual([]);
  await page.close();
});

it('a dialog closed with Escape gives focus back to the control that opened it', async () => {
  const page = await e2e.browser.newPage();
  await signIn(page, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password, { welcome: 'Alex Admin' });
  // Dialogs opened from state (not a radix Trigger), and an alert dialog (client/components/ui/dialog.tsx).
  const dialogs = [
    { path: '/goals/my-goals', opener: 'New goal', role: 'dialog' },
    { path: '/continuous-feedback', opener: 'Give feedback', role: 'dialog' },
    { path: '/admin/settings/account', opener: 'Remove the demo data…', role: 'alertdialog' },
  ] as const;
  for (const { path, opener, role } of dialogs) {
    await page.goto(`${e2e.server.url}${path}`);
    const button = page.getByRole('button', { name: opener, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole(role);
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => button.evaluate((el) => el === document.activeElement), { message: `focus after closing the dialog of "${opener}"` }).toBe(true);
  }
  await page.close();
});
