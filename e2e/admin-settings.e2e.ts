import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { E2E_ADMIN, latestMailLink } from './server.js';
import { bringPendingChartsNear, horizontalOverflow, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  context = await e2e.browser.newContext();
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  await signIn(page, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password, { welcome: 'Alex Admin' });
});
afterAll(async () => {
  await context?.close();
});

/** One GraphQL operation with this page's session, as the app sends it. */
async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return page.evaluate(
    async ({ query, variables }) => {
      const session = (await (await fetch('/api/auth/session')).json()) as { access_token: string };
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data: unknown; errors?: Array<{ message: string }> };
      if (body.errors?.length) throw new Error(body.errors[0]!.message);
      return body.data;
    },
    { query, variables },
  ) as Promise<T>;
}

it('/admin opens the dashboard; the settings overview links each settings page', async () => {
  await page.goto(`${e2e.server.url}/admin`);
  await page.getByRole('heading', { name: 'Admin dashboard', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
  await page.goto(`${e2e.server.url}/admin/settings`);
  await page
    .getByRole('list', { name: 'Settings pages' })
    .getByRole('link', { name: /Configurations/ })
    .click();
  await page.getByRole('heading', { name: 'Configurations', level: 1 }).waitFor();
});

it('the admin renames the organization and it stays renamed after a reload', async () => {
  await page.goto(`${e2e.server.url}/admin/settings/account`);
  const name = page.getByLabel('Name', { exact: true });
  expect(await name.inputValue()).toBe('Demo Company');
  await name.fill('  Lovelace Labs ');
  await page.getByRole('button', { name: 'Save the name' }).click();
  await page.getByTestId('global-alert').getByText('The organization name was saved.').waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Lovelace Labs');

  await page.getByLabel('Name', { exact: true }).fill('L');
  await page.getByRole('button', { name: 'Save the name' }).click();
  await page.getByText('Enter the organization name.').waitFor();
});

it("the admin uploads a picture; a file that is not an image gets the server's message", async () => {
  await page.goto(`${e2e.server.url}/admin/settings/account`);
  const picture = page.getByRole('region', { name: 'Organization picture' });
  await picture
    .getByLabel('Picture', { exact: true })
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('this is plain text, not a picture') });
  await picture.getByRole('button', { name: 'Upload the picture' }).click();
  await picture.getByText(/^Upload a JPEG, PNG, WebP, GIF/).waitFor();

  const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#3346d3' } })
    .png()
    .toBuffer();
  await picture.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await picture.getByRole('button', { name: 'Upload the picture' }).click();
  await page.getByTestId('global-alert').getByText('The organization picture was saved.').waitFor();
  const image = picture.getByRole('img', { name: 'Picture of Lovelace Labs' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  await page.reload();
  await picture.getByRole('img', { name: 'Picture of Lovelace Labs' }).waitFor();
});

it('the admin blocks a domain and sees it listed; a bad domain and a clash with an allowed one are explained', async () => {
  await page.goto(`${e2e.server.url}/admin/settings/configurations`);
  const blocked = page.getByRole('region', { name: 'Blocked domains' });
  await blocked.getByLabel('Add a blocked domain').fill('@Agency.Example');
  await blocked.getByRole('button', { name: 'Add' }).click();
  await blocked.getByRole('list', { name: 'Blocked domains' }).getByText('agency.example').waitFor();

  await blocked.getByLabel('Add a blocked domain').fill('not a domain');
  await blocked.getByRole('button', { name: 'Add' }).click();
  await blocked.getByText('Enter domains like example.com.').waitFor();
  expect(await blocked.getByLabel('Add a blocked domain').getAttribute('aria-invalid')).toBe('true');

  const allowed = page.getByRole('region', { name: 'Allowed domains' });
  await allowed.getByLabel('Add an allowed domain').fill('partner.example');
  await allowed.getByRole('button', { name: 'Add' }).click();
  await allowed.getByRole('list', { name: 'Allowed domains' }).getByText('partner.example').waitFor();
  await blocked.getByLabel('Add a blocked domain').fill('eu.partner.example');
  await blocked.getByRole('button', { name: 'Add' }).click();
  await blocked.getByText('eu.partner.example cannot be blocked while partner.example is allowed.').waitFor();

  await page.reload();
  await page.getByRole('region', { name: 'Blocked domains' }).getByRole('list', { name: 'Blocked domains' }).getByText('agency.example').waitFor();
  // The rule applies on the server: an address at the blocked domain is refused.
  const result = await graphql<{ massCreateUsers: { count: number; usersWithErrors: Array<{ errorType: string }> } }>(
    'mutation($rows: [MassCreateUserRow!]!) { massCreateUsers(rows: $rows, dryRun: true) { count usersWithErrors { errorType } } }',
    { rows: [{ email: 'someone@agency.example', full_name: 'Some One' }] },
  );
  expect(result.massCreateUsers.usersWithErrors.map((e) => e.errorType)).toEqual(['BLOCKED_EMAIL_DOMAIN']);
});

it('the admin skips and resumes onboarding', async () => {
  await page.goto(`${e2e.server.url}/admin/settings/configurations`);
  const onboarding = page.getByRole('region', { name: 'Onboarding' });
  await onboarding.getByRole('button', { name: 'Skip onboarding' }).click();
  await onboarding.getByRole('button', { name: 'Resume onboarding' }).waitFor();
  await onboarding.getByLabel('Onboarding step').selectOption('SET_UP_TEAMS');
  await onboarding.getByRole('button', { name: 'Save the step' }).click();
  await onboarding.getByText('Set up teams (step 2 of 4)').waitFor();
  await onboarding.getByRole('button', { name: 'Resume onboarding' }).click();
  await onboarding.getByRole('button', { name: 'Skip onboarding' }).waitFor();
});

it('the outbox lists the invitation of a person the admin created, with the link to copy', async () => {
  const email = 'katherine.new@lovelace-labs.example';
  const created = await graphql<{ massCreateUsers: { count: number } }>('mutation($rows: [MassCreateUserRow!]!) { massCreateUsers(rows: $rows) { count } }', {
    rows: [{ email, full_name: 'Katherine New' }],
  });
  expect(created.massCreateUsers.count).toBe(1);
  const { userByEmail } = await graphql<{ userByEmail: { id: string } }>('query($email: String!) { userByEmail(email: $email) { id } }', { email });
  await graphql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [userByEmail.id] });

  await page.goto(`${e2e.server.url}/admin/settings/configurations`);
  const mail = page
    .getByRole('list', { name: 'Mail in the outbox' })
    .getByRole('listitem')
    .filter({ hasText: email })
    .filter({ hasText: 'You are invited to Teamlens' });
  await mail.waitFor();
  expect(await mail.textContent()).toContain('Kept in the outbox (not sent by email)');
  const link = await mail.getByLabel(`Link in the mail to ${email}`).inputValue();
  // Reading the outbox tells the person an admin saw their link (a newer mail); the link is the invitation's.
  expect(link).toBe(await latestMailLink(e2e.server.dataDir, email, 'You are invited'));
  expect(link).toContain('/change-password?token=');
});

it('the settings pages fit 375 px and have no serious accessibility problems', async () => {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/admin/settings', '/admin/settings/account', '/admin/settings/configurations']) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.locator('h1').first().waitFor();
      expect(await horizontalOverflow(page), `${path} at ${width}px`).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(page), `${path} at ${width}px`).toEqual([]);
    }
  }
  await page.goto(`${e2e.server.url}/admin/settings/account`);
  await page.getByRole('button', { name: 'Close the account…' }).click();
  await page.getByRole('alertdialog').waitFor();
  expect(await seriousA11yViolations(page), 'close-account dialog').toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });
});

it("billing without plans (BILLING=none): the page says the server is self-hosted and draws the seats of the demo's year, at 375 and 1440 px", async () => {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${e2e.server.url}/admin/settings/billing`);
    await page.getByText(/^This Teamlens server is self-hosted: there are no plans, no limits/).waitFor();
    expect(await page.getByRole('region', { name: 'Plan and seats' }).textContent()).toMatch(/\d+ seats? used, no limit/);
    const chart = page.getByRole('img', { name: /^Seats used, highest in each month\./ });
    // The chart is drawn once it comes near the viewport (docs/decisions/0077).
    await expect
      .poll(
        async () => {
          await bringPendingChartsNear(page);
          return (await chart.locator('svg.recharts-surface').boundingBox())?.width ?? 0;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(200);
    expect(await chart.locator('.recharts-bar-rectangle path').count()).toBe(12); // the demo's year of history
    expect(await horizontalOverflow(page), `billing at ${width}px`).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page), `billing at ${width}px`).toEqual([]);
  }
});

it('closing the account refuses a wrong password with a clear message', async () => {
  await page.goto(`${e2e.server.url}/admin/settings/account`);
  await page.getByRole('button', { name: 'Close the account…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Close Lovelace Labs?' });
  const confirm = dialog.getByRole('button', { name: 'Close the account' });
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByLabel('Organization name').fill('Lovelace Labs');
  await dialog.getByLabel('Your password').fill('not the admin password');
  await confirm.click();
  await dialog.getByText('The current password is not correct.').waitFor();
  await dialog.getByRole('button', { name: 'Keep the account' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
});

// Last: this ends the organization of this file's server.
it('closing the account with the right password signs everyone out and sends the admin to /logout', async () => {
  const other = await context.browser()!.newContext();
  const colleague = await other.newPage();
  await signIn(colleague, e2e.server.url, 'grace.hopper@demo.teamlens.dev', E2E_ADMIN.password, { welcome: 'Grace Hopper' });

  await page.goto(`${e2e.server.url}/admin/settings/account`);
  await page.getByRole('button', { name: 'Close the account…' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('Organization name').fill('Lovelace Labs');
  await dialog.getByLabel('Your password').fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Close the account' }).click();
  await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/logout');

  await page.goto(`${e2e.server.url}/admin/settings/account`);
  await page.getByRole('heading', { name: 'Sign in to Teamlens' }).waitFor();
  await colleague.reload();
  await colleague.getByRole('heading', { name: 'Sign in to Teamlens' }).waitFor();
  await other.close();
  expect(problems).toEqual([]);
});
