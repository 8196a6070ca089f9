import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN } from './server.js';
import { horizontalOverflow, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const row = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });
const count = (page: Page) => page.getByTestId('admin-users-count');

async function openUsers(page: Page, query = '') {
  await page.goto(`${e2e.server.url}/admin/settings/users${query}`);
  await table(page).waitFor();
}

it('search narrows the list, a filter works, and both are kept in the address', async () => {
  const page = await e2e.browser.newPage();
  await signIn(page, e2e.server.url, E2E_ADMIN.email);
  await openUsers(page);
  // The demo organization: the admin plus 4 teams of 7.
  expect(await count(page).textContent()).toBe('29 people');
  await page.getByLabel('Search').fill('lovelace');
  await expect.poll(() => table(page).getByRole('row').count()).toBe(2);
  await row(page, 'Ada Lovelace').waitFor();
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('lovelace');
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Permission').selectOption('MANAGER');
  await expect.poll(() => count(page).textContent()).toBe('Showing 4 of 29 people');
  await page.reload();
  await table(page).waitFor();
  expect(await page.getByLabel('Permission').inputValue()).toBe('MANAGER');
  expect(await count(page).textContent()).toBe('Showing 4 of 29 people');
  await page.close();
});

it('bulk deactivate changes the status, and it stays after a reload', async () => {
  const page = await e2e.browser.newPage();
  await signIn(page, e2e.server.url, E2E_ADMIN.email);
  await openUsers(page, '?q=ritchie');
  await page.getByLabel('Select Dennis Ritchie').check();
  await page.getByRole('region', { name: 'Selected users' }).getByRole('button', { name: 'Deactivate' }).click();
  await page.getByTestId('global-alert').getByText('1 person deactivated.').waitFor();
  await row(page, 'Dennis Ritchie').getByText('Deactivated').waitFor();
  await page.reload();
  await row(page, 'Dennis Ritchie').getByText('Deactivated').waitFor();
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Status').selectOption('DEACTIVATED');
  await expect.poll(() => count(page).textContent()).toBe('Showing 1 of 29 people');
  await page.close();
});

it('an edited integration id persists after a reload; a taken email is refused next to the field', async () => {
  const page = await e2e.browser.newPage();
  await signIn(page, e2e.server.url, E2E_ADMIN.email);
  await openUsers(page, '?q=ada');
  await page.getByRole('button', { name: 'Edit Ada Lovelace' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Ada Lovelace' });
  await dialog.getByLabel('GitHub user').fill('ada-lovelace-gh');
  await dialog.getByLabel('Jira account ID').fill('557058:ada');
  await dialog.getByLabel('Email', { exact: true }).fill('grace.hopper@demo.teamlens.dev');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Another account already uses this email.').waitFor();
  expect(await dialog.getByLabel('GitHub user').inputValue()).toBe('ada-lovelace-gh');

  await dialog.getByLabel('Email', { exact: true }).fill('ada.lovelace@demo.teamlens.dev');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('global-alert').getByText('Ada Lovelace was saved.').waitFor();
  await page.reload();
  await page.getByRole('button', { name: 'Edit Ada Lovelace' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Ada Lovelace' });
  expect(await dialog.getByLabel('GitHub user').inputValue()).toBe('ada-lovelace-gh');
  expect(await dialog.getByLabel('Jira account ID').inputValue()).toBe('557058:ada');
  await page.close();
});

it('fits 375 px without page overflow, and has no serious accessibility problems', async () => {
  const page = await e2e.browser.newPage();
  await signIn(page, e2e.server.url, E2E_ADMIN.email);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/admin/settings/users', '/admin/teams/users']) {
      await page.goto(`${e2e.server.url}${path}`);
      await table(page).waitFor();
      expect(await horizontalOverflow(page), `${path} at ${width}px`).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(page), `${path} at ${width}px`).toEqual([]);
    }
    // Every address is read whole (it may wrap before its @), and at 375 px the cards have one sort control, not a wrapped header row.
    const cut = await page.$$eval('.au-col-email[role=cell]', (cells) =>
      cells.filter((c) => c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
    );
    expect(cut, `emails cut at ${width}px`).toEqual([]);
    if (width === 375) {
      expect((await page.locator('.au-head').boundingBox())!.height).toBeLessThan(60);
      await page.getByLabel('Sort by').selectOption('email');
      await page.waitForURL(/sort=email/);
    }
  }
  await page.close();
});

it('a member cannot reach the page, nor the admin list behind it', async () => {
  const page = await e2e.browser.newPage();
  await signIn(page, e2e.server.url, 'brendan.eich@demo.teamlens.dev');
  await page.goto(`${e2e.server.url}/admin/settings/users`);
  await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
  expect(await page.getByRole('table', { name: 'Users' }).count()).toBe(0);
  const answer = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/session')).json()) as { access_token: string };
    const res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ query: '{ allUsers(includeDeleted: true) { id } }' }),
    });
    return (await res.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
  });
  expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  await page.close();
});
