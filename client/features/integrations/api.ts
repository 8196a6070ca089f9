import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthKind, CodeProcessSettings, DeploymentSource, IntegrationProvider, MatchKind, SyncKind, SyncRunStatus } from '../../../shared/integrations.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

/**
 * The integrations API (server/features/integrations/integrations.schema.ts) for /admin/integrations,
 * its code process page and the retro action items' "Send to tracker". Credentials are write-only:
 * a connection shows `secret_hint` (last 4 characters), never a token.
 */

export type AccountFilter = 'ALL' | 'UNMATCHED' | 'AMBIGUOUS' | 'MATCHED' | 'BOTS';
export type ConnectInput = {
  provider: IntegrationProvider;
  base_url?: string | null;
  account?: string | null;
  auth_kind?: AuthKind | null;
  token?: string | null;
  app_id?: string | null;
  installation_id?: string | null;
  private_key?: string | null;
  webhook_secret?: string | null;
  backfill_months?: number | null;
};
export type UpdateInput = {
  token?: string | null;
  private_key?: string | null;
  webhook_secret?: string | null;
  backfill_months?: number | null;
  paused?: boolean | null;
};

export const RUN_FIELDS =
  'id kind status progress_done progress_total progress_label items_written requests error resumes_at started_at finished_at created_at';
export const SCOPE_FIELDS = 'id kind external_id name url default_branch included team { id name }';
export const CONNECTION_FIELDS = `id provider base_url account edition auth_kind secret_hint has_webhook_secret webhook_url backfill_months status last_error last_synced_at is_sample
  connected_by { id full_name } created_at scopes { ${SCOPE_FIELDS} } current_run { ${RUN_FIELDS} } sync_runs(limit: 10) { ${RUN_FIELDS} } unmatched_accounts`;
export const ACCOUNT_FIELDS =
  'id provider external_id login display_name email is_bot match_kind user { id full_name email } candidates { id full_name email }';
export const CODE_PROCESS_FIELDS =
  'branches deployment_source deployment_pattern production_environments bug_issue_types incident_issue_types incident_window_hours bot_logins story_points_field updated_at';
const SAMPLE_FIELDS = `loaded runs { ${RUN_FIELDS} }`;

/** A run still moving: the page polls while one is. */
export const isActiveRun = (run: SyncRun | null | undefined): boolean =>
  !!run && (run.status === 'QUEUED' || run.status === 'RUNNING' || run.status === 'RATE_LIMITED');
export const POLL_MS = 1500;

export const INTEGRATIONS = graphql(`query Integrations { integrations { ${CONNECTION_FIELDS} } }`);

export const integrationsQueryOptions = queryOptions({
  queryKey: ['integrations', 'list'],
  queryFn: async () => (await gql(INTEGRATIONS)).integrations ?? [],
});

export const INTEGRATION = graphql(`query Integration($id: ID!) { integration(id: $id) { ${CONNECTION_FIELDS} } }`);

export type IntegrationConnection = NonNullable<ResultOf<typeof INTEGRATION>['integration']>;
export type IntegrationScope = IntegrationConnection['scopes'][number];
export type SyncRun = IntegrationConnection['sync_runs'][number];

/** One connection; polled every 1.5 s while its run is queued, running or waiting for a rate limit. */
export const integrationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['integrations', 'one', id],
    queryFn: async () => (await gql(INTEGRATION, { id })).integration,
    refetchInterval: (query) => (isActiveRun(query.state.data?.current_run) ? POLL_MS : false),
  });

export const EXTERNAL_ACCOUNTS =
  graphql(`query ExternalAccounts($provider: IntegrationProvider, $filter: AccountMatchFilter, $search: String, $limit: Int, $offset: Int) {
      externalAccounts(provider: $provider, filter: $filter, search: $search, limit: $limit, offset: $offset) { items { ${ACCOUNT_FIELDS} } total } }`);
export type ExternalAccountPage = NonNullable<ResultOf<typeof EXTERNAL_ACCOUNTS>['externalAccounts']>;
export type ExternalAccount = ExternalAccountPage['items'][number];
export const externalAccountsQueryOptions = (v: {
  provider: IntegrationProvider | null;
  filter: AccountFilter;
  search: string;
  limit: number;
  offset: number;
}) =>
  queryOptions({
    queryKey: ['integrations', 'accounts', v],
    queryFn: async () => (await gql(EXTERNAL_ACCOUNTS, { ...v, search: v.search.trim() || null })).externalAccounts ?? { items: [], total: 0 },
  });

export const CODE_PROCESS_SETTINGS = graphql(`query CodeProcessSettings { codeProcessSettings { ${CODE_PROCESS_FIELDS} } }`);
export type CodeProcess = ResultOf<typeof CODE_PROCESS_SETTINGS>['codeProcessSettings'];

export const codeProcessQueryOptions = queryOptions({
  queryKey: ['integrations', 'codeProcess'],
  queryFn: async () => (await gql(CODE_PROCESS_SETTINGS)).codeProcessSettings,
});

export const SAMPLE_INSIGHTS_DATA = graphql(`query SampleInsightsData { sampleInsightsData { ${SAMPLE_FIELDS} } }`);
export type SampleDataStatus = NonNullable<ResultOf<typeof SAMPLE_INSIGHTS_DATA>['sampleInsightsData']>;

export const sampleDataQueryOptions = queryOptions({
  queryKey: ['integrations', 'sample'],
  queryFn: async () => (await gql(SAMPLE_INSIGHTS_DATA)).sampleInsightsData ?? { loaded: false, runs: [] },
  refetchInterval: (query) => (query.state.data?.runs.some(isActiveRun) ? POLL_MS : false),
});

export const TRACKER_TARGETS = graphql(
  'query TrackerTargets($retro_id: ID!) { trackerTargets(retro_id: $retro_id) { connection_id scope_id provider name team_owned sample } }',
);
export type TrackerTarget = NonNullable<ResultOf<typeof TRACKER_TARGETS>['trackerTargets']>[number];

export const trackerTargetsQueryOptions = (retroId: string) =>
  queryOptions({
    queryKey: ['integrations', 'trackerTargets', retroId],
    queryFn: async () => (await gql(TRACKER_TARGETS, { retro_id: retroId })).trackerTargets ?? [],
  });

export const RETRO_ACTION_ISSUES = graphql(
  'query RetroActionIssues($retro_id: ID!) { retroActionIssues(retro_id: $retro_id) { action_item_id provider key url closed_at sample } }',
);
export type RetroActionIssue = NonNullable<ResultOf<typeof RETRO_ACTION_ISSUES>['retroActionIssues']>[number];

export const retroActionIssuesQueryOptions = (retroId: string) =>
  queryOptions({
    queryKey: ['integrations', 'retroActionIssues', retroId],
    queryFn: async () => (await gql(RETRO_ACTION_ISSUES, { retro_id: retroId })).retroActionIssues ?? [],
  });

/** Every change refreshes the whole integrations family (connections, accounts, sample status). */
function useIntegrationsMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integrations'] }) });
}

export const CONNECT_INTEGRATION = graphql(
  `mutation ConnectIntegration($input: ConnectIntegrationInput!) { connectIntegration(input: $input) { ${CONNECTION_FIELDS} } }`,
);

export const useConnectIntegration = () =>
  useIntegrationsMutation(async (input: ConnectInput) => (await gql(CONNECT_INTEGRATION, { input })).connectIntegration);

export const TEST_INTEGRATION_INPUT = graphql(
  'mutation TestIntegrationInput($input: ConnectIntegrationInput!) { testIntegrationInput(input: $input) { ok message missing } }',
);

export const useTestIntegrationInput = () =>
  useMutation({
    mutationFn: async (input: ConnectInput) => (await gql(TEST_INTEGRATION_INPUT, { input })).testIntegrationInput,
  });

export const TEST_INTEGRATION = graphql('mutation TestIntegration($id: ID!) { testIntegration(id: $id) { ok message missing } }');
export type IntegrationTestResult = ResultOf<typeof TEST_INTEGRATION>['testIntegration'];

export const useTestIntegration = () =>
  useMutation({
    mutationFn: async (id: string) => (await gql(TEST_INTEGRATION, { id })).testIntegration,
  });

export const UPDATE_INTEGRATION = graphql(
  `mutation UpdateIntegration($id: ID!, $input: UpdateIntegrationInput!) { updateIntegration(id: $id, input: $input) { ${CONNECTION_FIELDS} } }`,
);

export const useUpdateIntegration = () =>
  useIntegrationsMutation(async ({ id, input }: { id: string; input: UpdateInput }) => (await gql(UPDATE_INTEGRATION, { id, input })).updateIntegration);

export const DISCONNECT_INTEGRATION = graphql('mutation DisconnectIntegration($id: ID!) { disconnectIntegration(id: $id) }');

export const useDisconnectIntegration = () => useIntegrationsMutation(async (id: string) => (await gql(DISCONNECT_INTEGRATION, { id })).disconnectIntegration);

export const SYNC_INTEGRATION = graphql(`mutation SyncIntegration($id: ID!, $kind: SyncKind) { syncIntegration(id: $id, kind: $kind) { ${RUN_FIELDS} } }`);

export const useSyncIntegration = () =>
  useIntegrationsMutation(async ({ id, kind }: { id: string; kind?: SyncKind }) => (await gql(SYNC_INTEGRATION, { id, kind: kind ?? null })).syncIntegration);

export const REFRESH_INTEGRATION_SCOPES = graphql(`mutation RefreshIntegrationScopes($id: ID!) { refreshIntegrationScopes(id: $id) { ${SCOPE_FIELDS} } }`);

export const useRefreshIntegrationScopes = () =>
  useIntegrationsMutation(async (id: string) => (await gql(REFRESH_INTEGRATION_SCOPES, { id })).refreshIntegrationScopes);

export const SET_INTEGRATION_SCOPES = graphql(
  `mutation SetIntegrationScopes($id: ID!, $scopes: [IntegrationScopeInput!]!) { setIntegrationScopes(id: $id, scopes: $scopes) { ${SCOPE_FIELDS} } }`,
);

export const useSetIntegrationScopes = () =>
  useIntegrationsMutation(
    async ({ id, scopes }: { id: string; scopes: Array<{ id: string; included: boolean; team_id: string | null }> }) =>
      (await gql(SET_INTEGRATION_SCOPES, { id, scopes })).setIntegrationScopes,
  );

export const MATCH_EXTERNAL_ACCOUNT = graphql(
  `mutation MatchExternalAccount($id: ID!, $user_id: ID) { matchExternalAccount(id: $id, user_id: $user_id) { ${ACCOUNT_FIELDS} } }`,
);

export const useMatchExternalAccount = () =>
  useIntegrationsMutation(
    async ({ id, user_id }: { id: string; user_id: string | null }) => (await gql(MATCH_EXTERNAL_ACCOUNT, { id, user_id })).matchExternalAccount,
  );

export const SET_EXTERNAL_ACCOUNT_BOT = graphql(
  `mutation SetExternalAccountBot($id: ID!, $is_bot: Boolean!) { setExternalAccountBot(id: $id, is_bot: $is_bot) { ${ACCOUNT_FIELDS} } }`,
);

export const useSetExternalAccountBot = () =>
  useIntegrationsMutation(
    async ({ id, is_bot }: { id: string; is_bot: boolean }) => (await gql(SET_EXTERNAL_ACCOUNT_BOT, { id, is_bot })).setExternalAccountBot,
  );

export const REMATCH_EXTERNAL_ACCOUNTS = graphql('mutation RematchExternalAccounts { rematchExternalAccounts }');

export const useRematchExternalAccounts = () => useIntegrationsMutation(async () => (await gql(REMATCH_EXTERNAL_ACCOUNTS)).rematchExternalAccounts);

export const UPDATE_CODE_PROCESS_SETTINGS = graphql(
  `mutation UpdateCodeProcessSettings($input: CodeProcessSettingsInput!) { updateCodeProcessSettings(input: $input) { ${CODE_PROCESS_FIELDS} } }`,
);

export const useUpdateCodeProcess = () =>
  useIntegrationsMutation(async (input: CodeProcessSettings) => (await gql(UPDATE_CODE_PROCESS_SETTINGS, { input })).updateCodeProcessSettings);

export const LOAD_SAMPLE_INSIGHTS_DATA = graphql(`mutation LoadSampleInsightsData { loadSampleInsightsData { ${SAMPLE_FIELDS} } }`);

export const useLoadSampleData = () => useIntegrationsMutation(async () => (await gql(LOAD_SAMPLE_INSIGHTS_DATA)).loadSampleInsightsData);

export const REMOVE_SAMPLE_INSIGHTS_DATA = graphql('mutation RemoveSampleInsightsData { removeSampleInsightsData }');

export const useRemoveSampleData = () => useIntegrationsMutation(async () => (await gql(REMOVE_SAMPLE_INSIGHTS_DATA)).removeSampleInsightsData);

export const SEND_RETRO_ACTION_TO_TRACKER = graphql(
  'mutation SendRetroActionToTracker($action_item_id: ID!, $scope_id: ID!) { sendRetroActionToTracker(action_item_id: $action_item_id, scope_id: $scope_id) { action_item_id provider key url closed_at sample } }',
);

export const useSendRetroActionToTracker = () =>
  useIntegrationsMutation(
    async ({ action_item_id, scope_id }: { action_item_id: string; scope_id: string }) =>
      (await gql(SEND_RETRO_ACTION_TO_TRACKER, { action_item_id, scope_id })).sendRetroActionToTracker,
  );

export const DEPLOYMENT_SOURCE_LABELS: Record<DeploymentSource, string> = {
  DEPLOYMENTS: 'Deployments (the service’s deployment events)',
  RELEASES: 'Releases',
  TAGS: 'Tags',
  WORKFLOW: 'Workflow runs (a CI workflow by name)',
  MERGE: 'Every merge to a counted branch',
};

export const RUN_STATUS_LABELS: Record<SyncRunStatus, string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  RATE_LIMITED: 'Rate limited',
  DONE: 'Done',
  FAILED: 'Failed',
  INTERRUPTED: 'Interrupted',
};
export const RUN_KIND_LABELS: Record<SyncKind, string> = { BACKFILL: 'Backfill', INCREMENTAL: 'Incremental', RECONCILE: 'Reconciliation' };
export const MATCH_KIND_LABELS: Record<MatchKind, string> = {
  FIELD: 'By profile field',
  EMAIL: 'By email',
  MANUAL: 'By an admin',
  NONE: 'Not matched',
  AMBIGUOUS: 'Ambiguous',
};
