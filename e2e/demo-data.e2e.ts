import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN, readDatabase } from './server.js';
import { chartProblems, horizontalOverflow, openSignedIn, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

/** One GraphQL operation with this page's session, as the app sends it. */
async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await page.evaluate(
    async ({ query, variables }) => {
      const session = (await (await fetch('/api/auth/session')).json()) as { access_token: string };
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ query, variables }),
      });
      return res.json() as Promise<{ data: unknown; errors?: Array<{ message: string }> }>;
    },
    { query, variables },
  );
  if (body.errors?.length) throw new Error(body.errors[0]!.message);
  return body.data as T;
}

it('the demo shows the reviews area at work on first start', async () => {
  const { page, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin' });
  await page.goto(`${e2e.server.url}/reviews`);
  await page.getByRole('heading', { name: 'Review cycles', level: 1 }).waitFor();
  await page
    .getByText(/^Q[1-4] \d{4} 360 review$/)
    .first()
    .waitFor();
  expect(await page.getByText(/^Q[1-4] \d{4} 360 review$/).count()).toBe(2);
  await page.getByText('Mobile sprint reviews: Sprint 42').waitFor();
  await page.goto(`${e2e.server.url}/reviews/pending`);
  await page.getByText('Grace Hopper').first().waitFor();
  expect(problems).toEqual([]);
  await page.context().close();
});

it('the demo’s retro and feedback progress charts are drawn across their boxes at 1440 and 375 px', async () => {
  const { page, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin' });
  await page.goto(`${e2e.server.url}/professional-development/sprint-retro/team-progress`);
  await page
    .getByRole('link', { name: /^Platform/ })
    .first()
    .click();
  await page.getByRole('img', { name: 'Action-item completion per retro' }).waitFor();
  expect(await chartProblems(page, 2)).toEqual([]);
  await page.goto(`${e2e.server.url}/continuous-feedback/team-progress`);
  await page.getByRole('img', { name: 'Feedback given and received in Platform' }).waitFor();
  expect(await chartProblems(page, 4)).toEqual([]);
  expect(problems).toEqual([]);
  await page.context().close();
});

it('an admin removes the demo data after a confirmation; their account, the organization and real people stay', async () => {
  const { page, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin' });
  // A real person the admin adds after the first start: in a demo team, reporting to a demo manager.
  const added = await graphql<{ massCreateUsers: { count: number } }>(
    page,
    `mutation($rows: [MassCreateUserRow!]!) { massCreateUsers(rows: $rows) { count } }`,
    { rows: [{ email: 'sam.real@e2e.teamlens.dev', full_name: 'Sam Real', team: 'Web', manager_email: 'grace.hopper@demo.teamlens.dev' }] },
  );
  expect(added.massCreateUsers.count).toBe(1);

  await page.goto(`${e2e.server.url}/admin/settings/account`);
  const section = page.getByRole('region', { name: 'Demo data' });
  await section.getByText(/28 people/).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await section.getByRole('button', { name: 'Remove the demo data…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove the demo data?' });
  await dialog.waitFor();
  expect(await dialog.getByRole('listitem').allTextContents()).toEqual(
    expect.arrayContaining(['28 people', '4 teams', 'Your own admin account', 'The organization Demo Company, its name and picture']),
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Cancelling keeps everything.
  await dialog.getByRole('button', { name: 'Keep the demo data' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await readDatabase(e2e.server.dataDir, (db) => (db.prepare('select count(*) as n from users').get() as { n: number }).n)).toBe(30);

  await section.getByRole('button', { name: 'Remove the demo data…' }).click();
  await dialog.getByRole('button', { name: 'Remove the demo data' }).click();
  await page
    .getByTestId('global-alert')
    .getByText(/The demo data was removed: .*28 people.* Demo Company is ready for your people\./)
    .waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await section.waitFor({ state: 'detached' });

  // The users table now holds the admin and the real person (without the demo team and manager); the reviews area is empty.
  await page.goto(`${e2e.server.url}/admin/settings/users`);
  const users = page.getByRole('table', { name: 'Users' });
  await users.waitFor();
  await expect.poll(() => page.getByTestId('admin-users-count').textContent()).toBe('2 people');
  await users.getByRole('row').filter({ hasText: 'Sam Real' }).waitFor();
  expect(
    await readDatabase(e2e.server.dataDir, (db) => db.prepare("select team_id, manager_id from users where email = 'sam.real@e2e.teamlens.dev'").get()),
  ).toEqual({ team_id: null, manager_id: null });
  await page.goto(`${e2e.server.url}/reviews`);
  await page.getByText('No review cycles').waitFor();
  await page.goto(`${e2e.server.url}/admin/settings/account`);
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Demo Company');
  expect(await page.getByRole('region', { name: 'Demo data' }).count()).toBe(0);
  expect(problems).toEqual([]);

  // The admin signs in again; a demo person no longer can.
  const again = await e2e.browser.newPage();
  await signIn(again, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password, { welcome: 'Alex Admin' });
  const demo = await e2e.browser.newPage();
  await signIn(demo, e2e.server.url, 'grace.hopper@demo.teamlens.dev', E2E_ADMIN.password, { welcome: null });
  await demo.getByRole('alert').first().waitFor();
  expect(new URL(demo.url()).pathname).toBe('/login');
});
