/**
 * Integrations in the browser (docs/decisions/0051, 0064): an admin connects GitHub and Jira (the
 * fakes of server/features/integrations/fakes, on 127.0.0.1 in this process) through the forms, sees the
 * GitHub sync held by a rate limit with its progress bar, then both syncs done with items in the
 * history; fixes carol's Jira account (her Jira email differs from her Git email) with the person
 * picker. axe scans and 375 px checks of /admin/integrations and its code process page.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../server/features/integrations/fakes/fake-github.js';
import { startFakeJira, type FakeJira } from '../server/features/integrations/fakes/fake-jira.js';
import { NOW } from '../server/features/integrations/sample/synthetic-dataset.js';
import { accessTokenFor, horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';
import { E2E_ADMIN } from './server.js';

// The fakes run on 127.0.0.1: the server may reach them the operator's way (docs/decisions/0054).
const e2e = useServerAndBrowser({ env: { OUTBOUND_ALLOW_PRIVATE: '127.0.0.1' } });
let github: FakeGitHub;
let jira: FakeJira;

/** The dataset's "now" moved to the latest Monday, as the sample data set does: its months fall inside the backfill. */
function shiftToThisWeek(): number {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.getTime() - Date.parse(NOW);
}

async function gql<T = any>(token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${e2e.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors[0]!.message);
  return body.data;
}

beforeAll(async () => {
  const shiftMs = shiftToThisWeek();
  [github, jira] = await Promise.all([startFakeGitHub({ shiftMs }), startFakeJira({ shiftMs })]);
  // The dataset's people in the organization: their Git emails match; carol's Jira email does not.
  const token = await accessTokenFor(e2e.server.url, E2E_ADMIN.email);
  for (const [email, full_name] of [
    ['alice@acme.test', 'Alice Archer'],
    ['bob@acme.test', 'Bob Baker'],
    ['carol@acme.test', 'Carol Chen'],
  ]) {
    await gql(token, 'mutation AddUser($input: AddUserInput!) { addUser(input: $input, sendInvitation: false) { id } }', { input: { email, full_name } });
  }
});

afterAll(async () => {
  await Promise.all([github?.close(), jira?.close()]);
});

async function openIntegrations(page: Page) {
  await page.goto(`${e2e.server.url}/admin/integrations`);
  await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
}

/** The history's first row (latest run) once it is done: its items count. */
async function doneItems(card: Locator, provider: string): Promise<number> {
  const latest = card
    .getByRole('table', { name: `Sync history of ${provider}` })
    .locator('tbody tr')
    .first();
  await latest.getByText('Done', { exact: true }).waitFor({ timeout: 45_000 });
  return Number(await latest.locator('td').nth(4).textContent());
}

it('an admin connects GitHub and Jira through the forms, follows the syncs to done, and matches carol’s Jira account', async () => {
  const { page, problems } = await openSignedIn(e2e);
  await openIntegrations(page);

  await page.getByRole('button', { name: 'Connect GitHub' }).click();
  const ghForm = page.getByRole('form', { name: 'Connect GitHub' });
  expect(await ghForm.getByLabel('API base URL').inputValue()).toBe('https://api.github.com');
  await ghForm.getByLabel('API base URL').fill(github.url);
  await ghForm.getByLabel('Organization', { exact: true }).fill('acme');
  await ghForm.getByLabel('Token', { exact: true }).fill(github.token);
  await ghForm.getByRole('button', { name: 'Test connection' }).click();
  await ghForm.locator('.integration-test-ok').getByText(/acme/).waitFor();
  // The rate limit holds the first pull request page (GitHub's GraphQL API), so the progress shows before the run ends.
  github.failNext({ status: 429, headers: { 'retry-after': '2' }, path: /graphql/ });
  await ghForm.getByRole('button', { name: 'Connect', exact: true }).click();
  await ghForm.waitFor({ state: 'detached' });

  const ghCard = page.getByRole('article', { name: 'GitHub' });
  await ghCard.getByRole('progressbar', { name: /^GitHub sync/ }).waitFor();
  await ghCard
    .getByText(/Rate limited: resumes at \d\d:\d\d/)
    .first()
    .waitFor({ timeout: 20_000 });
  expect(await doneItems(ghCard, 'GitHub')).toBeGreaterThan(0);
  expect(await ghCard.getByRole('progressbar').count()).toBe(0);
  await ghCard.getByRole('checkbox', { name: 'acme/api' }).waitFor();
  expect(await ghCard.getByText(github.token).count()).toBe(0);

  // Jira: site URL, account email and API token.
  await page.getByRole('button', { name: 'Connect Jira' }).click();
  const jiraForm = page.getByRole('form', { name: 'Connect Jira' });
  await jiraForm.getByLabel('Site URL').fill(jira.url);
  await jiraForm.getByLabel('Account email').fill(jira.email);
  await jiraForm.getByLabel('API token').fill(jira.token);
  await jiraForm.getByRole('button', { name: 'Connect', exact: true }).click();
  await jiraForm.waitFor({ state: 'detached' });
  const jiraCard = page.getByRole('article', { name: 'Jira' });
  expect(await doneItems(jiraCard, 'Jira')).toBeGreaterThan(0);

  // People: carol's Jira account is not matched (its email is not hers in Teamlens); the admin matches it.
  const people = page.getByRole('region', { name: 'People' });
  await people.getByLabel('Service').selectOption('JIRA');
  await people.getByLabel('Show').selectOption('UNMATCHED');
  // Until the filtered accounts arrive the list is busy and still shows the previous filter's rows.
  await people.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  const carolRow = people.getByRole('row').filter({ hasText: 'Carol Chen' }).filter({ hasText: 'Jira' });
  await carolRow.waitFor();
  expect(await carolRow.getByText('Not matched').count()).toBeGreaterThan(0);
  await carolRow.getByRole('button', { name: /^Match / }).click();
  const match = page.getByRole('form', { name: /^Match / });
  await match.getByRole('searchbox', { name: 'Search people for person' }).fill('carol');
  await match.getByLabel('Person', { exact: true }).selectOption({ label: 'Carol Chen (carol@acme.test)' });
  await match.getByRole('button', { name: 'Save match' }).click();
  await match.waitFor({ state: 'detached' });
  await carolRow.waitFor({ state: 'detached' });
  await people.getByLabel('Show').selectOption('MATCHED');
  await people.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  const matched = people.getByRole('row').filter({ hasText: 'By an admin' });
  await matched.waitFor();
  expect(await matched.getByText('Carol Chen').count()).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

it('the integrations page and the code process page pass axe and fit 375 px', async () => {
  const { page, problems } = await openSignedIn(e2e);
  await openIntegrations(page);
  await page.getByRole('article', { name: 'GitHub' }).getByRole('table', { name: 'Sync history of GitHub' }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole('link', { name: 'code process' }).click();
  await page.getByRole('heading', { level: 1, name: 'Code process' }).waitFor();
  await page.getByRole('region', { name: 'Repositories and boards per team' }).getByText('acme/api').waitFor();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  const form = page.getByRole('form', { name: 'Code process' });
  await form.getByRole('textbox', { name: 'Counted branches' }).fill('release');
  await form.getByRole('textbox', { name: 'Counted branches' }).press('Enter');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await form.getByText(/The code process was saved/).waitFor();
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});
