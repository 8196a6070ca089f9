// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { closeAlert } from '../../lib/alerts.js';
import { meAs, refusal, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn, testQueryClient } from '../../test/render-route.js';
import { endedRetro } from '../retros/retro-fixtures.test-support.js';
import { RetroSummary } from '../retros/retro-summary.js';
import type { ExternalAccount, IntegrationConnection, RetroActionIssue, SyncRun } from './api.js';

// Times on this screen are the viewer's own: the tests read them in UTC.
beforeAll(() => {
  process.env.TZ = 'UTC';
});
cleanUpBetweenTests();
afterEach(() => act(() => closeAlert()));
const T = { timeout: 5000 };
const PATH = '/admin/integrations';

const run = (patch: Partial<SyncRun> = {}): SyncRun => ({
  id: 'run1',
  kind: 'BACKFILL',
  status: 'DONE',
  progress_done: 0,
  progress_total: null,
  progress_label: null,
  items_written: 0,
  requests: 0,
  error: null,
  resumes_at: null,
  started_at: '2026-11-26T09:00:00.000Z',
  finished_at: '2026-11-26T09:02:05.000Z',
  created_at: '2026-11-26T09:00:00.000Z',
  ...patch,
});

const connection = (patch: Partial<IntegrationConnection> = {}): IntegrationConnection => ({
  id: 'gh',
  provider: 'GITHUB',
  base_url: 'https://api.github.com',
  account: 'acme',
  edition: null,
  auth_kind: 'TOKEN',
  secret_hint: 'x9Zq',
  has_webhook_secret: true,
  webhook_url: 'https://teamlens.example/api/integrations/webhooks/gh',
  backfill_months: 6,
  status: 'CONNECTED',
  last_error: null,
  last_synced_at: null,
  is_sample: false,
  connected_by: { id: 'user-1', full_name: 'Ada Lovelace' },
  created_at: '2026-11-26T08:59:00.000Z',
  scopes: [],
  current_run: null,
  sync_runs: [],
  unmatched_accounts: 0,
  ...patch,
});

function stubPage(connections: IntegrationConnection[], over: OperationHandlers = {}, accounts: ExternalAccount[] = []) {
  return stubGraphql(
    {
      SlackWebhook: () => ({ data: { slackWebhook: null } }),
      Integrations: () => ({ data: { integrations: connections } }),
      Integration: ({ id }) => ({ data: { integration: connections.find((c) => c.id === id)! } }),
      SampleInsightsData: () => ({ data: { sampleInsightsData: { loaded: false, runs: [] } } }),
      Teams: () => ({ data: { teams: [] } }),
      ExternalAccounts: () => ({ data: { externalAccounts: { items: accounts, total: accounts.length } } }),
      ...over,
    },
    { me: meAs('ADMIN') },
  );
}

it('connecting GitHub: the test shows the missing permissions, the server’s refusal shows in the form and what was typed stays', async () => {
  const { calls } = stubPage([], {
    TestIntegrationInput: () => ({
      data: { testIntegrationInput: { ok: false, message: 'The token works but cannot read pull requests.', missing: ['pull_requests: read'] } },
    }),
    ConnectIntegration: () => refusal('GitHub refused the token: bad credentials.', 'BAD_USER_INPUT', { token: 'GitHub refused the token: bad credentials.' }),
  });
  await renderSignedIn(PATH);
  const codeHosts = await screen.findByRole('region', { name: 'Code hosts' }, T);
  fireEvent.click(within(codeHosts).getByRole('button', { name: 'Connect GitHub' }));
  const form = await screen.findByRole('form', { name: 'Connect GitHub' });
  const baseUrl = within(form).getByLabelText('API base URL') as HTMLInputElement;
  expect(baseUrl.value).toBe('https://api.github.com');
  expect(within(form).getByText(/GitHub Enterprise Server/)).toBeTruthy();
  expect((within(form).getByLabelText('Months to read back') as HTMLInputElement).value).toBe('6');
  fireEvent.change(baseUrl, { target: { value: 'https://ghe.acme.test/api/v3' } });
  fireEvent.change(within(form).getByLabelText('Organization'), { target: { value: 'acme' } });
  fireEvent.change(within(form).getByLabelText('Token'), { target: { value: 'github_pat_secret' } });
  fireEvent.change(within(form).getByLabelText('Months to read back'), { target: { value: '12' } });

  fireEvent.click(within(form).getByRole('button', { name: 'Test connection' }));
  expect(await within(form).findByText('The token works but cannot read pull requests.', undefined, T)).toBeTruthy();
  expect(within(form).getByText('pull_requests: read')).toBeTruthy();

  fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
  expect(await within(form).findByRole('alert', undefined, T)).toBeTruthy();
  expect(within(form).getByRole('alert').textContent).toBe('GitHub refused the token: bad credentials.');
  const token = within(form).getByLabelText('Token') as HTMLInputElement;
  expect(token.getAttribute('aria-invalid')).toBe('true');
  // Nothing typed is lost.
  expect(token.value).toBe('github_pat_secret');
  expect((within(form).getByLabelText('API base URL') as HTMLInputElement).value).toBe('https://ghe.acme.test/api/v3');
  expect((within(form).getByLabelText('Organization') as HTMLInputElement).value).toBe('acme');
  expect((within(form).getByLabelText('Months to read back') as HTMLInputElement).value).toBe('12');
  expect(calls.find((c) => c.operationName === 'ConnectIntegration')!.variables.input).toEqual({
    provider: 'GITHUB',
    base_url: 'https://ghe.acme.test/api/v3',
    account: 'acme',
    auth_kind: 'TOKEN',
    token: 'github_pat_secret',
    app_id: null,
    installation_id: null,
    private_key: null,
    webhook_secret: null,
    backfill_months: 12,
  });
});

it('connecting Jira: Cloud asks the site, email and API token; Data Center its base URL and a personal access token, no email', async () => {
  const { calls } = stubPage([], {
    TestIntegrationInput: () => ({
      data: {
        testIntegrationInput: {
          ok: true,
          message: 'Connected to Jira Data Center 10.3.1 as Teamlens Sync (time zone Europe/Berlin); 1 project visible.',
          missing: [],
        },
      },
    }),
  });
  await renderSignedIn(PATH);
  const trackers = await screen.findByRole('region', { name: 'Issue trackers' }, T);
  fireEvent.click(within(trackers).getByRole('button', { name: 'Connect Jira' }));
  const form = await screen.findByRole('form', { name: 'Connect Jira' });
  const edition = within(form).getByRole('group', { name: 'Jira edition' });
  expect((within(edition).getByRole('radio', { name: /Jira Cloud/ }) as HTMLInputElement).checked).toBe(true);
  // Typed without https://: completed, not refused (the shared schema).
  fireEvent.change(within(form).getByLabelText('Site URL'), { target: { value: 'acme.atlassian.net' } });
  fireEvent.change(within(form).getByLabelText('API token'), { target: { value: 'ATATT-secret' } });
  // Cloud without the email: said at its field, nothing sent.
  fireEvent.click(within(form).getByRole('button', { name: 'Test connection' }));
  expect(await within(form).findByText('Account email: required (Jira Cloud signs in with an email and an API token)', undefined, T)).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'TestIntegrationInput')).toBe(false);
  expect(within(form).queryByText(/Base URL: an https/)).toBeNull();

  fireEvent.click(within(edition).getByRole('radio', { name: /Jira Data Center/ }));
  expect(within(form).queryByLabelText('Account email')).toBeNull();
  expect(within(form).queryByLabelText('Site URL')).toBeNull();
  expect(within(form).getByText(/context path/)).toBeTruthy();
  fireEvent.change(within(form).getByLabelText('Base URL'), { target: { value: 'jira.acme.test/jira' } });
  fireEvent.change(within(form).getByLabelText('Personal access token'), { target: { value: 'NjM0-pat' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Test connection' }));
  expect(await within(form).findByText(/Connected to Jira Data Center 10\.3\.1/, undefined, T)).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'TestIntegrationInput')!.variables.input).toMatchObject({
    provider: 'JIRA',
    base_url: 'https://jira.acme.test/jira',
    account: null,
    auth_kind: 'TOKEN',
    token: 'NjM0-pat',
  });
  expect((within(form).getByLabelText('Base URL') as HTMLInputElement).value).toBe('https://jira.acme.test/jira');
});

it('a running sync shows a progress bar with its label, a rate-limited one when it resumes, and the history its items and errors', async () => {
  stubPage([
    connection({
      current_run: run({
        id: 'r2',
        status: 'RUNNING',
        progress_done: 12,
        progress_total: 40,
        progress_label: 'Pull requests of acme/api',
        items_written: 300,
        finished_at: null,
      }),
      sync_runs: [
        run({ id: 'r2', status: 'RUNNING', progress_done: 12, progress_total: 40, items_written: 300, finished_at: null }),
        run({ id: 'r1', items_written: 1234, kind: 'INCREMENTAL' }),
      ],
      scopes: [{ id: 's1', kind: 'REPOSITORY', external_id: '1', name: 'acme/api', url: null, default_branch: 'main', included: true, team: null }],
    }),
    connection({
      id: 'jira',
      provider: 'JIRA',
      base_url: 'https://acme.atlassian.net',
      account: 'ada@acme.test',
      edition: 'Jira Cloud',
      webhook_url: null,
      current_run: run({ id: 'j1', status: 'RATE_LIMITED', progress_label: 'Issues of ENG', resumes_at: '2026-11-26T10:30:00.000Z', finished_at: null }),
      sync_runs: [run({ id: 'j0', status: 'FAILED', error: 'Jira answered 500: try again later.', items_written: 7 })],
    }),
  ]);
  await renderSignedIn(PATH);
  const bar = await screen.findByRole('progressbar', { name: 'GitHub sync: Pull requests of acme/api' }, T);
  expect(bar.getAttribute('value')).toBe('12');
  expect(bar.getAttribute('max')).toBe('40');
  expect(screen.getByText('Running · Pull requests of acme/api: 12 of 40 (30%), 300 items written.')).toBeTruthy();
  // No second sync while one moves (also while it waits for the rate limit).
  expect(screen.getAllByRole('button', { name: 'Syncing…' }).map((b) => (b as HTMLButtonElement).disabled)).toEqual([true, true]);
  expect(screen.getByRole('progressbar', { name: 'Jira sync: Issues of ENG' })).toBeTruthy();
  expect(screen.getByText('Rate limited · Issues of ENG. Rate limited: resumes at 10:30.')).toBeTruthy();

  const history = screen.getByRole('table', { name: 'Sync history of GitHub' });
  expect([...history.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((d) => d.textContent))).toEqual([
    ['Backfill', 'Running', 'Nov 26, 2026, 09:00', expect.any(String), '300', ''],
    ['Incremental', 'Done', 'Nov 26, 2026, 09:00', '2 min 5 s', '1,234', ''],
  ]);
  expect(screen.getByText('Jira Cloud')).toBeTruthy();
  const jiraHistory = screen.getByRole('table', { name: 'Sync history of Jira' });
  expect(within(jiraHistory).getByText('Jira answered 500: try again later.')).toBeTruthy();
  expect(screen.getByText('https://teamlens.example/api/integrations/webhooks/gh')).toBeTruthy();
  expect(screen.getByRole('checkbox', { name: 'acme/api' })).toHaveProperty('checked', true);
});

it('people: an unmatched account is matched through the person picker, with the account’s and the person’s ids', async () => {
  const carol: ExternalAccount = {
    id: 'acc-carol',
    provider: 'JIRA',
    external_id: '5b10ac8d82e05b22cc7d4ef5',
    login: null,
    display_name: 'Carol Jira',
    email: null,
    is_bot: false,
    match_kind: 'NONE',
    user: null,
    candidates: [],
  };
  const { calls } = stubPage(
    [],
    {
      TeamPickerPeople: () => ({
        data: {
          organizationUsers: [
            { id: 'ada', full_name: 'Ada Lovelace', email: 'ada@example.com', role: null, status: 'ACTIVE', team: null },
            { id: 'carol', full_name: 'Carol Shaw', email: 'carol@example.com', role: null, status: 'ACTIVE', team: null },
          ],
        },
      }),
      MatchExternalAccount: ({ id, user_id }) => {
        Object.assign(carol, { user: { id: user_id, full_name: 'Carol Shaw', email: 'carol@example.com' }, match_kind: 'MANUAL' });
        return { data: { matchExternalAccount: { ...carol, id } } };
      },
    },
    [carol],
  );
  await renderSignedIn(PATH);
  const people = await screen.findByRole('region', { name: 'People' }, T);
  const table = await within(people).findByRole('table', undefined, T);
  const row = within(table).getByRole('rowheader', { name: 'Carol Jira' }).closest('tr')!;
  expect(within(row).getAllByText('Not matched').length).toBeGreaterThan(0);
  fireEvent.click(within(row).getByRole('button', { name: 'Match Carol Jira' }));
  const form = await screen.findByRole('form', { name: 'Match Carol Jira' }, T);
  fireEvent.change(within(form).getByRole('searchbox', { name: 'Search people for person' }), { target: { value: 'carol' } });
  fireEvent.change(within(form).getByLabelText('Person'), { target: { value: 'carol' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save match' }));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Match Carol Jira' })).toBeNull(), T);
  expect(calls.find((c) => c.operationName === 'MatchExternalAccount')!.variables).toEqual({ id: 'acc-carol', user_id: 'carol' });
  expect(await within(people).findByText('Carol Shaw', undefined, T)).toBeTruthy();
});

it('people: while a changed filter loads, the list is marked busy and still shows the previous rows', async () => {
  const account = (id: string, provider: ExternalAccount['provider'], display_name: string): ExternalAccount => ({
    id,
    provider,
    external_id: id,
    login: null,
    display_name,
    email: null,
    is_bot: false,
    match_kind: 'NONE',
    user: null,
    candidates: [],
  });
  const all = [account('g1', 'GITHUB', 'Carol GitHub'), account('j1', 'JIRA', 'Carol Jira')];
  let answerJira: (() => void) | null = null;
  stubPage([], {
    ExternalAccounts: ({ provider }) => {
      const items = all.filter((a) => !provider || a.provider === provider);
      const answer = { data: { externalAccounts: { items, total: items.length } } };
      return provider ? new Promise((resolve) => (answerJira = () => resolve(answer))) : answer;
    },
  });
  await renderSignedIn(PATH);
  const people = await screen.findByRole('region', { name: 'People' }, T);
  const list = await within(people).findByRole('region', { name: 'Account list' }, T);
  expect(list.getAttribute('aria-busy')).toBeNull();
  fireEvent.change(within(people).getByLabelText('Service'), { target: { value: 'JIRA' } });
  await waitFor(() => expect(within(people).getByRole('region', { name: 'Account list' }).getAttribute('aria-busy')).toBe('true'), T);
  expect(within(people).getByRole('rowheader', { name: 'Carol GitHub' })).toBeTruthy();
  await waitFor(() => expect(answerJira).not.toBeNull(), T);
  answerJira!();
  await waitFor(() => expect(within(people).queryByRole('rowheader', { name: 'Carol GitHub' })).toBeNull(), T);
  expect(within(people).getByRole('region', { name: 'Account list' }).getAttribute('aria-busy')).toBeNull();
  expect(within(people).getByRole('rowheader', { name: 'Carol Jira' })).toBeTruthy();
});

it('code process: lists are edited one name at a time; the server’s refusal shows at its field and the saved message is announced', async () => {
  let refuse = true;
  const { calls } = stubGraphql(
    {
      CodeProcessSettings: () => ({
        data: {
          codeProcessSettings: {
            branches: ['main'],
            deployment_source: 'DEPLOYMENTS',
            deployment_pattern: '',
            production_environments: ['production'],
            bug_issue_types: ['Bug'],
            incident_issue_types: ['Incident'],
            incident_window_hours: 168,
            bot_logins: [],
            story_points_field: 'customfield_10016',
            updated_at: null,
          },
        },
      }),
      Integrations: () => ({
        data: {
          integrations: [
            connection({
              scopes: [
                {
                  id: 's1',
                  kind: 'REPOSITORY',
                  external_id: '1',
                  name: 'acme/api',
                  url: null,
                  default_branch: 'main',
                  included: true,
                  team: { id: 't1', name: 'Platform' },
                },
              ],
            }),
          ],
        },
      }),
      UpdateCodeProcessSettings: ({ input }) =>
        refuse
          ? refusal('Story points field: not found in Jira.', 'BAD_USER_INPUT', { story_points_field: 'Not a field of your Jira site.' })
          : {
              data: {
                updateCodeProcessSettings: { ...input, incident_window_hours: input.incident_window_hours ?? null, updated_at: '2026-11-26T09:00:00.000Z' },
              },
            },
    },
    { me: meAs('ADMIN') },
  );
  await renderSignedIn('/admin/integrations/code-process');
  const form = await screen.findByRole('form', { name: 'Code process' }, T);
  const branches = within(form).getByLabelText('Counted branches');
  fireEvent.change(branches, { target: { value: 'release' } });
  fireEvent.keyDown(branches, { key: 'Enter' });
  expect(
    within(within(form).getByRole('list', { name: 'Counted branches chosen' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['main×', 'release×']);
  fireEvent.click(within(form).getByRole('radio', { name: /Tags/ }));
  fireEvent.change(within(form).getByLabelText('Tag pattern'), { target: { value: '^v\\d+' } });
  fireEvent.click(within(form).getByRole('radio', { name: 'However far back' }));
  fireEvent.change(within(form).getByLabelText('Story points field'), { target: { value: 'customfield_99' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await within(form).findByText('Not a field of your Jira site.', undefined, T)).toBeTruthy();
  expect(within(form).getByLabelText('Story points field').getAttribute('aria-invalid')).toBe('true');
  expect(calls.find((c) => c.operationName === 'UpdateCodeProcessSettings')!.variables.input).toEqual({
    branches: ['main', 'release'],
    deployment_source: 'TAGS',
    deployment_pattern: '^v\\d+',
    production_environments: ['production'],
    bug_issue_types: ['Bug'],
    incident_issue_types: ['Incident'],
    incident_window_hours: null,
    bot_logins: [],
    story_points_field: 'customfield_99',
  });
  refuse = false;
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await within(form).findByText(/The code process was saved/, undefined, T)).toBeTruthy();
  const summary = screen.getByRole('region', { name: 'Repositories and boards per team' });
  expect(within(summary).getByText('Platform')).toBeTruthy();
  expect(within(summary).getByText('acme/api')).toBeTruthy();
});

it('a retro action item is sent to the team’s tracker from the summary, and its issue key then links to the issue', async () => {
  const issues: RetroActionIssue[] = [];
  const { calls } = stubGraphql({
    TrackerTargets: () => ({
      data: {
        trackerTargets: [
          { connection_id: 'jira', scope_id: 'p-ops', provider: 'JIRA', name: 'OPS', team_owned: false, sample: false },
          { connection_id: 'gh', scope_id: 'r-api', provider: 'GITHUB', name: 'acme/api', team_owned: true, sample: false },
        ],
      },
    }),
    RetroActionIssues: () => ({ data: { retroActionIssues: issues } }),
    SendRetroActionToTracker: ({ action_item_id }) => {
      issues.push({ action_item_id, provider: 'GITHUB', key: 'acme/api#42', url: 'https://github.com/acme/api/issues/42', closed_at: null, sample: false });
      return { data: { sendRetroActionToTracker: issues[0]! } };
    },
  });
  const retro = endedRetro();
  const item = retro.action_items[0]!;
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RetroSummary retro={retro} />
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: `Send to tracker: ${item.text}` }, T));
  const form = await screen.findByRole('form', { name: 'Send to tracker' });
  // The retro's team's repository first.
  expect(
    within(within(form).getByLabelText('Repository or project'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['acme/api (GitHub, this team)', 'OPS (Jira)']);
  fireEvent.click(within(form).getByRole('button', { name: 'Open the issue' }));
  const link = await screen.findByRole('link', { name: /acme\/api#42/ }, T);
  expect(link.getAttribute('href')).toBe('https://github.com/acme/api/issues/42');
  expect(calls.find((c) => c.operationName === 'SendRetroActionToTracker')!.variables).toEqual({ action_item_id: item.id, scope_id: 'r-api' });
  expect(calls.find((c) => c.operationName === 'TrackerTargets')!.variables).toEqual({ retro_id: retro.id });
  expect(screen.queryByRole('button', { name: `Send to tracker: ${item.text}` })).toBeNull();
});

it('an action item sent to the sample tracker shows its key marked as sample data, with no link out of Teamlens', async () => {
  const issues: RetroActionIssue[] = [];
  stubGraphql({
    TrackerTargets: () => ({
      data: { trackerTargets: [{ connection_id: 'gh', scope_id: 'r-web', provider: 'GITHUB', name: 'acme/web-app', team_owned: true, sample: true }] },
    }),
    RetroActionIssues: () => ({ data: { retroActionIssues: issues } }),
    SendRetroActionToTracker: ({ action_item_id }) => {
      issues.push({ action_item_id, provider: 'GITHUB', key: 'acme/web-app#90001', url: null, closed_at: null, sample: true });
      return { data: { sendRetroActionToTracker: issues[0]! } };
    },
  });
  const retro = endedRetro();
  const item = retro.action_items[0]!;
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RetroSummary retro={retro} />
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: `Send to tracker: ${item.text}` }, T));
  const form = await screen.findByRole('form', { name: 'Send to tracker' });
  expect(
    within(within(form).getByLabelText('Repository or project'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['acme/web-app (sample GitHub, this team)']);
  fireEvent.click(within(form).getByRole('button', { name: 'Open the issue' }));
  const key = await screen.findByText('acme/web-app#90001', { exact: false }, T);
  expect(key.textContent).toBe('acme/web-app#90001 (sample data)');
  expect(key.closest('a')).toBeNull();
});

it('once the sample data set is loaded, the page no longer offers to load it: it shows the sample connections and how to remove them', async () => {
  stubPage([connection({ id: 'sgh', is_sample: true, base_url: '', webhook_url: null, sync_runs: [run()] })], {
    SampleInsightsData: () => ({ data: { sampleInsightsData: { loaded: true, runs: [run()] } } }),
  });
  await renderSignedIn(PATH);
  const panel = await screen.findByRole('region', { name: 'Sample data' }, T);
  await within(panel).findByText('Sample data is loaded.', undefined, T);
  expect(panel.textContent).not.toMatch(/load a sample data set|load sample data/i);
  expect(within(panel).queryByRole('button', { name: 'Load sample data' })).toBeNull();
  expect(within(panel).getByRole('button', { name: 'Remove sample data' })).toBeTruthy();
  expect(within(panel).getByRole('article', { name: 'Sample GitHub' })).toBeTruthy();
});
