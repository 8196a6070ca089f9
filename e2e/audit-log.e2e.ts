import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { AUDIT_ACTIONS } from '../shared/audit.js';
import { E2E_ADMIN } from './server.js';
import { horizontalOverflow, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

const table = () => page.getByRole('table', { name: /Audit events/ });
const rows = () => table().getByRole('row');

beforeAll(async () => {
  context = await e2e.browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  await signIn(page, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password, { welcome: 'Alex Admin' });
});
afterAll(async () => {
  await context?.close();
});

it('an admin changes a permission level, then finds it and their own sign-in in the audit log', async () => {
  await page.goto(`${e2e.server.url}/admin/settings/users?q=linus`);
  await page.getByRole('button', { name: 'Edit Linus Torvalds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Linus Torvalds' });
  await dialog.getByLabel('Permission level').selectOption('MANAGER');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('global-alert').getByText('Linus Torvalds was saved.').waitFor();

  // Reached from the settings navigation, like the other settings pages.
  await page.goto(`${e2e.server.url}/admin/settings`);
  await page
    .getByRole('list', { name: 'Settings pages' })
    .getByRole('link', { name: /Audit log/ })
    .click();
  await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
  const change = rows().filter({ hasText: 'Permission level changed' });
  await change.waitFor();
  expect(await change.textContent()).toContain('Linus Torvalds');
  expect(await change.textContent()).toContain('From member to manager');
  expect(await change.textContent()).toContain('Alex Admin');
  const signInRow = rows().filter({ hasText: 'Signed in' }).filter({ hasText: 'Alex Admin' }).first();
  await signInRow.waitFor();
  expect(await signInRow.textContent()).toContain('127.0.0.1');
  expect(problems).toEqual([]);
});

it('filters by action in the address, downloads the filtered CSV, and keeps the filter after a reload', async () => {
  await page.getByLabel('What happened').selectOption({ label: 'Permission level changed' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('PERMISSION_LEVEL_CHANGED');
  await expect.poll(() => rows().count()).toBe(2); // header + the one change
  await page.reload();
  await table().waitFor();
  expect(await page.getByLabel('What happened').inputValue()).toBe('PERMISSION_LEVEL_CHANGED');
  expect(await rows().count()).toBe(2);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^teamlens-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('"at_utc","action","what","who","who_email","about","about_email","ip","details"');
  expect(lines.slice(1)).toHaveLength(1);
  expect(lines[1]).toContain('"PERMISSION_LEVEL_CHANGED"');
  expect(lines[1]).toContain('"Linus Torvalds"');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  // The download itself is in the log.
  await rows().filter({ hasText: 'Audit log exported (CSV)' }).waitFor();
});

it('the retention is checked next to the field, saved, and its change recorded', async () => {
  const field = page.getByLabel('Keep events for (days)');
  expect(await field.inputValue()).toBe('365');
  await field.fill('10');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Keep events at least 30 days.').waitFor();
  await field.fill('400');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByTestId('global-alert').getByText('Audit events are now kept for 400 days.').waitFor();
  await rows().filter({ hasText: 'Audit retention changed' }).filter({ hasText: 'From 365 to 400 days' }).waitFor();
  await page.reload();
  expect(await page.getByLabel('Keep events for (days)').inputValue()).toBe('400');
});

it('fits 375 px without page overflow, is keyboard usable, and has no serious accessibility problems', async () => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${e2e.server.url}/admin/settings/audit`);
    await table().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  }
  // Keyboard: the action filter is reached with Tab and applied with Enter.
  await page.getByLabel('What happened').focus();
  await page.keyboard.press('End'); // the last action in the list, then up to "Audit log exported"
  for (let i = AUDIT_ACTIONS.indexOf('AUDIT_EXPORTED'); i < AUDIT_ACTIONS.length - 1; i++) await page.keyboard.press('ArrowUp');
  await page.getByRole('button', { name: 'Apply filters' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('AUDIT_EXPORTED');
  await rows().filter({ hasText: 'Audit log exported (CSV)' }).first().waitFor();
  expect(problems).toEqual([]);
});
