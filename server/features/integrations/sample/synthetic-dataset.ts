/**
 * The hand-checkable synthetic dataset (docs/insights-metrics.md), in one
 * provider-neutral shape. The fake services (server/features/integrations/fakes) serve it through
 * their real APIs, the sample data set (“Load sample data” on /admin/integrations) loads it through
 * a real sync, and the metric tests pin every metric to the values computed by hand in that section.
 * All times are UTC; `NOW` is the dataset's “now”.
 */
export const WINDOW = { from: '2025-03-03T00:00:00.000Z', to: '2025-03-31T00:00:00.000Z' } as const;
export const NOW = '2025-03-31T00:00:00.000Z';

export type SamplePerson = {
  key: string;
  name: string;
  team: 'Alpha' | 'Beta';
  githubId: number;
  login: string;
  emails: string[];
  jiraAccountId: string;
  jiraEmail: string;
  slackId: string;
};
export const SLACK_TEAM_ID = 'T0ACME';

export const PEOPLE: SamplePerson[] = [
  {
    key: 'alice',
    name: 'Alice Archer',
    team: 'Alpha',
    githubId: 1001,
    login: 'alice',
    emails: ['alice@acme.test', '1001+alice@users.noreply.github.com'],
    jiraAccountId: 'jira-alice',
    jiraEmail: 'alice@acme.test',
    slackId: 'U0ALICE',
  },
  {
    key: 'bob',
    name: 'Bob Baker',
    team: 'Alpha',
    githubId: 1002,
    login: 'bob',
    emails: ['bob@acme.test'],
    jiraAccountId: 'jira-bob',
    jiraEmail: 'bob@acme.test',
    slackId: 'U0BOB',
  },
  // carol's Jira email differs from her Git email: exact-email matching must fail, the manual path fixes it.
  {
    key: 'carol',
    name: 'Carol Chen',
    team: 'Alpha',
    githubId: 1003,
    login: 'carol',
    emails: ['carol@acme.test'],
    jiraAccountId: 'jira-carol',
    jiraEmail: 'c.chen@acme-corp.test',
    slackId: 'U0CAROL',
  },
  {
    key: 'dave',
    name: 'Dave Diaz',
    team: 'Beta',
    githubId: 1004,
    login: 'dave',
    emails: ['dave@acme.test'],
    jiraAccountId: 'jira-dave',
    jiraEmail: 'dave@acme.test',
    slackId: 'U0DAVE',
  },
  {
    key: 'erin',
    name: 'Erin Evans',
    team: 'Beta',
    githubId: 1005,
    login: 'erin',
    emails: ['erin@acme.test'],
    jiraAccountId: 'jira-erin',
    jiraEmail: 'erin@acme.test',
    slackId: 'U0ERIN',
  },
];
export const BOT = { githubId: 9001, login: 'ci-bot[bot]', type: 'Bot' as const };

export const REPOS = [
  { owner: 'acme', name: 'api', team: 'Alpha' as const, defaultBranch: 'main' },
  { owner: 'acme', name: 'web', team: 'Beta' as const, defaultBranch: 'main' },
];

export type SampleDeployment = { id: string; repo: 'api' | 'web'; environment: string; result: 'SUCCESS' | 'FAILURE'; finishedAt: string; baseline?: boolean };
export const DEPLOYMENTS: SampleDeployment[] = [
  { id: 'A0', repo: 'api', environment: 'production', result: 'SUCCESS', finishedAt: '2025-03-01T12:00:00.000Z', baseline: true },
  { id: 'B0', repo: 'web', environment: 'production', result: 'SUCCESS', finishedAt: '2025-03-01T12:00:00.000Z', baseline: true },
  { id: 'D1', repo: 'api', environment: 'production', result: 'SUCCESS', finishedAt: '2025-03-04T12:00:00.000Z' },
  { id: 'D2', repo: 'api', environment: 'production', result: 'SUCCESS', finishedAt: '2025-03-07T10:00:00.000Z' },
  { id: 'D3', repo: 'api', environment: 'production', result: 'SUCCESS', finishedAt: '2025-03-10T12:00:00.000Z' },
  { id: 'D4', repo: 'web', environment: 'production', result: 'SUCCESS', finishedAt: '2025-03-13T11:00:00.000Z' },
  { id: 'D5', repo: 'api', environment: 'production', result: 'SUCCESS', finishedAt: '2025-03-17T13:00:00.000Z' },
  // Noise that must not count.
  { id: 'S1', repo: 'api', environment: 'staging', result: 'SUCCESS', finishedAt: '2025-03-12T10:00:00.000Z' },
  { id: 'F1', repo: 'api', environment: 'production', result: 'FAILURE', finishedAt: '2025-03-18T10:00:00.000Z' },
];

/** `by`: a person's key or 'bot'. REVIEW: a submitted review (state); COMMENT: a conversation comment; PENDING reviews have no submittedAt and must be ignored. */
export type SamplePrEvent =
  | { kind: 'COMMIT'; at: string; sha: string }
  | { kind: 'REVIEW'; at: string | null; by: string; state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'PENDING' }
  | { kind: 'COMMENT'; at: string; by: string }
  | { kind: 'READY_FOR_REVIEW'; at: string }
  | { kind: 'REVIEW_REQUESTED'; at: string; reviewer: string };

export type SamplePullRequest = {
  number: number;
  repo: 'api' | 'web';
  author: string;
  title: string;
  createdAt: string;
  draft: boolean;
  state: 'OPEN' | 'CLOSED' | 'MERGED';
  mergedAt: string | null;
  closedAt: string | null;
  additions: number;
  deletions: number;
  events: SamplePrEvent[];
};

const c = (at: string, n: number): SamplePrEvent => ({ kind: 'COMMIT', at, sha: `c${n}${at.replace(/\D/g, '').slice(0, 12)}` });

export const PULL_REQUESTS: SamplePullRequest[] = [
  {
    number: 1,
    repo: 'api',
    author: 'alice',
    title: 'Paginate the orders endpoint',
    createdAt: '2025-03-03T13:00:00.000Z',
    draft: false,
    state: 'MERGED',
    mergedAt: '2025-03-04T09:00:00.000Z',
    closedAt: '2025-03-04T09:00:00.000Z',
    additions: 120,
    deletions: 30,
    events: [
      c('2025-03-03T09:00:00.000Z', 1),
      { kind: 'REVIEW', at: '2025-03-03T15:00:00.000Z', by: 'bob', state: 'COMMENTED' },
      { kind: 'COMMENT', at: '2025-03-03T16:00:00.000Z', by: 'alice' },
      { kind: 'REVIEW', at: '2025-03-03T17:00:00.000Z', by: 'bob', state: 'APPROVED' },
    ],
  },
  {
    number: 2,
    repo: 'api',
    author: 'bob',
    title: 'Cache customer lookups',
    createdAt: '2025-03-04T10:00:00.000Z',
    draft: false,
    state: 'MERGED',
    mergedAt: '2025-03-04T11:30:00.000Z',
    closedAt: '2025-03-04T11:30:00.000Z',
    additions: 40,
    deletions: 10,
    events: [c('2025-03-03T10:00:00.000Z', 2), { kind: 'REVIEW', at: '2025-03-04T11:00:00.000Z', by: 'carol', state: 'APPROVED' }],
  },
  {
    number: 3,
    repo: 'api',
    author: 'carol',
    title: 'New invoice export',
    createdAt: '2025-03-05T10:00:00.000Z',
    draft: true,
    state: 'MERGED',
    mergedAt: '2025-03-06T16:00:00.000Z',
    closedAt: '2025-03-06T16:00:00.000Z',
    additions: 300,
    deletions: 100,
    events: [
      c('2025-03-05T09:00:00.000Z', 3),
      { kind: 'COMMENT', at: '2025-03-05T10:05:00.000Z', by: 'bot' },
      { kind: 'READY_FOR_REVIEW', at: '2025-03-06T10:00:00.000Z' },
      { kind: 'REVIEW', at: '2025-03-06T14:00:00.000Z', by: 'alice', state: 'APPROVED' },
      { kind: 'REVIEW', at: null, by: 'bob', state: 'PENDING' },
    ],
  },
  {
    number: 4,
    repo: 'api',
    author: 'alice',
    title: 'Fix typo in error message',
    createdAt: '2025-03-10T10:00:00.000Z',
    draft: false,
    state: 'MERGED',
    mergedAt: '2025-03-10T11:00:00.000Z',
    closedAt: '2025-03-10T11:00:00.000Z',
    additions: 5,
    deletions: 5,
    events: [c('2025-03-10T09:00:00.000Z', 4), { kind: 'COMMENT', at: '2025-03-10T10:30:00.000Z', by: 'alice' }],
  },
  {
    number: 5,
    repo: 'web',
    author: 'dave',
    title: 'Checkout page redesign',
    createdAt: '2025-03-11T12:00:00.000Z',
    draft: false,
    state: 'MERGED',
    mergedAt: '2025-03-13T10:00:00.000Z',
    closedAt: '2025-03-13T10:00:00.000Z',
    additions: 220,
    deletions: 40,
    events: [
      c('2025-03-11T09:00:00.000Z', 5),
      { kind: 'REVIEW_REQUESTED', at: '2025-03-11T12:00:00.000Z', reviewer: 'erin' },
      { kind: 'REVIEW', at: '2025-03-12T12:00:00.000Z', by: 'erin', state: 'CHANGES_REQUESTED' },
      c('2025-03-12T15:00:00.000Z', 6),
      { kind: 'REVIEW', at: '2025-03-13T09:00:00.000Z', by: 'erin', state: 'APPROVED' },
    ],
  },
  {
    number: 6,
    repo: 'web',
    author: 'erin',
    title: 'Update footer links',
    createdAt: '2025-03-13T10:00:00.000Z',
    draft: false,
    state: 'MERGED',
    mergedAt: '2025-03-13T12:00:00.000Z',
    closedAt: '2025-03-13T12:00:00.000Z',
    additions: 12,
    deletions: 4,
    events: [c('2025-03-13T09:00:00.000Z', 7), { kind: 'REVIEW', at: '2025-03-13T10:30:00.000Z', by: 'dave', state: 'COMMENTED' }],
  },
  {
    number: 7,
    repo: 'api',
    author: 'bob',
    title: 'Experiment: switch JSON library',
    createdAt: '2025-03-12T09:00:00.000Z',
    draft: false,
    state: 'CLOSED',
    mergedAt: null,
    closedAt: '2025-03-12T17:00:00.000Z',
    additions: 80,
    deletions: 60,
    events: [c('2025-03-12T08:00:00.000Z', 8)],
  },
  {
    number: 8,
    repo: 'api',
    author: 'carol',
    title: 'Retry failed webhooks',
    createdAt: '2025-03-17T09:00:00.000Z',
    draft: false,
    state: 'MERGED',
    mergedAt: '2025-03-17T12:00:00.000Z',
    closedAt: '2025-03-17T12:00:00.000Z',
    additions: 60,
    deletions: 20,
    events: [c('2025-03-17T10:00:00.000Z', 9), { kind: 'REVIEW', at: '2025-03-17T11:00:00.000Z', by: 'alice', state: 'COMMENTED' }],
  },
  {
    number: 9,
    repo: 'api',
    author: 'alice',
    title: 'Rate-limit the public API',
    createdAt: '2025-03-27T09:00:00.000Z',
    draft: false,
    state: 'OPEN',
    mergedAt: null,
    closedAt: null,
    additions: 150,
    deletions: 20,
    events: [c('2025-03-26T09:00:00.000Z', 10), { kind: 'REVIEW_REQUESTED', at: '2025-03-27T09:00:00.000Z', reviewer: 'bob' }],
  },
  {
    number: 10,
    repo: 'api',
    author: 'bob',
    title: 'Split the billing service',
    createdAt: '2025-03-14T12:00:00.000Z',
    draft: false,
    state: 'MERGED',
    mergedAt: '2025-03-17T12:30:00.000Z',
    closedAt: '2025-03-17T12:30:00.000Z',
    additions: 400,
    deletions: 110,
    events: [
      c('2025-03-14T09:00:00.000Z', 11),
      { kind: 'REVIEW', at: '2025-03-14T13:00:00.000Z', by: 'carol', state: 'COMMENTED' },
      { kind: 'REVIEW', at: '2025-03-17T12:00:00.000Z', by: 'carol', state: 'APPROVED' },
    ],
  },
];

export type SampleStatus = 'To Do' | 'In Progress' | 'In Review' | 'Done';
export const STATUS_CATEGORY: Record<SampleStatus, 'TODO' | 'IN_PROGRESS' | 'DONE'> = {
  'To Do': 'TODO',
  'In Progress': 'IN_PROGRESS',
  'In Review': 'IN_PROGRESS',
  Done: 'DONE',
};

export type SampleIssue = {
  key: string;
  id: string;
  type: 'Story' | 'Incident' | 'Bug';
  title: string;
  points: number | null;
  assignee: string | null;
  createdAt: string;
  /** Status changes in order; the issue starts in To Do. */
  transitions: Array<{ at: string; to: SampleStatus }>;
  sprint?: { id: string; addedAt: string };
};

export const JIRA_PROJECT = { key: 'ALPHA', id: '10000', team: 'Alpha' as const, boardId: 1 };
export const ISSUES: SampleIssue[] = [
  {
    key: 'ALPHA-1',
    id: '10001',
    type: 'Story',
    title: 'Customer can download invoices',
    points: 3,
    assignee: 'alice',
    createdAt: '2025-03-03T09:00:00.000Z',
    transitions: [
      { at: '2025-03-03T10:00:00.000Z', to: 'In Progress' },
      { at: '2025-03-05T10:00:00.000Z', to: 'Done' },
    ],
    sprint: { id: '1', addedAt: '2025-03-03T09:00:00.000Z' },
  },
  {
    key: 'ALPHA-2',
    id: '10002',
    type: 'Story',
    title: 'Faster customer search',
    points: 5,
    assignee: 'bob',
    createdAt: '2025-03-01T09:00:00.000Z',
    transitions: [
      { at: '2025-03-10T09:00:00.000Z', to: 'In Progress' },
      { at: '2025-03-11T09:00:00.000Z', to: 'In Review' },
      { at: '2025-03-12T09:00:00.000Z', to: 'Done' },
    ],
    sprint: { id: '1', addedAt: '2025-03-01T09:00:00.000Z' },
  },
  {
    key: 'ALPHA-3',
    id: '10003',
    type: 'Incident',
    title: 'Checkout errors after deploy',
    points: null,
    assignee: 'alice',
    createdAt: '2025-03-07T14:00:00.000Z',
    transitions: [
      { at: '2025-03-07T15:00:00.000Z', to: 'In Progress' },
      { at: '2025-03-07T18:00:00.000Z', to: 'Done' },
    ],
  },
  {
    key: 'ALPHA-4',
    id: '10004',
    type: 'Story',
    title: 'Invoice e-mails in the customer’s language',
    points: 2,
    assignee: 'carol',
    createdAt: '2025-03-12T09:00:00.000Z',
    transitions: [
      { at: '2025-03-13T09:00:00.000Z', to: 'In Progress' },
      { at: '2025-03-14T09:00:00.000Z', to: 'Done' },
      { at: '2025-03-14T12:00:00.000Z', to: 'In Progress' },
      { at: '2025-03-15T12:00:00.000Z', to: 'Done' },
    ],
    sprint: { id: '1', addedAt: '2025-03-12T10:00:00.000Z' },
  },
  {
    key: 'ALPHA-5',
    id: '10005',
    type: 'Incident',
    title: 'Billing job stuck',
    points: null,
    assignee: 'bob',
    createdAt: '2025-03-20T09:00:00.000Z',
    transitions: [{ at: '2025-03-20T21:00:00.000Z', to: 'Done' }],
  },
  {
    key: 'ALPHA-6',
    id: '10006',
    type: 'Story',
    title: 'Self-service refunds',
    points: 8,
    assignee: 'alice',
    createdAt: '2025-03-18T09:00:00.000Z',
    transitions: [{ at: '2025-03-24T09:00:00.000Z', to: 'In Progress' }],
  },
];

export const SPRINTS = [
  {
    id: '1',
    name: 'Alpha sprint 1',
    state: 'closed',
    startAt: '2025-03-03T09:00:00.000Z',
    endAt: '2025-03-14T17:00:00.000Z',
    completeAt: '2025-03-14T17:00:00.000Z',
  },
];

/** The dataset with every instant moved by `ms` (the sample data set moves it so that its “now” is this week). */
export function shiftIso(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}
