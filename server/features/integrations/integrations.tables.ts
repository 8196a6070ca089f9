import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type {
  AuthKind,
  CodeProcessSettings,
  ConnectionStatus,
  IntegrationProvider,
  MatchKind,
  PrEventKind,
  PrState,
  ReviewState,
  ScopeKind,
  StatusCategory,
  SyncKind,
  SyncRunStatus,
} from '../../../shared/integrations.js';
import { organizations } from '../org/org.tables.js';
import { retroActionItems } from '../retros/retros.tables.js';
import { teams } from '../teams/teams.tables.js';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const org = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
const connection = () =>
  text('connection_id')
    .notNull()
    .references(() => integrationConnections.id, { onDelete: 'cascade' });

/**
 * A connected service (docs/decisions/0051): one per provider and organization. `secret_sealed`
 * holds the credentials as sealed JSON (server/lib/secret-box.ts, purpose `integration:<id>`):
 * `{ token }` or `{ app_id, installation_id, private_key }`; `webhook_secret_sealed` the secret
 * webhooks are signed with (purpose `integration-webhook:<id>`). Neither ever leaves the server.
 * `is_sample`: the sample data set's connection (answered inside Teamlens, docs/decisions/0064), removed in one step.
 */
export const integrationConnections = sqliteTable(
  'integration_connections',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    provider: text('provider').$type<IntegrationProvider>().notNull(),
    base_url: text('base_url').notNull(),
    account: text('account').notNull().default(''),
    auth_kind: text('auth_kind').$type<AuthKind>().notNull().default('TOKEN'),
    secret_sealed: text('secret_sealed').notNull(),
    secret_hint: text('secret_hint').notNull().default(''),
    webhook_secret_sealed: text('webhook_secret_sealed'),
    /** What the service says about itself on the last test: the Slack team id, the GitHub login, the Jira user's time zone. */
    external_info: text('external_info', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    backfill_months: integer('backfill_months').notNull().default(6),
    status: text('status').$type<ConnectionStatus>().notNull().default('CONNECTED'),
    last_error: text('last_error'),
    last_synced_at: text('last_synced_at'),
    is_sample: integer('is_sample', { mode: 'boolean' }).notNull().default(false),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('integration_connections_org_provider').on(t.organization_id, t.provider)],
);

/** A repository, project or board of a connection, whether it counts, and the team that owns it (for team insights). */
export const integrationScopes = sqliteTable(
  'integration_scopes',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    connection_id: connection(),
    kind: text('kind').$type<ScopeKind>().notNull(),
    external_id: text('external_id').notNull(),
    /** acme/api, ALPHA, board 12: what people recognise. */
    name: text('name').notNull(),
    url: text('url'),
    default_branch: text('default_branch'),
    included: integer('included', { mode: 'boolean' }).notNull().default(true),
    team_id: text('team_id').references(() => teams.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('integration_scopes_natural').on(t.connection_id, t.kind, t.external_id),
    index('integration_scopes_team').on(t.organization_id, t.team_id),
  ],
);

/**
 * One sync of one connection: a backfill, an incremental run or the nightly reconciliation. Runs as
 * a job of the scheduler (job_id); its progress is what the page shows; `error` is in plain words
 * and never carries a credential. RATE_LIMITED runs resume from their cursors at `resumes_at`.
 */
export const syncRuns = sqliteTable(
  'sync_runs',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    connection_id: connection(),
    kind: text('kind').$type<SyncKind>().notNull(),
    status: text('status').$type<SyncRunStatus>().notNull().default('QUEUED'),
    job_id: text('job_id'),
    progress_done: integer('progress_done').notNull().default(0),
    progress_total: integer('progress_total'),
    /** What is being fetched now, in words (“acme/api: pull requests, page 3”). */
    progress_label: text('progress_label'),
    items_written: integer('items_written').notNull().default(0),
    requests: integer('requests').notNull().default(0),
    error: text('error'),
    resumes_at: text('resumes_at'),
    started_at: text('started_at'),
    finished_at: text('finished_at'),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [index('sync_runs_connection').on(t.connection_id, t.created_at)],
);

/**
 * Where a sync left off, per connection, scope and entity (pull requests, issues, deployments...):
 * the highest `updated_at` persisted, or the provider's continuation token, and the ETag of the
 * last answer for conditional requests. Written in the transaction that persists the page it follows.
 */
export const syncCursors = sqliteTable(
  'sync_cursors',
  {
    connection_id: connection(),
    scope_key: text('scope_key').notNull(),
    entity: text('entity').notNull(),
    cursor: text('cursor'),
    etag: text('etag'),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.connection_id, t.scope_key, t.entity] })],
);

/** Webhook deliveries already handled (GitHub X-GitHub-Delivery, Jira/Bitbucket/Azure ids): a redelivery is acknowledged and ignored. Kept 30 days. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    connection_id: connection(),
    delivery_id: text('delivery_id').notNull(),
    event: text('event').notNull(),
    received_at: text('received_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.connection_id, t.delivery_id] })],
);

/**
 * An account on a connected service (GitHub login, Jira accountId, Slack member...) and the person
 * it belongs to. Matched by the person's account fields, then by email; MANUAL when an admin chose;
 * AMBIGUOUS when several people fit. Bots are kept out of every metric.
 */
export const extAccounts = sqliteTable(
  'ext_accounts',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    connection_id: connection(),
    external_id: text('external_id').notNull(),
    login: text('login'),
    display_name: text('display_name'),
    email: text('email'),
    is_bot: integer('is_bot', { mode: 'boolean' }).notNull().default(false),
    user_id: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    match_kind: text('match_kind').$type<MatchKind>().notNull().default('NONE'),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('ext_accounts_natural').on(t.connection_id, t.external_id), index('ext_accounts_user').on(t.organization_id, t.user_id)],
);

/**
 * A pull request, with every boundary timestamp the metrics need stored beside it (recomputed by
 * the ingest writer from its events, so any number can be explained): first commit, ready for
 * review (created, or the last time it left draft), first review or comment by someone who is
 * neither the author nor a bot, first approval, merge, and the deployment that shipped it.
 */
export const extPullRequests = sqliteTable(
  'ext_pull_requests',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    connection_id: connection(),
    scope_id: text('scope_id')
      .notNull()
      .references(() => integrationScopes.id, { onDelete: 'cascade' }),
    external_id: text('external_id').notNull(),
    number: integer('number').notNull(),
    title: text('title').notNull().default(''),
    url: text('url'),
    author_account_id: text('author_account_id').references(() => extAccounts.id, { onDelete: 'set null' }),
    state: text('state').$type<PrState>().notNull(),
    is_draft: integer('is_draft', { mode: 'boolean' }).notNull().default(false),
    base_ref: text('base_ref'),
    merge_commit_sha: text('merge_commit_sha'),
    additions: integer('additions'),
    deletions: integer('deletions'),
    created_at: text('created_at').notNull(),
    updated_at: text('updated_at').notNull(),
    merged_at: text('merged_at'),
    closed_at: text('closed_at'),
    first_commit_at: text('first_commit_at'),
    ready_at: text('ready_at'),
    first_review_at: text('first_review_at'),
    first_approval_at: text('first_approval_at'),
    last_approval_at: text('last_approval_at'),
    deployment_id: text('deployment_id'),
    deployed_at: text('deployed_at'),
    /** Reviews and comments by others than the author and bots; and all of them (DevLake's review depth). */
    review_comments: integer('review_comments').notNull().default(0),
    all_comments: integer('all_comments').notNull().default(0),
    review_rounds: integer('review_rounds').notNull().default(0),
    ingested_at: text('ingested_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('ext_pull_requests_natural').on(t.scope_id, t.number),
    index('ext_pull_requests_merged').on(t.organization_id, t.merged_at),
    index('ext_pull_requests_author').on(t.author_account_id, t.created_at),
  ],
);

/**
 * The team insights' read model of merged pull requests (integrations.pr-facts.repo.ts, docs/decisions/0052):
 * per organization, scope and UTC day of merge, the PR facts of its merged PRs by people (not bots)
 * packed as float64 columns in one blob, so a year of 100,000 PRs is read as ~850 rows, not 100,000.
 * Kept in step by triggers (migration 0016) that mark a day stale in `ext_pr_fact_stale` whenever a
 * PR merged that day is written or removed, or its author's bot flag changes; stale days are rebuilt
 * from ext_pull_requests before any read and at the end of each sync.
 */
export const extPrFactDays = sqliteTable(
  'ext_pr_fact_days',
  {
    organization_id: org(),
    scope_id: text('scope_id')
      .notNull()
      .references(() => integrationScopes.id, { onDelete: 'cascade' }),
    /** Days since 1970-01-01 (UTC) of merged_at. */
    day: integer('day').notNull(),
    count: integer('count').notNull(),
    facts: blob('facts', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.scope_id, t.day] })],
);

/** Days of ext_pr_fact_days to rebuild (written by triggers only). */
export const extPrFactStale = sqliteTable(
  'ext_pr_fact_stale',
  {
    organization_id: text('organization_id').notNull(),
    day: integer('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.day] })],
);

/** What happened on a pull request: commits, reviews, comments, draft changes, review requests. Natural key: provider's id. */
export const extPrEvents = sqliteTable(
  'ext_pr_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    pull_request_id: text('pull_request_id')
      .notNull()
      .references(() => extPullRequests.id, { onDelete: 'cascade' }),
    external_id: text('external_id').notNull(),
    kind: text('kind').$type<PrEventKind>().notNull(),
    actor_account_id: text('actor_account_id').references(() => extAccounts.id, { onDelete: 'set null' }),
    /** For REVIEW_REQUESTED: who was asked. */
    target_account_id: text('target_account_id').references(() => extAccounts.id, { onDelete: 'set null' }),
    state: text('state').$type<ReviewState>(),
    at: text('at').notNull(),
  },
  (t) => [uniqueIndex('ext_pr_events_natural').on(t.pull_request_id, t.kind, t.external_id), index('ext_pr_events_actor').on(t.actor_account_id, t.at)],
);

/** A deployment (or a release, a tag, a workflow run, a merge, as the code process says) of a repository. */
export const extDeployments = sqliteTable(
  'ext_deployments',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    scope_id: text('scope_id')
      .notNull()
      .references(() => integrationScopes.id, { onDelete: 'cascade' }),
    external_id: text('external_id').notNull(),
    environment: text('environment').notNull(),
    /** SUCCESS, FAILURE, ... as the service says; only SUCCESS in a production environment counts. */
    result: text('result').notNull(),
    sha: text('sha'),
    started_at: text('started_at'),
    finished_at: text('finished_at').notNull(),
  },
  (t) => [uniqueIndex('ext_deployments_natural').on(t.scope_id, t.external_id), index('ext_deployments_finished').on(t.organization_id, t.finished_at)],
);

/** An issue or work item, with its status category and the derived lead and cycle times (minutes). */
export const extIssues = sqliteTable(
  'ext_issues',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    connection_id: connection(),
    scope_id: text('scope_id')
      .notNull()
      .references(() => integrationScopes.id, { onDelete: 'cascade' }),
    external_id: text('external_id').notNull(),
    key: text('key').notNull(),
    title: text('title').notNull().default(''),
    url: text('url'),
    issue_type: text('issue_type').notNull().default(''),
    is_bug: integer('is_bug', { mode: 'boolean' }).notNull().default(false),
    is_incident: integer('is_incident', { mode: 'boolean' }).notNull().default(false),
    status: text('status').notNull().default(''),
    status_category: text('status_category').$type<StatusCategory>().notNull(),
    story_points: real('story_points'),
    assignee_account_id: text('assignee_account_id').references(() => extAccounts.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull(),
    updated_at: text('updated_at').notNull(),
    resolved_at: text('resolved_at'),
    first_in_progress_at: text('first_in_progress_at'),
    /** Sum of the intervals spent in the In Progress category (reopened work counts again); null while never in progress and done. */
    cycle_minutes: integer('cycle_minutes'),
    /** For incidents: the production deployment it is attributed to (code process window), null: unattributed. */
    caused_by_deployment_id: text('caused_by_deployment_id'),
  },
  (t) => [
    uniqueIndex('ext_issues_natural').on(t.connection_id, t.external_id),
    index('ext_issues_resolved').on(t.organization_id, t.resolved_at),
    index('ext_issues_scope').on(t.scope_id, t.created_at),
  ],
);

/** Status changes of an issue (from the changelog or the revisions), the source of cycle time. */
export const extIssueTransitions = sqliteTable(
  'ext_issue_transitions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    issue_id: text('issue_id')
      .notNull()
      .references(() => extIssues.id, { onDelete: 'cascade' }),
    external_id: text('external_id').notNull(),
    at: text('at').notNull(),
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    from_category: text('from_category').$type<StatusCategory>(),
    to_category: text('to_category').$type<StatusCategory>().notNull(),
  },
  (t) => [uniqueIndex('ext_issue_transitions_natural').on(t.issue_id, t.external_id)],
);

/** A sprint (Jira board sprint, Azure iteration). */
export const extSprints = sqliteTable(
  'ext_sprints',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    connection_id: connection(),
    scope_id: text('scope_id')
      .notNull()
      .references(() => integrationScopes.id, { onDelete: 'cascade' }),
    external_id: text('external_id').notNull(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    start_at: text('start_at'),
    end_at: text('end_at'),
    complete_at: text('complete_at'),
  },
  (t) => [uniqueIndex('ext_sprints_natural').on(t.connection_id, t.external_id), index('ext_sprints_scope').on(t.scope_id, t.start_at)],
);

/** When an issue joined (and left) a sprint: committed = in it at the start, injected = added after. */
export const extSprintIssues = sqliteTable(
  'ext_sprint_issues',
  {
    sprint_id: text('sprint_id')
      .notNull()
      .references(() => extSprints.id, { onDelete: 'cascade' }),
    issue_id: text('issue_id')
      .notNull()
      .references(() => extIssues.id, { onDelete: 'cascade' }),
    added_at: text('added_at').notNull(),
    removed_at: text('removed_at'),
  },
  (t) => [primaryKey({ columns: [t.sprint_id, t.issue_id] })],
);

/** The organization's code process (/admin/integrations/code-process); absent: DEFAULT_CODE_PROCESS. */
export const codeProcessSettings = sqliteTable('code_process_settings', {
  organization_id: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  settings: text('settings', { mode: 'json' }).$type<CodeProcessSettings>().notNull(),
  updated_by: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updated_at: text('updated_at').notNull().default(now),
});

/** A retro action item sent to an issue tracker or repository as an issue; closing that issue marks the action done. */
export const retroActionIssues = sqliteTable(
  'retro_action_issues',
  {
    action_item_id: text('action_item_id')
      .primaryKey()
      .references(() => retroActionItems.id, { onDelete: 'cascade' }),
    organization_id: org(),
    connection_id: connection(),
    scope_id: text('scope_id')
      .notNull()
      .references(() => integrationScopes.id, { onDelete: 'cascade' }),
    external_id: text('external_id').notNull(),
    key: text('key').notNull(),
    url: text('url'),
    closed_at: text('closed_at'),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('retro_action_issues_external').on(t.connection_id, t.scope_id, t.external_id)],
);
