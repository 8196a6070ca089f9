/**
 * The integrations API (docs/decisions/0051): connections and their syncs, scopes (what counts and
 * which team owns it), people matching, the code process, the sample data set, and retro action items
 * sent to a tracker. Admin-only except `sendRetroActionToTracker` (whoever may edit the action item)
 * and `trackerTargets` (the scopes an action item can go to). Credentials are write-only: the API
 * shows `secret_hint` (last 4 characters) and never a token, key or webhook secret.
 */
export const integrationsSchema = /* GraphQL */ `
  enum IntegrationProvider { GITHUB BITBUCKET JIRA AZURE_BOARDS SLACK }
  enum IntegrationAuthKind { TOKEN APP }
  enum IntegrationStatus { CONNECTED ERROR PAUSED }
  enum IntegrationScopeKind { REPOSITORY PROJECT BOARD WORKSPACE }
  enum SyncKind { BACKFILL INCREMENTAL RECONCILE }
  enum SyncRunStatus { QUEUED RUNNING RATE_LIMITED DONE FAILED INTERRUPTED }
  enum AccountMatchKind { FIELD EMAIL MANUAL NONE AMBIGUOUS }
  enum AccountMatchFilter { ALL UNMATCHED AMBIGUOUS MATCHED BOTS }
  enum DeploymentSource { DEPLOYMENTS RELEASES TAGS WORKFLOW MERGE }

  type SyncRun {
    id: ID!
    kind: SyncKind!
    status: SyncRunStatus!
    progress_done: Int!
    "Null while the size of the work is unknown."
    progress_total: Int
    progress_label: String
    items_written: Int!
    requests: Int!
    "In plain words, never a credential."
    error: String
    "For RATE_LIMITED runs: when it continues from its cursor."
    resumes_at: DateTime
    started_at: DateTime
    finished_at: DateTime
    created_at: DateTime!
  }

  type IntegrationScope {
    id: ID!
    kind: IntegrationScopeKind!
    external_id: String!
    name: String!
    url: String
    default_branch: String
    included: Boolean!
    "The team whose insights it counts for."
    team: Team
  }

  type IntegrationConnection {
    id: ID!
    provider: IntegrationProvider!
    base_url: String!
    account: String!
    "Which edition of the service is connected, where it has several: Jira Cloud or Jira Data Center; null otherwise."
    edition: String
    auth_kind: IntegrationAuthKind!
    "Last 4 characters of the stored token or key."
    secret_hint: String!
    has_webhook_secret: Boolean!
    "Where to point the service's webhooks (GitHub, Bitbucket, Jira, Azure service hooks)."
    webhook_url: String
    backfill_months: Int!
    status: IntegrationStatus!
    last_error: String
    last_synced_at: DateTime
    "The sample data set's connection (answered by the sample data set inside Teamlens, docs/decisions/0064); removed with the sample data."
    is_sample: Boolean!
    connected_by: User
    created_at: DateTime!
    scopes: [IntegrationScope!]!
    "The run in progress or the latest one."
    current_run: SyncRun
    "Latest first (default 10, at most 50)."
    sync_runs(limit: Int): [SyncRun!]!
    "Accounts of this service nobody is matched to (people to fix)."
    unmatched_accounts: Int!
  }

  type IntegrationTestResult {
    ok: Boolean!
    message: String!
    missing: [String!]!
  }

  type ExternalAccount {
    id: ID!
    provider: IntegrationProvider!
    external_id: String!
    login: String
    display_name: String
    email: String
    is_bot: Boolean!
    match_kind: AccountMatchKind!
    user: User
    "For AMBIGUOUS accounts: the people who fit."
    candidates: [User!]!
  }

  type ExternalAccountPage {
    items: [ExternalAccount!]!
    total: Int!
  }

  type CodeProcessSettings {
    branches: [String!]!
    deployment_source: DeploymentSource!
    deployment_pattern: String!
    production_environments: [String!]!
    bug_issue_types: [String!]!
    incident_issue_types: [String!]!
    "Null: an incident counts against the latest production deployment however far back."
    incident_window_hours: Int
    bot_logins: [String!]!
    story_points_field: String!
    updated_at: DateTime
  }

  type SampleDataStatus {
    loaded: Boolean!
    "The load in progress or done."
    runs: [SyncRun!]!
  }

  type RetroActionIssue {
    action_item_id: ID!
    provider: IntegrationProvider!
    key: String!
    "Null for an issue of the sample data set: it has no page outside Teamlens."
    url: String
    closed_at: DateTime
    "An issue of the sample data set's tracker (docs/decisions/0064)."
    sample: Boolean!
  }

  "Where a retro action item can be sent: a repository or project of a connected code host or tracker."
  type TrackerTarget {
    connection_id: ID!
    scope_id: ID!
    provider: IntegrationProvider!
    name: String!
    "Owned by the retro's team."
    team_owned: Boolean!
    "A repository or project of the sample data set."
    sample: Boolean!
  }

  input ConnectIntegrationInput {
    provider: IntegrationProvider!
    base_url: String
    account: String
    auth_kind: IntegrationAuthKind
    token: String
    app_id: String
    installation_id: String
    private_key: String
    webhook_secret: String
    backfill_months: Int
  }

  input UpdateIntegrationInput {
    token: String
    private_key: String
    webhook_secret: String
    backfill_months: Int
    paused: Boolean
  }

  input IntegrationScopeInput {
    id: ID!
    included: Boolean!
    team_id: ID
  }

  input CodeProcessSettingsInput {
    branches: [String!]!
    deployment_source: DeploymentSource!
    deployment_pattern: String!
    production_environments: [String!]!
    bug_issue_types: [String!]!
    incident_issue_types: [String!]!
    incident_window_hours: Int
    bot_logins: [String!]!
    story_points_field: String!
  }

  extend type Query {
    "Admin: the organization's connections (one per provider)."
    integrations: [IntegrationConnection!]!
    integration(id: ID!): IntegrationConnection!
    "Admin: accounts of the connected services and who they are matched to."
    externalAccounts(provider: IntegrationProvider, filter: AccountMatchFilter, search: String, limit: Int, offset: Int): ExternalAccountPage!
    codeProcessSettings: CodeProcessSettings!
    sampleInsightsData: SampleDataStatus!
    "Where the viewer may send a retro's action items (its team's repositories and projects first)."
    trackerTargets(retro_id: ID!): [TrackerTarget!]!
    retroActionIssues(retro_id: ID!): [RetroActionIssue!]!
  }

  extend type Mutation {
    "Admin: tests the credentials first; a connection that fails its test is not saved (BAD_USER_INPUT with the reason)."
    connectIntegration(input: ConnectIntegrationInput!): IntegrationConnection!
    "Admin: tests credentials without saving anything."
    testIntegrationInput(input: ConnectIntegrationInput!): IntegrationTestResult!
    testIntegration(id: ID!): IntegrationTestResult!
    updateIntegration(id: ID!, input: UpdateIntegrationInput!): IntegrationConnection!
    "Admin: removes the connection and everything it brought in (its pull requests, issues, accounts)."
    disconnectIntegration(id: ID!): Boolean!
    "Admin: starts a sync now (one at a time per connection: CONFLICT while one runs)."
    syncIntegration(id: ID!, kind: SyncKind): SyncRun!
    "Admin: asks the service again for its repositories / projects / boards."
    refreshIntegrationScopes(id: ID!): [IntegrationScope!]!
    setIntegrationScopes(id: ID!, scopes: [IntegrationScopeInput!]!): [IntegrationScope!]!
    "Admin: matches an account to a person (user_id null: no one); the person's account field (github_user, jira_account_id, slack_id...) follows."
    matchExternalAccount(id: ID!, user_id: ID): ExternalAccount!
    setExternalAccountBot(id: ID!, is_bot: Boolean!): ExternalAccount!
    "Admin: matches every unmatched account again by the users' fields and email."
    rematchExternalAccounts: Int!
    updateCodeProcessSettings(input: CodeProcessSettingsInput!): CodeProcessSettings!
    "Admin: loads the sample data set: a sample GitHub and Jira answered inside Teamlens, read by the sync engine."
    loadSampleInsightsData: SampleDataStatus!
    "Admin: removes the sample connections and all they brought in."
    removeSampleInsightsData: Boolean!
    "Opens an issue for a retro action item in a repository or project; closing it there marks the action done."
    sendRetroActionToTracker(action_item_id: ID!, scope_id: ID!): RetroActionIssue!
  }
`;
