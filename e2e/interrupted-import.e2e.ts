import { afterAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { E2E_ADMIN, launchBrowser, readDatabase, startServer } from './server.js';
import { accessTokenFor, horizontalOverflow, seriousA11yViolations, signIn, type E2EServer } from './harness.js';
import { formatNumber } from '../shared/format.js';

/**
 * Interrupted work in the browser: the server is killed (SIGKILL) during a 50,000-row import and started
 * again on the same data; the import screen lists the import as interrupted, nothing of it exists,
 * and the admin retries by choosing the same file again (docs/decisions/0038).
 */
const ROWS = 50_000;
const csv = ['email,full_name', ...Array.from({ length: ROWS }, (_, i) => `restart.person.${i + 1}@e2e.teamlens.dev,Restart Person ${i + 1}`)].join('\n');
const BATCH = '5a8e2c1d-7b3f-4e9a-8c6d-2f1e0b9a7c43';

let first: E2EServer | undefined;
let second: E2EServer | undefined;
let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
  await first?.crash();
  await second?.stop();
});

const countRestartPeople = (dataDir: string) =>
  readDatabase(dataDir, (db) => (db.prepare("SELECT count(*) AS n FROM users WHERE email LIKE 'restart.person.%'").get() as { n: number }).n);

it('an import cut by a kill reads Interrupted after the restart, nothing of it exists, and choosing the file again imports it', async () => {
  first = await startServer();
  const token = await accessTokenFor(first.url, E2E_ADMIN.email);
  const sentAt = Date.now();
  const cut = fetch(`${first.url}/api/admin/users/import?batch_id=${BATCH}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
    body: csv,
  }).then(
    () => 'answered',
    () => 'cut',
  );
  let running = false;
  // 0.9 s in, or as soon as the import is seen running when the upload took longer on a busy machine.
  while (!running || Date.now() - sentAt < 900) {
    if (Date.now() - sentAt > 20_000) throw new Error('the import never started');
    running ||= await readDatabase(
      first.dataDir,
      (db) => (db.prepare('SELECT status FROM mass_creation_batches WHERE id = ?').get(BATCH) as { status: string } | undefined)?.status === 'running',
    );
    await new Promise((r) => setTimeout(r, 25));
  }
  await first.crash();
  expect(running).toBe(true);
  expect(await cut).toBe('cut');

  second = await startServer({ dataDir: first.dataDir });
  expect(await countRestartPeople(second.dataDir)).toBe(0);
  browser = await launchBrowser();
  const page = await (await browser.newContext()).newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await signIn(page, second.url, E2E_ADMIN.email);
  await page.goto(`${second.url}/admin/settings/users/import`);

  const recent = page.getByRole('table', { name: 'Recent imports' });
  await recent.waitFor();
  const firstRow = await recent.locator('tbody tr').first().locator('td').allTextContents();
  expect(firstRow.slice(1)).toEqual(['Alex Admin', '50,000', '0', 'Interrupted, nothing saved']);
  const notice = page.getByRole('status').filter({ hasText: 'interrupted' });
  expect(await notice.textContent()).toContain('An import was interrupted: the server stopped while it ran, so nobody from that file was added.');
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await horizontalOverflow(page), `overflow at ${width}px`).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
  }

  // The retry: back to the file step, the same file again.
  await notice.getByRole('button', { name: 'Choose the file again' }).click();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Choose a CSV file');
  await page.getByTestId('csv-file-input').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import 50,000 people' }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Import finished' }).waitFor({ timeout: 60_000 });
  await expect.poll(async () => (await recent.locator('tbody tr').first().locator('td').allTextContents()).slice(2)).toEqual(['50,000', '50,000', 'Imported']);
  expect(await page.getByText('Choose the file again').count()).toBe(0);
  expect(await countRestartPeople(second.dataDir)).toBe(ROWS);

  // The list follows an undo too.
  await page.getByRole('button', { name: 'Undo this import' }).click();
  await page.getByRole('alertdialog', { name: 'Undo this import?' }).getByRole('button', { name: 'Remove them' }).click();
  await page.getByText(`Import undone: ${formatNumber(ROWS)} users removed.`).waitFor();
  await expect.poll(async () => (await recent.locator('tbody tr').first().locator('td').allTextContents())[4]).toBe('Rolled back');
  expect(await countRestartPeople(second.dataDir)).toBe(0);
  // The interrupted import was retried: no notice about it any more.
  expect(await page.getByText('Choose the file again').count()).toBe(0);
  expect(problems).toEqual([]);
}, 180_000);
