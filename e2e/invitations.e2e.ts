/**
 * Getting people in (docs/decisions/0027): add one person, send invitations from the users table
 * and the dashboard, resend (the earlier link dies), join through the link, forgot password re-invites.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatDay } from '../shared/format.js';
import { E2E_ADMIN, latestMailLink, readDatabase } from './server.js';
import { horizontalOverflow, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
let context: BrowserContext;
let page: Page;
const problems: string[] = [];
const PASSWORD = 'a fresh passphrase for joining';

beforeAll(async () => {
  context = await e2e.browser.newContext();
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  await signIn(page, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password, { welcome: 'Alex Admin' });
});
afterAll(async () => {
  await context?.close();
  expect(problems).toEqual([]);
});

const table = () => page.getByRole('table', { name: 'Users' });
const row = (text: string) => table().getByRole('row').filter({ hasText: text });
const alert = (text: string) => page.getByTestId('global-alert').getByText(text);
const mailCount = (to: string) =>
  readDatabase(e2e.server.dataDir, (db) => (db.prepare('SELECT count(*) AS n FROM email_outbox WHERE "to" = ?').get(to) as { n: number }).n);

async function openUsers(query = '') {
  await page.goto(`${e2e.server.url}/admin/settings/users${query}`);
  await table().waitFor();
}

/** Creates people as a CSV import does (INVITED, no mail yet). */
async function importPeople(rows: Array<{ email: string; full_name: string }>) {
  await page.evaluate(async (rows) => {
    const session = (await (await fetch('/api/auth/session')).json()) as { access_token: string };
    const res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ query: 'mutation($rows: [MassCreateUserRow!]!) { massCreateUsers(rows: $rows) { count } }', variables: { rows } }),
    });
    const body = (await res.json()) as { data?: { massCreateUsers: { count: number } } };
    if (body.data?.massCreateUsers.count !== rows.length) throw new Error(JSON.stringify(body));
  }, rows);
}

/** A signed-out visitor opens an invitation link and chooses a password: that signs them in, on their dashboard (docs/decisions/0061). */
async function join(link: string, email: string, fullName: string) {
  const visitor = await e2e.browser.newContext();
  const guest = await visitor.newPage();
  await guest.goto(link);
  await guest.getByRole('heading', { name: 'Welcome to Teamlens' }).waitFor();
  await guest.getByText(email).waitFor();
  await guest.getByLabel('New password').fill(PASSWORD);
  await guest.getByRole('button', { name: 'Save the password' }).click();
  await guest.getByRole('heading', { name: `Welcome, ${fullName}` }).waitFor();
  expect(new URL(guest.url()).pathname).toBe('/home/dashboard');
  await visitor.close();
}

it('an admin adds one person; a refused email shows under the field; the person joins through the invitation link', async () => {
  await openUsers();
  await page.getByRole('button', { name: 'Add person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  await dialog.getByLabel('Full name').fill('Nora Newbie');
  await dialog.getByLabel('Email').fill('nora@gmail.com');
  await dialog.getByLabel('Job title').fill('Platform engineer');
  await dialog.getByLabel('Permission level').selectOption('MANAGER');
  await dialog.getByLabel('Team').selectOption({ index: 1 });
  const team = await dialog.getByLabel('Team').inputValue();
  await dialog.getByLabel('Manager').selectOption({ index: 1 });
  expect(await dialog.getByLabel('Send the invitation now').isChecked()).toBe(true);
  await dialog.getByRole('button', { name: 'Add person' }).click();
  await dialog.getByText('Use a work address; free mail providers are not accepted.').waitFor();
  expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
  expect(await dialog.getByLabel('Full name').inputValue()).toBe('Nora Newbie');

  const email = 'nora.newbie@northwind-labs.example';
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Add person' }).click();
  await alert('Nora Newbie was added and invited.').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await page.getByLabel('Search').fill('nora');
  await row('Nora Newbie').getByText(formatDay(new Date().toISOString())).waitFor();
  expect(await row('Nora Newbie').textContent()).toContain('Invited');
  expect(await row('Nora Newbie').textContent()).toContain(team);

  // The outbox on /admin/settings/configurations has the mail with its link.
  await page.goto(`${e2e.server.url}/admin/settings/configurations`);
  const mail = page
    .getByRole('list', { name: 'Mail in the outbox' })
    .getByRole('listitem')
    .filter({ hasText: email })
    .filter({ hasText: 'You are invited to Teamlens' });
  await mail.waitFor();
  const link = await mail.getByLabel(`Link in the mail to ${email}`).inputValue();
  // Reading the outbox tells the person an admin saw their link (a newer mail); the link is the invitation's.
  expect(link).toBe(await latestMailLink(e2e.server.dataDir, email, 'You are invited'));

  await join(link, email, 'Nora Newbie');
  await openUsers('?q=nora');
  await row('Nora Newbie').getByText('Joined').waitFor();

  // The link worked once.
  const again = await e2e.browser.newPage();
  await again.goto(link);
  await again.getByRole('heading', { name: 'This link is invalid or expired' }).waitFor();
  await again.close();
});

it('the users table sends invitations to everyone not invited yet, and a resend from the selection kills the earlier link', async () => {
  const people = [
    { email: 'olga.import@northwind-labs.example', full_name: 'Olga Imported' },
    { email: 'ivan.import@northwind-labs.example', full_name: 'Ivan Imported' },
  ];
  await importPeople(people);
  await openUsers('?status=NOT_INVITED');
  await row('Olga Imported').getByText('Not invited').waitFor();
  const callout = page.getByRole('region', { name: 'Invitations' });
  await callout.getByText('2 people have not been invited yet: no email has been sent to them.').waitFor();
  await callout.getByRole('button', { name: 'Send invitations to 2 people' }).click();
  await page.getByRole('alertdialog', { name: 'Send invitations to 2 people not invited yet?' }).getByRole('button', { name: 'Send 2 invitations' }).click();
  await alert('Invitations sent to 2 people.').waitFor();
  await callout.waitFor({ state: 'detached' });
  for (const p of people) expect(await mailCount(p.email)).toBe(1);
  const firstLink = (await latestMailLink(e2e.server.dataDir, people[0]!.email))!;

  await page.getByLabel('Status').selectOption('INVITED');
  await row('Olga Imported').getByText(formatDay(new Date().toISOString())).waitFor();
  await page.getByLabel('Select Olga Imported').check();
  await page.getByRole('region', { name: 'Selected users' }).getByRole('button', { name: 'Send invitations' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Send invitations to 1 person?' });
  await confirm.getByText('1 person was invited before: their earlier link stops working.').waitFor();
  await confirm.getByRole('button', { name: 'Send 1 invitation' }).click();
  await alert('Invitations sent to 1 person.').waitFor();
  expect(await mailCount(people[0]!.email)).toBe(2);
  const secondLink = (await latestMailLink(e2e.server.dataDir, people[0]!.email))!;
  expect(secondLink).not.toBe(firstLink);

  const guest = await e2e.browser.newPage();
  await guest.goto(firstLink);
  await guest.getByRole('heading', { name: 'This link is invalid or expired' }).waitFor();
  await guest.close();
  await join(secondLink, people[0]!.email, 'Olga Imported');
});

it('the edit dialog resends one invitation; forgot password sends an invited person their invitation again', async () => {
  const email = 'ivan.import@northwind-labs.example';
  const before = await mailCount(email);
  await openUsers('?q=ivan');
  await page.getByRole('button', { name: 'Edit Ivan Imported' }).click();
  const panel = page.getByRole('dialog', { name: 'Edit Ivan Imported' }).getByRole('region', { name: 'Invitation' });
  await panel.getByText(/^Invited .+\. The link works until .+\. Resending makes the earlier link stop working\.$/).waitFor();
  await panel.getByRole('button', { name: 'Resend invitation' }).click();
  await alert(`Invitation sent to ${email}.`).waitFor();
  expect(await mailCount(email)).toBe(before + 1);
  await page.keyboard.press('Escape');

  const visitor = await e2e.browser.newContext();
  const guest = await visitor.newPage();
  const dialogLink = (await latestMailLink(e2e.server.dataDir, email))!;
  await guest.goto(`${e2e.server.url}/change-password`);
  await guest.getByLabel('Email').fill(email);
  await guest.getByRole('button', { name: 'Send the link' }).click();
  await guest.getByRole('heading', { name: 'Check your email' }).waitFor();
  await expect.poll(() => mailCount(email)).toBe(before + 2);
  const forgotLink = (await latestMailLink(e2e.server.dataDir, email))!;
  expect(forgotLink).not.toBe(dialogLink);
  await guest.goto(forgotLink);
  await guest.getByRole('heading', { name: 'Welcome to Teamlens' }).waitFor();
  await visitor.close();
  await join(forgotLink, email, 'Ivan Imported');
});

it("the dashboard's pending card sends invitations to those not invited yet, and resends to one person", async () => {
  await importPeople([{ email: 'dana.dash@northwind-labs.example', full_name: 'Dana Dashboard' }]);
  await page.goto(`${e2e.server.url}/admin/dashboard`);
  const card = page.getByRole('region', { name: 'Invitations pending' });
  await card.getByText('1 of them has not been sent an invitation.').waitFor();
  await card.getByText('Dana Dashboard').waitFor();
  await card.getByRole('button', { name: 'Send invitations to 1 person' }).click();
  await page.getByRole('alertdialog', { name: 'Send invitations to 1 person not invited yet?' }).getByRole('button', { name: 'Send 1 invitation' }).click();
  await alert('Invitations sent to 1 person.').waitFor();
  await card.getByRole('button', { name: /^Send invitations to/ }).waitFor({ state: 'detached' });
  expect(await mailCount('dana.dash@northwind-labs.example')).toBe(1);
  await card.getByRole('button', { name: 'Resend the invitation to Dana Dashboard' }).click();
  await alert('Invitation sent to dana.dash@northwind-labs.example.').waitFor();
  expect(await mailCount('dana.dash@northwind-labs.example')).toBe(2);
});

it('the screens fit 375 px and 1440 px, and have no serious accessibility problems', async () => {
  await importPeople([{ email: 'wide.narrow@northwind-labs.example', full_name: 'Wendy Widths' }]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await openUsers();
    await page.getByRole('region', { name: 'Invitations' }).waitFor();
    expect(await horizontalOverflow(page), `users at ${width}px`).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page), `users at ${width}px`).toEqual([]);
    await page.getByRole('button', { name: 'Add person' }).click();
    await page.getByRole('dialog', { name: 'Add a person' }).getByLabel('Full name').waitFor();
    expect(await horizontalOverflow(page), `add dialog at ${width}px`).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page), `add dialog at ${width}px`).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`${e2e.server.url}/admin/dashboard`);
    await page.getByRole('region', { name: 'Invitations pending' }).getByText('Wendy Widths').waitFor();
    expect(await horizontalOverflow(page), `dashboard at ${width}px`).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page), `dashboard at ${width}px`).toEqual([]);
  }
});
