import fs from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN, readDatabase } from './server.js';
import { horizontalOverflow, openSignedIn, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

const DOMAIN = 'e2e.teamlens.dev';
/** 300 people; rows 11, 51, 91, ... (7 of them) are broken in ways the shared row schema catches. */
function peopleCsv(): { csv: string; badRows: number[] } {
  const lines = ['E-Mail,Full Name,Role,Permission,Team,Time Zone'];
  const badRows: number[] = [];
  const broken = [
    (i: number) => `=SUM(1+2)${i},Formula Email,,,,`, // invalid email, and a formula for the export
    (i: number) => `csv.person.${i}@,Half Email,,,,`,
    (i: number) => `csv.person.${i}@${DOMAIN},,Engineer,,CSV Imports,`, // no name
    (i: number) => `csv.person.${i}@${DOMAIN},Bad Level,,OWNER,,`,
    (i: number) => `csv.person.${i}@${DOMAIN},Bad Zone,,,,Mars/Olympus`,
    (i: number) => `no-at-sign-${i},No At,,,,`,
    (i: number) => `csv.person.${i}@${DOMAIN},   ,,,,`,
  ];
  for (let i = 1; i <= 300; i++) {
    const row = i + 1; // the header is row 1
    const bad = (i - 10) % 40 === 0 && badRows.length < broken.length;
    if (bad) {
      lines.push(broken[badRows.length]!(i));
      badRows.push(row);
    } else {
      lines.push(`csv.person.${i}@${DOMAIN},Person ${i},Engineer,member,CSV Imports,Europe/Berlin`);
    }
  }
  return { csv: lines.join('\r\n'), badRows };
}

/** Emails of the organization's users that the import would create, through GraphQL with the page's session. */
async function importedEmails(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/session')).json()) as { access_token: string };
    const res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ query: '{ organizationUsers { email } }' }),
    });
    const body = (await res.json()) as { data: { organizationUsers: { email: string }[] } };
    return body.data.organizationUsers.map((u) => u.email).filter((e) => e.startsWith('csv.person.'));
  });
}

/** Records every value the progress bar takes, from the moment it appears. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const now = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
      if (now && seen[seen.length - 1] !== now) seen.push(now);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

async function progressSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}

it('an admin previews a 300-row file with 7 bad rows, imports it with progress, sees the errors, and rolls it back', async () => {
  const { page, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin', context: { acceptDownloads: true } });
  await page.goto(`${e2e.server.url}/admin/settings/users/import`);
  await page.getByRole('heading', { name: 'Import users from a CSV file', level: 1 }).waitFor();

  // The template comes with the session's token.
  const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the template' }).click()]);
  expect(template.suggestedFilename()).toBe('teamlens-users-template.csv');
  expect(fs.readFileSync((await template.path())!, 'utf8')).toContain(
    '"email","full_name","role","permission_level","team","manager_email","location","time_zone"',
  );

  const { csv, badRows } = peopleCsv();
  expect(badRows).toHaveLength(7);
  await page.getByTestId('csv-file-input').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const counts = page.getByRole('group', { name: 'Preview counts' });
  await counts.waitFor();
  expect(await counts.locator('dd').allTextContents()).toEqual(['300', '293', '7']);
  const previewTable = page.getByRole('table', { name: 'Rows that need fixing' });
  expect(await previewTable.locator('tbody tr td:first-child').allTextContents()).toEqual(badRows.map(String));
  expect(await previewTable.textContent()).toContain('time_zone: Unknown time zone "Mars/Olympus"');

  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await horizontalOverflow(page), `overflow at ${width}px`).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
  }

  await recordProgress(page);
  await page.getByRole('button', { name: 'Import 293 people' }).click();
  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  await progress.waitFor();
  await page.getByRole('heading', { name: 'Import finished' }).waitFor();
  expect(await progress.getAttribute('aria-valuenow')).toBe('100');
  expect(await progress.getAttribute('aria-valuemax')).toBe('100');
  const seen = await progressSeen(page);
  expect(seen[0]).toBe('0');
  expect(seen[seen.length - 1]).toBe('100');
  expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => a - b));
  await page.getByText('Done: 300 rows checked.').waitFor();
  expect(await page.getByRole('button', { name: 'Send invitations to 293 people' }).count()).toBe(1);

  const summary = page.getByRole('status').filter({ hasText: 'created.' });
  expect(await summary.textContent()).toContain('293 users created. 7 rows were skipped because of errors.');
  const errorTable = page.getByRole('table', { name: 'Rows with errors' });
  const errorRows = await errorTable.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)));
  expect(errorRows.map((r) => r[0])).toEqual(badRows.map(String));
  expect(errorRows[0]).toEqual([String(badRows[0]), '=SUM(1+2)10', 'Invalid email', 'email: Enter a valid email address.']);
  expect(await importedEmails(page)).toHaveLength(293);
  expect(await seriousA11yViolations(page), 'axe on the result').toEqual([]);
  await page.setViewportSize({ width: 375, height: 900 });
  expect(await horizontalOverflow(page), 'result at 375px').toBeLessThanOrEqual(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the errors (CSV)' }).click()]);
  const exported = fs.readFileSync((await download.path())!, 'utf8');
  const lines = exported
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('"row","email","errorType","message"');
  expect(lines).toHaveLength(8);
  expect(lines[1]).toBe(`"${badRows[0]}","'=SUM(1+2)10","INVALID_EMAIL","email: Enter a valid email address."`);

  await page.getByRole('button', { name: 'Undo this import' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Undo this import?' });
  expect(await dialog.textContent()).toContain('This removes the 293 users this import created.');
  expect(await seriousA11yViolations(page), 'axe on the confirmation').toEqual([]);
  await dialog.getByRole('button', { name: 'Remove them' }).click();
  await page.getByText('Import undone: 293 users removed.').waitFor();
  expect(await importedEmails(page)).toEqual([]);
  expect(problems).toEqual([]);
  await page.context().close();
});

it("the preview is the server's answer and creates nobody; a file that is not CSV is refused with a clear message", async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signIn(page, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password, { welcome: 'Alex Admin' });
  await page.goto(`${e2e.server.url}/admin/settings/users/import`);
  const input = page.getByTestId('csv-file-input');
  await input.setInputFiles({
    name: 'people.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0]),
  });
  await page.getByText('"people.xlsx" is not a CSV file.', { exact: false }).waitFor();

  await input.setInputFiles({
    name: 'dry.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email,full_name\r\ncsv.person.dry@${DOMAIN},Dry Run\r\n${E2E_ADMIN.email},Already There\r\n`),
  });
  await page.getByRole('group', { name: 'Preview counts' }).waitFor();
  // An existing user is something only the server knows: the preview counts that row as refused.
  expect(await page.getByRole('group', { name: 'Preview counts' }).locator('dd').allTextContents()).toEqual(['2', '1', '1']);
  expect(await page.getByRole('table', { name: 'Rows that need fixing' }).textContent()).toContain('Already a user');
  expect(await page.getByRole('button', { name: 'Import 1 person' }).count()).toBe(1);
  expect(await importedEmails(page)).toEqual([]);
  await context.close();
});

it('a file of 50,000 people is checked by the server with progress; one more row is refused before sending', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signIn(page, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password, { welcome: 'Alex Admin' });
  await page.goto(`${e2e.server.url}/admin/settings/users/import`);
  const rows = (n: number) => ['email,full_name,team', ...Array.from({ length: n }, (_, i) => `bulk.${i}@${DOMAIN},Bulk Person ${i},Bulk`)].join('\n');
  const input = page.getByTestId('csv-file-input');
  await input.setInputFiles({ name: 'too-many.csv', mimeType: 'text/csv', buffer: Buffer.from(rows(50_001)) });
  await page.getByText('"too-many.csv" has more than 50,000 rows; one import takes at most 50,000. Split it into several files.').waitFor();

  await recordProgress(page);
  await input.setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer: Buffer.from(rows(50_000)) });
  await page.getByRole('progressbar', { name: 'Checking the rows on the server' }).waitFor();
  await page.getByRole('group', { name: 'Preview counts' }).waitFor({ timeout: 60_000 });
  expect(await page.getByRole('group', { name: 'Preview counts' }).locator('dd').allTextContents()).toEqual(['50,000', '50,000', '0']);
  // The bar moved with the server's massCreateProgress events, not only at the start and the end.
  const seen = (await progressSeen(page)).map(Number);
  expect(seen.filter((v) => v > 0 && v < 100).length).toBeGreaterThan(2);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  await page.getByText('The server checked all 50,000 rows: every one can be imported.').waitFor();
  expect(await page.getByRole('button', { name: 'Import 50,000 people' }).count()).toBe(1);
  // One dry run for one file and mapping, and nobody created.
  const batches = await readDatabase(e2e.server.dataDir, (db) => db.prepare('SELECT dry_run, created FROM mass_creation_batches WHERE total = 50000').all());
  expect(batches).toEqual([{ dry_run: 1, created: 0 }]);
  await context.close();
}, 120_000);

it('a member cannot reach the import page', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'lea.verou@demo.teamlens.dev', E2E_ADMIN.password, { welcome: 'Lea Verou' });
  await page.goto(`${e2e.server.url}/admin/settings/users/import`);
  await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
  expect(await page.getByTestId('csv-file-input').count()).toBe(0);
  expect(await page.getByRole('heading', { name: 'Import users from a CSV file' }).count()).toBe(0);
  await context.close();
});
