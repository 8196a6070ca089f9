// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { INSIGHT_METRIC_KEYS, INSIGHT_METRICS, type InsightMetricKey } from '../../../shared/insights.js';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { headline } from './insights-format.js';
import { daysBefore, localDay, type IndividualInsights, type InsightsPullRequest, type InsightsValue, type TeamInsights } from './api.js';

cleanUpBetweenTests();
const T = { timeout: 8000 };

// jsdom measures nothing: the charts' container needs a ResizeObserver to exist.
beforeAll(() => {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const v = (patch: Partial<InsightsValue>): InsightsValue => ({
  n: 0,
  value: null,
  mean: null,
  median: null,
  p75: null,
  numerator: null,
  denominator: null,
  excluded: 0,
  suppressed: false,
  ...patch,
});
const PERIODS = ['3 Mar', '10 Mar', '17 Mar', '24 Mar'].map((label, i) => ({
  label,
  start: `2025-03-${String(3 + i * 7).padStart(2, '0')}T00:00:00Z`,
  end: `2025-03-${String(10 + i * 7).padStart(2, '0')}T00:00:00Z`,
}));
const SOURCES = {
  code: true,
  issues: true,
  deployments: true,
  sample: true,
  last_synced_at: '2025-03-31T00:00:00Z',
  code_connected: true,
  issues_connected: true,
};

/** The synthetic dataset's team Alpha (docs/insights-metrics.md, the synthetic dataset): pickup [1, 1, 2, 2, 4] of 6 merged, and so on. */
const SUMMARY: Partial<Record<InsightMetricKey, InsightsValue>> = {
  PR_CYCLE_TIME: v({ n: 6, value: 27, median: 27, p75: 44.5, mean: 30.8, excluded: 0 }),
  PR_CODING_TIME: v({ n: 5, value: 4, median: 4, p75: 24, mean: 11.4, excluded: 1 }),
  PR_PICKUP_TIME: v({ n: 5, value: 2, median: 2, p75: 2, mean: 2, excluded: 1 }),
  PR_REVIEW_TIME: v({ n: 5, value: 2, median: 2, p75: 18, mean: 18.6, excluded: 1 }),
  PR_DEPLOY_TIME: v({ n: 6, value: 1, median: 1, p75: 2.5, mean: 4, excluded: 0 }),
  PR_TIME_TO_MERGE: v({ n: 6, value: 11.5, median: 11.5, p75: 27.5, mean: 21.33 }),
  PR_SIZE: v({ n: 6, value: 115, median: 115, p75: 350, mean: 200 }),
  PR_MERGED_WITHOUT_REVIEW: v({ n: 6, value: 1 / 6, numerator: 1, denominator: 6 }),
  PR_THROUGHPUT: v({ n: 6, value: 0.5 }),
  CHANGE_FAILURE_RATE: v({ n: 5, value: 0.2, numerator: 1, denominator: 5 }),
  DEPLOYMENT_FREQUENCY: v({ n: 4, value: 1.5 }),
};
const WEEKLY_PICKUP = [v({ n: 3, value: 2, median: 2 }), v({ n: 0 }), v({ n: 2, value: 1.5, median: 1.5 }), v({ n: 0 })];

const TEAM: TeamInsights = {
  team: { id: 'alpha', name: 'Alpha' },
  from: '2025-03-03',
  to: '2025-03-30',
  grain: 'WEEK',
  members: 3,
  periods: PERIODS,
  metrics: INSIGHT_METRIC_KEYS.map((key) => ({
    key,
    summary: SUMMARY[key] ?? v({}),
    points: key === 'PR_PICKUP_TIME' ? WEEKLY_PICKUP : PERIODS.map(() => v({})),
  })),
  sources: SOURCES,
  sprints: [
    {
      id: 's1',
      name: 'Sprint 1',
      start_at: '2025-03-03T09:00:00Z',
      end_at: '2025-03-14T17:00:00Z',
      committed_points: 8,
      added_points: 2,
      completed_points: 8,
      completion_rate: 0.8,
      commitment_reliability: 1,
      carried_over: 1,
    },
  ],
  unattributed_incidents: [
    {
      id: 'i2',
      key: 'ALPHA-5',
      title: 'Checkout down',
      url: null,
      issue_type: 'Incident',
      status: 'Done',
      status_category: 'DONE',
      story_points: null,
      created_at: '2025-03-20T09:00:00Z',
      resolved_at: '2025-03-20T21:00:00Z',
      lead_hours: 12,
      cycle_hours: null,
      assignee: null,
    },
  ],
  review_cycles: [],
  retros: [],
  goals: { count: 0, average_progress: null, on_track: 0, at_risk: 0, off_track: 0, done: 0 },
};

const PR1: InsightsPullRequest = {
  id: 'pr1',
  number: 1,
  title: 'Add invoices endpoint',
  url: null,
  repository: 'acme/api',
  state: 'MERGED',
  author_login: 'alice',
  author: { id: 'u-alice', full_name: 'Alice Adams' },
  created_at: '2025-03-03T13:00:00Z',
  first_commit_at: '2025-03-03T09:00:00Z',
  ready_at: null,
  first_review_at: '2025-03-03T15:00:00Z',
  merged_at: '2025-03-04T09:00:00Z',
  deployed_at: '2025-03-04T12:00:00Z',
  coding_hours: 4,
  pickup_hours: 2,
  review_hours: 18,
  deploy_hours: 3,
  cycle_hours: 27,
  size: 150,
  reviewers: ['bob'],
  excluded_reasons: [],
};
const PR4: InsightsPullRequest = {
  ...PR1,
  id: 'pr4',
  number: 4,
  title: 'Fix typo',
  coding_hours: 1,
  pickup_hours: null,
  review_hours: null,
  cycle_hours: 3,
  size: 10,
  reviewers: [],
  excluded_reasons: ['no review by someone else'],
};

it('shows a team’s numbers with n and what was left out, the same numbers as a table, and the pull requests behind them', async () => {
  const { calls } = stubGraphql(
    {
      TeamInsights: () => ({ data: { teamInsights: TEAM } }),
      TeamInsightsPullRequests: () => ({ data: { teamInsightsPullRequests: { total: 2, items: [PR1, PR4] } } }),
    },
    { me: meAs('MANAGER') },
  );
  await renderSignedIn('/insights/team-insights/alpha?weeks=4');
  await screen.findByRole('heading', { name: 'Team insights: Alpha' }, T);
  expect(calls.find((c) => c.operationName === 'TeamInsights')!.variables).toMatchObject({ team_id: 'alpha', grain: 'WEEK' });

  // Sources in words, the sample marker, and the headline values with what they stand on.
  const sources = screen.getByRole('list', { name: 'Data sources' });
  expect(sources.textContent).toContain('Code: connected');
  expect(sources.textContent).toContain('Sample data');
  const flow = screen.getByRole('region', { name: 'Pull request flow' });
  const stat = (name: string) => within(flow).getByText(name, { selector: '.ins-stat dt' }).parentElement!.textContent;
  expect(stat('Pickup time')).toContain('2 h');
  expect(stat('Pickup time')).toContain('n = 5');
  expect(stat('Pickup time')).toContain('5 of 6 counted, 1 left out');
  expect(stat('PR cycle time')).toContain('median 27 h · p75 44.5 h · mean 30.8 h');
  expect(within(flow).getByText(/5 reviewed \/ 6 merged/)).toBeTruthy();
  // The definition comes from the one registry.
  expect(within(flow).getByText(INSIGHT_METRICS.PR_PICKUP_TIME.definition)).toBeTruthy();

  // The chart's table view: one row per week with each stage's median and its n.
  fireEvent.click(within(flow).getByText('Show as a table'));
  const table = within(flow).getByRole('region', { name: /Cycle time split into coding, pickup, review and deploy, per week, table/ });
  const rows = within(table).getAllByRole('row');
  const header = within(rows[0]!)
    .getAllByRole('columnheader')
    .map((c) => c.textContent);
  expect(header).toContain('Pickup (median) (hours)');
  const pickupCol = header.indexOf('Pickup (median) (hours)');
  const nCol = header.indexOf('Pickup n');
  const cells = (r: number) => [within(rows[r]!).getByRole('rowheader'), ...within(rows[r]!).getAllByRole('cell')].map((c) => c.textContent);
  expect([cells(1)[0], cells(1)[pickupCol], cells(1)[nCol]]).toEqual(['3 Mar', '2', '3']);
  expect([cells(3)[0], cells(3)[pickupCol], cells(3)[nCol]]).toEqual(['17 Mar', '1.5', '2']);
  expect(cells(2)[pickupCol]).toBe('—');

  // Other sections: merged without review as a percent with its parts, DORA with the unattributed incident, sprints.
  expect(screen.getByRole('region', { name: 'Merged without review' }).textContent).toContain('17%');
  expect(screen.getByRole('region', { name: 'Merged without review' }).textContent).toContain('1 of 6');
  // Every number with its unit.
  expect(screen.getByRole('region', { name: 'Throughput' }).querySelector('.ins-stat-value')!.textContent).toBe('0.5 PRs per member per week');
  const dora = screen.getByRole('region', { name: 'Delivery (DORA)' });
  expect(within(dora).getByText(/ALPHA-5 Checkout down/)).toBeTruthy();
  expect(dora.textContent).toContain('20%');
  expect(dora.querySelector('.ins-stat-value')!.textContent).toBe('1.5 deploy days per week');
  const sprint = within(screen.getByRole('region', { name: 'Sprints, table' })).getAllByRole('row')[1]!;
  expect(sprint.textContent).toContain('80%');
  expect(sprint.textContent).toContain('100%');

  // The pull requests behind the numbers: timestamps, durations and the reason a part is left out.
  fireEvent.click(within(flow).getByRole('button', { name: 'Pull requests behind PR cycle time' }));
  const drill = await screen.findByRole('region', { name: 'Pull requests behind PR cycle time' }, T);
  await within(drill).findByText('acme/api#4', {}, T);
  expect(calls.find((c) => c.operationName === 'TeamInsightsPullRequests')!.variables).toMatchObject({
    team_id: 'alpha',
    metric: 'PR_CYCLE_TIME',
    limit: 20,
    offset: 0,
  });
  const pr4 = within(drill).getByText('acme/api#4').closest('tr')!;
  expect(pr4.textContent).toContain('no review by someone else');
  const pr1 = within(drill).getByText('acme/api#1').closest('tr')!;
  expect(pr1.textContent).toContain('Mar 3, 2025, 09:00');
  expect(pr1.textContent).toContain('18 h');
  expect(within(drill).getByText(/1–2 of 2 pull requests/)).toBeTruthy();

  // Another window asks the server again for its days.
  fireEvent.change(screen.getByLabelText('Window'), { target: { value: '26' } });
  await waitFor(
    () => expect(calls.filter((c) => c.operationName === 'TeamInsights').at(-1)!.variables.from).toBe(daysBefore(localDay(new Date()), 26 * 7 - 1)),
    T,
  );
});

const PERSON: IndividualInsights = {
  user: { id: 'user-1', full_name: 'Ada Lovelace' },
  from: '2025-03-03',
  to: '2025-03-30',
  periods: PERIODS,
  metrics: (['PR_CYCLE_TIME', 'PR_PICKUP_TIME', 'FEEDBACK_GIVEN'] as const).map((key) => ({
    key,
    summary:
      key === 'PR_PICKUP_TIME'
        ? v({ n: 2, suppressed: true })
        : key === 'PR_CYCLE_TIME'
          ? v({ n: 6, value: 20, median: 20, p75: 30, mean: 22 })
          : v({ n: 3, value: 3 }),
    points: PERIODS.map(() => v({})),
  })),
  sources: { ...SOURCES, sample: false },
  authored: [PR1],
  open_pull_requests: [
    { pull_request: { ...PR1, id: 'pr9', number: 9, title: 'Export to CSV', state: 'OPEN', merged_at: null }, waiting_hours: 87, waiting_for: ['bob'] },
  ],
  review_requests: [],
  reviews_given: [],
  collaborators: [{ login: 'bob', user: { id: 'u-bob', full_name: 'Bob Brown' }, pull_requests: [1, 9] }],
  issues: [],
  review_cycles: [],
  goals: { count: 2, average_progress: 40, on_track: 1, at_risk: 1, off_track: 0, done: 0 },
};

it('shows a person their own page: what waits and for whom, and “not enough data” instead of a number over fewer than 5 items', async () => {
  stubGraphql({ IndividualInsights: () => ({ data: { individualInsights: PERSON } }) }, { me: meAs('MEMBER') });
  await renderSignedIn('/insights/individual');
  await screen.findByRole('heading', { name: 'My insights' }, T);
  const open = screen.getByRole('list', { name: 'Open pull requests' });
  expect(open.textContent).toContain('acme/api#9');
  expect(open.textContent).toContain('Waiting 3.6 days (87 h) for bob');
  expect(screen.getByRole('region', { name: 'Review requests waiting on me' }).textContent).toContain('Nobody is waiting for your review.');
  expect(screen.getByRole('list', { name: 'Collaborators' }).textContent).toContain('Bob Brown');
  const flow = screen.getByRole('region', { name: 'My flow' });
  const stat = (name: string) => within(flow).getByText(name, { selector: '.ins-stat dt' }).parentElement!.textContent;
  expect(stat('Pickup time')).toContain('Not enough data to show (fewer than 5)');
  expect(stat('Pickup time')).not.toContain('n = 2');
  expect(stat('PR cycle time')).toContain('20 h');
  // No ranking anywhere, and no person picker for a member.
  expect(screen.queryByLabelText('Person')).toBeNull();
});

it('says plainly that someone else’s insights are not for the viewer when the server refuses', async () => {
  const { calls } = stubGraphql({ IndividualInsights: () => refusal('You may not see this person’s insights.', 'FORBIDDEN') }, { me: meAs('MEMBER') });
  await renderSignedIn('/insights/individual/someone-else');
  const alert = await screen.findByRole('alert', {}, T);
  expect(within(alert).getByRole('heading', { name: 'You can’t see this person’s insights' })).toBeTruthy();
  expect(within(alert).getByRole('link', { name: 'Open your own insights' }).getAttribute('href')).toBe('/insights/individual');
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'IndividualInsights').every((c) => c.variables.user_id === 'someone-else')).toBe(true));
  // Refusals are not retried.
  expect(calls.filter((c) => c.operationName === 'IndividualInsights').length).toBeLessThanOrEqual(2);
});

it('shows the dashboard cards: my team’s PR cycle time with its n, and what waits on me and for whom', async () => {
  stubGraphql(
    {
      WidgetPreferences: () => ({ data: { userWidgetPreferences: { user_id: 'user-1', enabled_widgets: ['TEAM_INSIGHTS', 'INDIVIDUAL_INSIGHTS'] } } }),
      InsightsTeams: () => ({
        data: {
          insightsTeams: [
            { id: 'beta', name: 'Beta' },
            { id: 'alpha', name: 'Alpha' },
          ],
        },
      }),
      TeamInsightsCard: (vars) =>
        vars.team_id === 'alpha'
          ? { data: { teamInsights: { team: TEAM.team, periods: PERIODS, metrics: TEAM.metrics, sources: SOURCES, goals: TEAM.goals } } }
          : refusal('Team not found.', 'NOT_FOUND'),
      MyInsightsCard: () => ({
        data: { individualInsights: { open_pull_requests: PERSON.open_pull_requests, review_requests: [], sources: { code: true, code_connected: true } } },
      }),
    },
    { me: meAs('MEMBER', { team: { id: 'alpha', name: 'Alpha' } }) },
  );
  await renderSignedIn('/home/dashboard');
  const cards = await screen.findByRole('list', { name: 'Dashboard widgets' }, T);
  // My own team (Alpha), not the first of the list.
  const team = await within(cards).findByRole('heading', { name: 'Alpha · last 12 weeks' }, T);
  expect(team.parentElement!.textContent).toContain('PR cycle time (median)27 h n = 6');
  expect(within(team.parentElement!).getByRole('link', { name: 'Open team insights' }).getAttribute('href')).toBe('/insights/team-insights/alpha');
  const mine = await within(cards).findByRole('list', { name: 'My open pull requests' }, T);
  expect(mine.textContent).toContain('waiting 3.6 days (87 h) for bob');
  expect(within(cards).getByText('Nobody is waiting for your review.')).toBeTruthy();
});

it('gives every metric’s headline its unit: hours, percents, lines, per week, per PR, issues, points', () => {
  for (const key of INSIGHT_METRIC_KEYS) {
    for (const value of [0.02, 1, 12.5]) {
      const text = headline(key, v({ n: 6, value, median: value }));
      expect([key, /\d/.test(text) && /[a-z%]/i.test(text.replace(/[\d.]/g, ''))], text).toEqual([key, true]);
    }
  }
  expect(headline('DEPLOYMENT_FREQUENCY', v({ n: 4, value: 1 }))).toBe('1 deploy day per week');
  expect(headline('STORY_POINTS_COMPLETED', v({ n: 4, value: 34 }))).toBe('34 points');
});

const NOT_ASSIGNED = { ...SOURCES, code: false, issues: false, deployments: false, sample: false, last_synced_at: null };

it('tells “not connected” from “connected, none of it this team’s”, and shows an admin where to assign repositories', async () => {
  stubGraphql({ TeamInsights: () => ({ data: { teamInsights: { ...TEAM, sources: { ...NOT_ASSIGNED, issues_connected: false } } } }) }, { me: meAs('ADMIN') });
  await renderSignedIn('/insights/team-insights/alpha');
  await screen.findByRole('heading', { name: 'Team insights: Alpha' }, T);
  const chips = [...screen.getByRole('list', { name: 'Data sources' }).querySelectorAll('li')].map((li) => li.textContent);
  expect(chips).toEqual(['Code: no repository assigned to this team', 'Issues: not connected', 'Deployments: no repository assigned to this team']);
  const notice = screen.getByText(/No repository is assigned to this team yet/).closest('.ins-notice')!;
  expect(notice.textContent).toContain('Issue and sprint metrics appear once Jira or Azure Boards is connected.');
  expect(notice.textContent).toContain('Assign repositories and projects to teams on Integrations');
  // Something is connected already (the sample, or a real service): the sample data set is not offered.
  expect(notice.textContent).not.toMatch(/sample data/i);
  expect(
    within(notice as HTMLElement)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')),
  ).toContain('/admin/integrations');
});

it('tells a person no account is matched to them when a code host is connected', async () => {
  stubGraphql({ IndividualInsights: () => ({ data: { individualInsights: { ...PERSON, sources: NOT_ASSIGNED } } }) }, { me: meAs('MEMBER') });
  await renderSignedIn('/insights/individual');
  await screen.findByRole('heading', { name: 'My insights' }, T);
  const chips = [...screen.getByRole('list', { name: 'Data sources' }).querySelectorAll('li')].map((li) => li.textContent);
  expect(chips).toEqual(['Code: no account matched to you', 'Issues: no project assigned to your team', 'Deployments: no repository assigned to your team']);
  expect(screen.getByText(/No code host account is matched to you yet/).closest('.ins-notice')!.textContent).toContain(
    'An admin of your organization assigns them under Integrations.',
  );
});

it('offers an admin the sample data set while nothing is connected', async () => {
  stubGraphql(
    { TeamInsights: () => ({ data: { teamInsights: { ...TEAM, sources: { ...NOT_ASSIGNED, code_connected: false, issues_connected: false } } } }) },
    { me: meAs('ADMIN') },
  );
  await renderSignedIn('/insights/team-insights/alpha');
  await screen.findByRole('heading', { name: 'Team insights: Alpha' }, T);
  expect([...screen.getByRole('list', { name: 'Data sources' }).querySelectorAll('li')].map((li) => li.textContent)).toEqual([
    'Code: not connected',
    'Issues: not connected',
    'Deployments: not connected',
  ]);
  expect(
    screen.getByText(/Code and issue metrics appear once GitHub or Bitbucket and Jira or Azure Boards are connected/).closest('.ins-notice')!.textContent,
  ).toContain('or load the sample data set there');
});
