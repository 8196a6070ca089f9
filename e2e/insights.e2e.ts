/**
 * Insights in the browser (docs/decisions/0051): the demo's sample data set (four made-up teams, read by the
 * sync engine from a sample GitHub and Jira built into Teamlens, docs/decisions/0064); the manager of
 * the Platform team opens team insights, reads the pull request flow chart, switches it to its table
 * (the numbers the server computed) and opens the pull requests behind it; a member cannot open
 * another member's individual insights; after a restart, the admin tests and syncs the sample
 * connections and a team lead sends a retro action item to the sample tracker. axe scans and 375 px
 * checks of both insights pages.
 */
import { expect, it } from 'vitest';
import { E2E_ADMIN, type StartedServer } from './server.js';
import { accessTokenFor, chartProblems, horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

async function gql<T = any>(token: string, query: string, variables: Record<string, unknown> = {}, url = e2e.server.url): Promise<T> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors[0]!.message);
  return body.data;
}

type Person = { id: string; full_name: string; email: string; permission_level: string };
type TeamAnswer = {
  team: { id: string; name: string; manager: Person | null };
  sources: { code: boolean; sample: boolean };
  metrics: Array<{ key: string; summary: { n: number; median: number | null; excluded: number }; points: Array<{ n: number; median: number | null }> }>;
  periods: Array<{ label: string }>;
};

/** The window the page asks for by default (insightsWindow, client/features/insights/api.ts): the last 12 weeks up to today in this machine's zone, the browser's too. */
function pageWindow(): { from: string; to: string } {
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const now = new Date();
  return { from: day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - (12 * 7 - 1))), to: day(now) };
}

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
    const { sampleInsightsData: s } = await gql<{ sampleInsightsData: { loaded: boolean; runs: Array<{ status: string; error: string | null }> } }>(
      token,
      'query { sampleInsightsData { loaded runs { status error } } }',
    );
    const failed = s.runs.find((r) => r.status === 'FAILED');
    if (failed) throw new Error(`the sample data set did not load: ${failed.error}`);
    return s.loaded && s.runs.length >= 2 && s.runs.every((r) => r.status === 'DONE') ? true : undefined;
  });
}

/** The numbers the page should show: as the server computes them for the team. */
const TEAM = `query ($team_id: ID!, $from: String, $to: String) { teamInsights(team_id: $team_id, from: $from, to: $to) {
  team { id name manager { id full_name email permission_level } } sources { code sample } periods { label }
  metrics { key summary { n median excluded } points { n median } } } }`;

it('a manager reads the pull request flow of their team as a chart and as a table, and opens the pull requests behind it', async () => {
  const admin = await accessTokenFor(e2e.server.url, E2E_ADMIN.email);
  await loadSample(admin);

  // The demo's Platform team, which the sample's Platform repository went to, with its manager to sign in as.
  const team = await eventually('the Platform team with its pull requests', async () => {
    const { insightsTeams } = await gql<{ insightsTeams: Array<{ id: string; name: string }> }>(admin, 'query { insightsTeams { id name } }');
    const platform = insightsTeams.find((t) => t.name === 'Platform');
    const answer = platform && (await gql<{ teamInsights: TeamAnswer }>(admin, TEAM, { team_id: platform.id, ...pageWindow() })).teamInsights;
    return answer?.sources.code && answer.metrics.find((m) => m.key === 'PR_PICKUP_TIME')!.summary.n > 0 ? answer : undefined;
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
  // The numbers the server computed for the team (the synthetic dataset's hand-checked values are pinned by the server and client tests).
  const { n, excluded } = pickup.summary;
  expect(await stat.locator('.ins-stat-value').textContent()).toMatch(/^\d+(\.\d)? (h|min)$|days/);
  expect(await stat.textContent()).toContain(`n = ${n}`);
  if (excluded) expect(await stat.textContent()).toContain(`${n} of ${n + excluded} counted, ${excluded} left out`);
  const merged = team.metrics.find((m) => m.key === 'PR_TIME_TO_MERGE')!.summary.n;
  expect(await flow.getByText(new RegExp(`${n} reviewed / ${merged} merged`)).count()).toBe(1);

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
  // Sample pull requests link nowhere outside Teamlens.
  expect(await prs.getByRole('rowheader', { name: /^acme\/platform-api#\d+/ }).count()).toBeGreaterThan(0);
  expect(await prs.getByRole('link', { name: /acme\/platform-api#/ }).count()).toBe(0);
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

it('after a restart, the admin tests and syncs the sample connections, and a team lead sends an action item to the sample tracker', async () => {
  const admin = await accessTokenFor(e2e.server.url, E2E_ADMIN.email);
  await loadSample(admin);
  // The last test of this file: the server it leaves is the restarted one, stopped here.
  let restarted: StartedServer | undefined;
  try {
    restarted = await e2e.server.restart();
    const again = { server: restarted, browser: e2e.browser };
    const { page, problems } = await openSignedIn(again);
    await page.goto(`${restarted.url}/admin/integrations`);
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
    for (const provider of ['GitHub', 'Jira']) {
      const card = page.getByRole('article', { name: `Sample ${provider}` });
      await card.getByText(`Sample data, built into Teamlens: nothing is fetched from ${provider}`).waitFor();
      expect(await card.getByRole('button', { name: 'Pause' }).count()).toBe(0);
      await card.getByRole('button', { name: 'Test connection' }).click();
      await page.getByText(`The sample ${provider} answers from the sample data set built into Teamlens`, { exact: false }).first().waitFor();
      const history = card.getByRole('table', { name: `Sync history of Sample ${provider}` }).locator('tbody tr');
      const before = await history.count();
      await card.getByRole('button', { name: 'Sync now' }).click();
      await eventually(
        `a new ${provider} sync done`,
        async () => ((await history.count()) > before && (await history.first().textContent())?.includes('Done') ? true : undefined),
        45_000,
      );
    }
    expect(problems).toEqual([]);

    // The Platform team's lead sends an open action item of a past retro to the team's sample repository.
    const lead = 'linus.torvalds@demo.teamlens.dev';
    const token = await accessTokenFor(restarted.url, lead);
    const { retros } = await gql<{ retros: Array<{ id: string; team: { name: string }; action_items: Array<{ id: string; text: string; status: string }> }> }>(
      token,
      'query { retros(status: PAST) { id team { name } action_items { id text status } } }',
      {},
      restarted.url,
    );
    const retro = retros.find((r) => r.team.name === 'Platform' && r.action_items.some((a) => a.status === 'OPEN'))!;
    const item = retro.action_items.find((a) => a.status === 'OPEN')!;
    const leadPage = (await openSignedIn(again, lead, { welcome: 'Linus Torvalds' })).page;
    await leadPage.goto(`${restarted.url}/professional-development/sprint-retro/review/${retro.id}`);
    await leadPage.getByRole('button', { name: `Send to tracker: ${item.text}` }).click();
    const form = leadPage.getByRole('form', { name: 'Send to tracker' });
    const options = await form.getByLabel('Repository or project').locator('option').allTextContents();
    expect(options.slice(0, 2).sort()).toEqual(['PLAT (sample Jira, this team)', 'acme/platform-api (sample GitHub, this team)']);
    await form.getByLabel('Repository or project').selectOption({ label: 'acme/platform-api (sample GitHub, this team)' });
    await form.getByRole('button', { name: 'Open the issue' }).click();
    await leadPage.getByText(/^acme\/platform-api#9000\d \(sample data\)$/).waitFor();
    expect(await leadPage.getByRole('link', { name: /acme\/platform-api#9000/ }).count()).toBe(0);
  } finally {
    await restarted?.stop();
  }
});
