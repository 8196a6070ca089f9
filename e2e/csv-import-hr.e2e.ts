/**
 * An HR export (BambooHR style: First Name, Last Name, Work Email, Department, Division, Manager
 * Email) imported through the page as it comes, at 1440 px and at 375 px: the preview is the
 * server's dry run (a gmail row and a repeated row are refused there), managers are promoted, new
 * teams get the manager their members share, an existing team is joined; then the invitations are
 * sent and an invited person joins through the link.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN, latestMailLink, readDatabase } from './server.js';
import { horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
const DOMAIN = 'e2e.teamlens.dev';

/** 40 rows: 38 people (Noah manages 8, Maya 7, Ava 5; ten join the demo's Platform and Data teams; the admin manages People Ops) and 2 bad rows. */
function bambooFile(tag: string) {
  const email = (first: string, last: string) => `${first}.${last}.${tag}@${DOMAIN}`.toLowerCase();
  const dept = (name: string) => `${name} ${tag.toUpperCase()}`;
  const lines = ['First Name,Last Name,Work Email,Job Title,Department,Division,Manager Email'];
  const noah = email('Noah', 'Kim');
  const maya = email('Maya', 'Singh');
  const ava = email('Ava', 'Stone');
  lines.push(`Noah,Kim,${noah},Engineering Manager,${dept('Backend')},Engineering,${E2E_ADMIN.email}`);
  for (let i = 1; i <= 7; i++) lines.push(`Back${i},Dev,${email(`Back${i}`, 'Dev')},Backend Engineer,${dept('Backend')},Engineering,${noah}`);
  lines.push(`Maya,Singh,${maya},Frontend Lead,${dept('Frontend')},Engineering,${E2E_ADMIN.email}`);
  for (let i = 1; i <= 7; i++) lines.push(`Front${i},Dev,${email(`Front${i}`, 'Dev')},Frontend Engineer,${dept('Frontend')},Engineering,${maya}`);
  lines.push(`Ava,Stone,${ava},Design Lead,${dept('Design')},Product,${E2E_ADMIN.email}`);
  for (let i = 1; i <= 5; i++) lines.push(`Design${i},Er,${email(`Design${i}`, 'Er')},Product Designer,${dept('Design')},Product,${ava}`);
  // Five join the demo's existing Platform team; one of them also reports to Noah (his eighth report).
  lines.push(`Plat1,Form,${email('Plat1', 'Form')},SRE,platform,Engineering,${noah}`);
  for (let i = 2; i <= 5; i++) lines.push(`Plat${i},Form,${email(`Plat${i}`, 'Form')},SRE,Platform,Engineering,${E2E_ADMIN.email}`);
  for (let i = 1; i <= 6; i++) lines.push(`Ops${i},People,${email(`Ops${i}`, 'People')},People Partner,${dept('People Ops')},Operations,${E2E_ADMIN.email}`);
  for (let i = 1; i <= 5; i++) lines.push(`Data${i},Analyst,${email(`Data${i}`, 'Analyst')},Data Analyst,Data,Engineering,${E2E_ADMIN.email}`);
  lines.push(`Zoe,Free,zoe.${tag}.private@gmail.com,Engineer,${dept('Backend')},Engineering,${noah}`); // row 40: free mail, refused by the server
  lines.push(`Liam,Again,${email('Back1', 'Dev')},Engineer,${dept('Backend')},Engineering,${noah}`); // row 41: repeated email
  return { csv: lines.join('\r\n'), noah, invitee: email('Back1', 'Dev'), dept };
}

async function counts(page: Page): Promise<string[]> {
  return page.getByRole('group', { name: 'Preview counts' }).locator('dd').allTextContents();
}

async function importAt(width: number, tag: string) {
  const { page, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin', context: { viewport: { width, height: 900 } } });
  const { csv, noah, invitee, dept } = bambooFile(tag);
  await page.goto(`${e2e.server.url}/admin/settings/users/import`);
  await page.getByRole('heading', { name: 'Import users from a CSV file', level: 1 }).waitFor();
  await page.getByTestId('csv-file-input').setInputFiles({ name: 'bamboohr-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // Mapped as it comes.
  expect(await page.getByLabel('Field for the column "Work Email"').inputValue()).toBe('email');
  expect(await page.getByLabel('Field for the column "First Name"').inputValue()).toBe('first_name');
  expect(await page.getByLabel('Field for the column "Last Name"').inputValue()).toBe('last_name');
  expect(await page.getByLabel('Field for the column "Department"').inputValue()).toBe('department');
  expect(await page.getByLabel('Field for the column "Division"').inputValue()).toBe('division');
  expect(await page.getByLabel('Field for the column "Manager Email"').inputValue()).toBe('manager_email');

  // The server's dry run: the gmail row and the repeated row are refused, so 38 are ready.
  await page.getByRole('group', { name: 'Preview counts' }).waitFor();
  expect(await counts(page)).toEqual(['40', '38', '2']);
  const refused = page.getByRole('table', { name: 'Rows that need fixing' });
  const refusedRows = await refused
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((c) => c.textContent)));
  expect(refusedRows).toEqual([
    ['40', `zoe.${tag}.private@gmail.com`, 'Email domain not allowed'],
    ['41', invitee, 'Repeated in the file'],
  ]);
  const managers = page.getByRole('region', { name: 'Managers' }).or(page.locator('section[aria-labelledby="csv-plan-managers"]'));
  expect(await managers.textContent()).toContain('Noah Kim');
  expect(await managers.textContent()).toMatch(/Noah Kim.*manages 8 people · becomes a Manager/);
  const teams = page.locator('section[aria-labelledby="csv-plan-teams"]');
  expect(await teams.textContent()).toContain(`${dept('Backend')}: new team of 8 people, managed by Noah Kim`);
  expect(await teams.textContent()).toContain(`${dept('Design')}: new team of 6 people, managed by Ava Stone`);
  expect(await teams.textContent()).toContain(`${dept('People Ops')}: new team of 6 people, managed by Alex Admin`);
  expect(await teams.textContent()).toMatch(/Platform: 5 people join the existing team Platform \(\d+ members\)/);
  expect(await page.locator('section[aria-labelledby="csv-plan-divisions"]').textContent()).toContain('Engineering');

  expect(await horizontalOverflow(page), `preview at ${width}px`).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page), `axe on the preview at ${width}px`).toEqual([]);

  await page.getByRole('button', { name: 'Import 38 people' }).click();
  await page.getByRole('heading', { name: 'Import finished' }).waitFor();
  expect(await page.getByRole('status').filter({ hasText: 'created.' }).textContent()).toContain('38 users created. 2 rows were skipped because of errors.');

  const stored = await readDatabase(e2e.server.dataDir, (db) => ({
    noah: db.prepare('SELECT permission_level FROM users WHERE email = ?').get(noah) as { permission_level: string },
    backend: db.prepare('SELECT m.email AS manager FROM teams t JOIN users m ON m.id = t.manager_id WHERE t.name = ?').get(dept('Backend')) as {
      manager: string;
    },
    created: (db.prepare(`SELECT count(*) AS n FROM users WHERE email LIKE ?`).get(`%.${tag}@${DOMAIN}`) as { n: number }).n,
  }));
  expect(stored).toEqual({ noah: { permission_level: 'MANAGER' }, backend: { manager: noah }, created: 38 });

  await page.getByRole('button', { name: 'Send invitations to 38 people' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Invitations sent to 38 people.' });
  await sent.waitFor();
  expect(await sent.textContent()).toContain('No mail server is set up, so the invitations wait in the email outbox');
  expect(await horizontalOverflow(page), `result at ${width}px`).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page), `axe on the result at ${width}px`).toEqual([]);
  expect(problems).toEqual([]);
  await page.context().close();

  // The invited person joins through the link in their mail.
  const link = await latestMailLink(e2e.server.dataDir, invitee);
  expect(link).toContain('/change-password?token=');
  const joiner = await (await e2e.browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await joiner.goto(link!);
  await joiner.getByRole('heading', { name: 'Welcome to Teamlens' }).waitFor();
  expect(await joiner.locator('main, body').first().textContent()).toContain(invitee);
  await joiner.getByLabel('New password').fill('backend joiner passphrase');
  await joiner.getByRole('button', { name: 'Save the password' }).click();
  // Choosing the password signs the person in (docs/decisions/0061).
  await joiner.getByRole('heading', { name: 'Welcome, Back1 Dev' }).waitFor();
  await joiner.context().close();
}

it('an HR export is imported as it comes at 1440 px, invitations go out, and an invited person joins', async () => {
  await importAt(1440, 'wide');
}, 90_000);

it('the same at 375 px, on a phone', async () => {
  await importAt(375, 'phone');
}, 90_000);
