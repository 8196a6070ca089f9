import { expect, it } from 'vitest';
import { E2E_ADMIN, readDatabase } from './server.js';
import { horizontalOverflow, seriousA11yViolations, signIn, useServerAndBrowser, watchScripts } from './harness.js';

const MEMBER = 'brendan.eich@demo.teamlens.dev';

const e2e = useServerAndBrowser();

/** Headcount straight from the server's database file. */
async function headcountInDatabase(): Promise<Record<string, number>> {
  return readDatabase(e2e.server.dataDir, (db) => {
    const rows = db.prepare('SELECT status, count(*) AS n FROM users WHERE deleted_at IS NULL GROUP BY status').all() as Array<{ status: string; n: number }>;
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  });
}

it('a visitor sends the contact form, lands on thank-you, and an admin reads the message on the dashboard', async () => {
  const visitor = await e2e.browser.newPage();
  await visitor.setViewportSize({ width: 375, height: 800 });
  const { scripts } = watchScripts(visitor);
  await visitor.goto(`${e2e.server.url}/contact`);
  await visitor.getByRole('heading', { name: 'Contact us' }).waitFor();
  expect(await horizontalOverflow(visitor), '/contact at 375px').toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(visitor)).toEqual([]);
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await visitor.getByText('Write at least 10 characters.').waitFor();
  await visitor.getByLabel('Your name').fill('Grace Hopper');
  await visitor.getByLabel('Email').fill('grace@navy.example');
  await visitor.getByLabel('Company (optional)').fill('US Navy');
  await visitor.getByLabel('Message').fill('We would like a demo of retrospectives for 40 engineers.');
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await visitor.getByRole('heading', { name: 'Thank you' }).waitFor();
  expect(new URL(visitor.url()).pathname).toBe('/thank-you');
  // Typing an email and sending the form downloaded no email-domain list (docs/decisions/0061).
  expect((await scripts()).filter((f) => f.lists || f.bytes > 500_000)).toEqual([]);
  await visitor.close();

  const admin = await e2e.browser.newPage();
  await signIn(admin, e2e.server.url, E2E_ADMIN.email);
  await admin.goto(`${e2e.server.url}/admin/dashboard`);
  const inbox = admin.getByRole('region', { name: 'From the public pages' });
  await inbox.getByText('We would like a demo of retrospectives for 40 engineers.').waitFor();
  expect(await inbox.getByText('Grace Hopper').count()).toBe(1);
  await admin.close();
});

it("get-the-guide refuses a free mail address with the server's answer, then shows the guide; the lists never reach the page", async () => {
  const page = await e2e.browser.newPage();
  const { scripts } = watchScripts(page);
  await page.goto(`${e2e.server.url}/resources/get-the-guide`);
  await page.getByRole('button', { name: 'Get the guide' }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByLabel('Your name').fill('Linus Lead');
  await page.getByLabel('Work email').fill('linus@gmail.com');
  await page.getByLabel('Company').fill('Kernel Labs');
  await page.getByLabel('Team size').selectOption('11-50');
  await page.getByRole('button', { name: 'Get the guide' }).click();
  await page.getByText('Use your work email: free mail providers such as Gmail or Outlook are not accepted.').waitFor();
  expect(await page.getByLabel('Work email').getAttribute('aria-invalid')).toBe('true');
  await page.getByLabel('Work email').fill('linus@kernel.example');
  await page.getByRole('button', { name: 'Get the guide' }).click();
  await page.getByRole('heading', { name: 'Running effective 360 and sprint reviews in engineering teams' }).waitFor();
  expect((await scripts()).filter((f) => f.lists || f.bytes > 500_000)).toEqual([]);
  expect(await page.getByRole('heading', { name: '3. Questions that get useful answers' }).count()).toBe(1);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page), 'the guide at 375px').toBeLessThanOrEqual(0);
  await page.reload();
  await page.getByRole('heading', { name: 'Running effective 360 and sprint reviews in engineering teams' }).waitFor();
  await page.close();
});

it('the admin dashboard shows the headcount that is in the database, at 375 and 1440 px', async () => {
  const expected = await headcountInDatabase();
  const page = await e2e.browser.newPage();
  await signIn(page, e2e.server.url, E2E_ADMIN.email);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${e2e.server.url}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    expect(await page.getByLabel(`Active: ${expected.ACTIVE ?? 0}`).count()).toBe(1);
    expect(await page.getByLabel(`Invited: ${expected.INVITED ?? 0}`).count()).toBe(1);
    expect(await page.getByLabel(`Deactivated: ${expected.DEACTIVATED ?? 0}`).count()).toBe(1);
    await page.getByRole('region', { name: 'Recent sign-ins' }).getByText('Alex Admin').waitFor();
    expect(await horizontalOverflow(page), `/admin/dashboard at ${width}px`).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page), `/admin/dashboard at ${width}px`).toEqual([]);
  }
  expect(expected.ACTIVE).toBeGreaterThan(1);
  await page.close();
});

it("an area switched off by the admin leaves a member's navigation and its pages say so", async () => {
  const admin = await e2e.browser.newPage();
  await admin.setViewportSize({ width: 1440, height: 900 });
  await signIn(admin, e2e.server.url, E2E_ADMIN.email);
  await admin.goto(`${e2e.server.url}/admin/settings/pages`);
  const reviews = admin.getByRole('switch', { name: '360 and sprint reviews' });
  expect(await reviews.isChecked()).toBe(true);
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await reviews.click();
  await admin.getByText('360 and sprint reviews is now off for everyone in your organization.').waitFor();
  expect(await reviews.isChecked()).toBe(false);

  const member = await e2e.browser.newPage();
  await member.setViewportSize({ width: 1440, height: 900 });
  await signIn(member, e2e.server.url, MEMBER);
  const nav = member.getByRole('complementary').getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'My profile' }).waitFor();
  expect(await nav.getByRole('link', { name: '360 reviews' }).count()).toBe(0);
  expect(await nav.getByRole('link', { name: 'Pending reviews' }).count()).toBe(0);
  await member.goto(`${e2e.server.url}/reviews/pending`);
  await member.getByRole('heading', { name: '360 and sprint reviews is switched off' }).waitFor();

  await reviews.click();
  await admin.getByText('360 and sprint reviews is now on for everyone in your organization.').waitFor();
  await member.reload();
  await member.getByRole('heading', { name: 'Pending reviews', level: 1 }).waitFor();
  await admin.close();
  await member.close();
});

async function engagementRows(): Promise<Array<{ path: string; minutes: number }>> {
  return readDatabase(
    e2e.server.dataDir,
    (db) => db.prepare('SELECT path, minutes FROM engagement_events ORDER BY created_at, rowid').all() as Array<{ path: string; minutes: number }>,
  );
}

it('a minute on a page records an engagement event under the route template, and the admin dashboard counts it', async () => {
  const member = await e2e.browser.newPage();
  await member.clock.install();
  await signIn(member, e2e.server.url, MEMBER);
  const someone = await readDatabase(e2e.server.dataDir, (db) => db.prepare('SELECT id FROM users WHERE email = ?').get(E2E_ADMIN.email) as { id: string });
  await member.goto(`${e2e.server.url}/profile/user-profile/${someone.id}`);
  await member.locator('h1').first().waitFor();
  await member.clock.fastForward('00:30');
  expect(await engagementRows()).toEqual([]);
  await member.clock.fastForward('00:31');
  await expect.poll(engagementRows).toEqual([{ path: '/profile/user-profile/$id', minutes: 1 }]);
  await member.close();

  const admin = await e2e.browser.newPage();
  await signIn(admin, e2e.server.url, E2E_ADMIN.email);
  await admin.goto(`${e2e.server.url}/admin/dashboard`);
  await admin.getByRole('cell', { name: '/profile/user-profile/$id' }).waitFor();
  await admin.close();
});
