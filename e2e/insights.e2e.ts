/**
 * Insights in the browser (issue 15): the admin loads the sample data set (the synthetic dataset
 * through fake GitHub and Jira and a real sync); the manager of a team it went to opens team
 * insights, reads the pull request flow chart, switches it to its table (the numbers the server
 * computed) and opens the pull requests behind it; a member cannot open another member's individual
 * insights. axe scans and 375 px checks of both pages.
 */
import { expect, it } from 'vitest';
import { E2E_ADMIN } from './server.js';
import { accessTokenFor, chartProblems, horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

async function gql<T = any>(token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${e2e.server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors[0]!.message);
  return body.data;
}

type Person = { id: string; full_name: string; email: string; permission_level: string };
type TeamAnswer = { team: { id: string; name: string; manager: Person | null }; sources: { code: boolean; sample: boolean }; metrics: Array<{ key: string; summary: { n: number; median: number | null }; points: Array<{ n: number; median: number | null }> }>; periods: Array<{ label: string }> };

/** Polls `read` until it gives a value (the sample loads in a job of the scheduler, on its own clock). */
async function eventually<T>(what: string, read: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Loads the sample data set as the admin and waits until its backfills are done. */
async function loadSample(token: string): Promise<void> {
  await gql(token, 'mutation { loadSampleInsightsData { loaded } }');
  await eventually('the sample data set', async () => {
    const { sampleInsightsData: s } = await gql<{ sampleInsightsData: { loaded: boolean; runs: Array<{ status: string; error: string | null }> } }>(token, 'query { sampleInsightsData { loaded runs { status error } } }');
    const failed = s.runs.find((r) => r.status === 'FAILED');
    if (failed) throw new Error(`the sample data set did not load: ${failed.error}`);
    return s.loaded && s.runs.length >= 2 && s.runs.every((r) => r.status === 'DONE') ? true : undefined;
  });
}

/** The numbers the page should show: as the server computes them for the team. */
const TEAM = `query ($team_id: ID!) { teamInsights(team_id: $team_id) {
  team { id name manager { id full_name email permission_level } } sources { code sample } periods { label }
  metrics { key summary { n median } points { n median } } } }`;

it('a manager reads the pull request flow of their team as a chart and as a table, and opens the pull requests behind it', async () => {
  const admin = await accessTokenFor(e2e.server.url, E2E_ADMIN.email);
  await loadSample(admin);

  // The team the sample's acme/api went to (the synthetic dataset's team Alpha), with a manager to sign in as.
  const team = await eventually('team Alpha with its pull requests', async () => {
    const { insightsTeams } = await gql<{ insightsTeams: Array<{ id: string }> }>(admin, 'query { insightsTeams { id } }');
    const answers = await Promise.all(insightsTeams.map(async (t) => (await gql<{ teamInsights: TeamAnswer }>(admin, TEAM, { team_id: t.id })).teamInsights));
    return answers.find((a) => a.sources.code && a.metrics.find((m) => m.key === 'PR_PICKUP_TIME')!.summary.n === 5);
  });
  expect(team.team.manager, `${team.team.name} has a manager`).toBeTruthy();
  const pickup = team.metrics.find((m) => m.key === 'PR_PICKUP_TIME')!;
  const week = pickup.points.findIndex((p) => p.n > 0);

  const { page, problems } = await openSignedIn(e2e, team.team.manager!.email, { welcome: team.team.manager!.full_name });
  await page.goto(`${e2e.server.url}/insights/team-insights`);
  await page.getByRole('link', { name: team.team.name }).click();
  await page.getByRole('heading', { level: 1, name: `Team insights: ${team.team.name}` }).waitFor();
  expect(await page.getByRole('list', { name: 'Data sources' }).textContent()).toContain('Sample data');

  // The chart (lazily loaded) and its headline numbers; every chart of the page drawn across its box at 1440 and 375 px.
  const flow = page.getByRole('region', { name: 'Pull request flow' });
  await flow.getByRole('img', { name: /^Cycle time split into coding, pickup, review and deploy, per week/ }).waitFor();
  expect(await chartProblems(page, 8)).toEqual([]);
  const stat = flow.locator('.ins-stat', { has: page.locator('dt', { hasText: /^Pickup time$/ }) });
  // insights-metrics.md section 4, team Alpha: pickup [1, 1, 2, 2, 4] h of 6 merged pull requests (PR4 had no review by someone else).
  expect(await stat.locator('.ins-stat-value').textContent()).toBe('2 h');
  expect(await stat.textContent()).toContain('n = 5');
  expect(await stat.textContent()).toContain('5 of 6 counted, 1 left out');
  expect(await flow.getByText(/5 reviewed \/ 6 merged/).count()).toBe(1);

  // The same numbers as a table, by keyboard.
  await flow.getByText('Show as a table').focus();
  await page.keyboard.press('Enter');
  const table = flow.getByRole('region', { name: /per week, table$/ });
  await table.waitFor();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: team.periods[week]!.label, exact: true }) });
  expect(await row.textContent()).toContain(String(Math.round(pickup.points[week]!.median! * 100) / 100));

  // Every number drills down to its pull requests, with their timestamps and reasons.
  await flow.getByRole('button', { name: 'Pull requests behind PR cycle time' }).click();
  const prs = page.getByRole('region', { name: 'Pull requests behind PR cycle time', exact: true });
  await prs.getByRole('table').waitFor();
  expect(await prs.getByRole('row').count()).toBeGreaterThan(1);
  expect(await prs.getByText('acme/api#1', { exact: true }).count()).toBe(1);
  expect(await prs.textContent()).toMatch(/\d+–\d+ of \d+ pull requests/);

  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);

  // The admin's view of the same team draws the same charts.
  const { page: adminPage, problems: adminProblems } = await openSignedIn(e2e, E2E_ADMIN.email);
  await adminPage.goto(`${e2e.server.url}/admin/team-insights/${team.team.id}`);
  await adminPage.getByRole('heading', { level: 1, name: `Team insights: ${team.team.name}` }).waitFor();
  expect(await chartProblems(adminPage, 8)).toEqual([]);
  expect(adminProblems).toEqual([]);
});

it('a member cannot open another member’s individual insights, and their own page fits 375 px', async () => {
  const admin = await accessTokenFor(e2e.server.url, E2E_ADMIN.email);
  const { insightsPeople } = await gql<{ insightsPeople: Person[] }>(admin, 'query { insightsPeople { id full_name email permission_level } }');
  const [member, other] = insightsPeople.filter((p) => p.permission_level === 'MEMBER');
  expect(other).toBeTruthy();

  const { page, problems } = await openSignedIn(e2e, member!.email, { welcome: member!.full_name, context: { viewport: { width: 375, height: 800 } } });
  await page.goto(`${e2e.server.url}/insights/individual/${other!.id}`);
  await page.getByRole('alert').getByRole('heading', { name: 'You can’t see this person’s insights' }).waitFor();
  expect(await page.getByText(other!.full_name).count()).toBe(0);

  await page.getByRole('link', { name: 'Open your own insights' }).click();
  await page.getByRole('heading', { level: 1, name: 'My insights' }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
});
