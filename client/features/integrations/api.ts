import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AuthKind, CodeProcessSettings, ConnectionStatus, DeploymentSource, IntegrationProvider, MatchKind, ScopeKind, SyncKind, SyncRunStatus,
} from '../../../shared/integrations.js';
import { gql } from '../../lib/graphql.js';

/**
 * The integrations API (server/features/integrations/integrations.schema.ts) for /admin/integrations,
 * its code process page and the retro action items' "Send to tracker". Credentials are write-only:
 * a connection shows `secret_hint` (last 4 characters), never a token.
 */

export type SyncRun = {
  id: string; kind: SyncKind; status: SyncRunStatus; progress_done: number; progress_total: number | null; progress_label: string | null;
  items_written: number; requests: number; error: string | null; resumes_at: string | null; started_at: string | null; finished_at: string | null; created_at: string;
};
export type IntegrationScope = {
  id: string; kind: ScopeKind; external_id: string; name: string; url: string | null; default_branch: string | null; included: boolean;
  team: { id: string; name: string } | null;
};
export type IntegrationConnection = {
  id: string; provider: IntegrationProvider; base_url: string; account: string; edition: string | null; auth_kind: AuthKind; secret_hint: string; has_webhook_secret: boolean;
  webhook_url: string | null; backfill_months: number; status: ConnectionStatus; last_error: string | null; last_synced_at: string | null; is_sample: boolean;
  connected_by: { id: string; full_name: string } | null; created_at: string; scopes: IntegrationScope[]; current_run: SyncRun | null; sync_runs: SyncRun[];
  unmatched_accounts: number;
};
export type IntegrationTestResult = { ok: boolean; message: string; missing: string[] };
export type ExternalAccount = {
  id: string; provider: IntegrationProvider; external_id: string; login: string | null; display_name: string | null; email: string | null; is_bot: boolean;
  match_kind: MatchKind; user: { id: string; full_name: string; email: string } | null; candidates: Array<{ id: string; full_name: string; email: string }>;
};
export type ExternalAccountPage = { items: ExternalAccount[]; total: number };
export type AccountFilter = 'ALL' | 'UNMATCHED' | 'AMBIGUOUS' | 'MATCHED' | 'BOTS';
export type CodeProcess = CodeProcessSettings & { updated_at: string | null };
export type SampleDataStatus = { loaded: boolean; runs: SyncRun[] };
export type TrackerTarget = { connection_id: string; scope_id: string; provider: IntegrationProvider; name: string; team_owned: boolean; sample: boolean };
export type RetroActionIssue = { action_item_id: string; provider: IntegrationProvider; key: string; url: string | null; closed_at: string | null; sample: boolean };

export type ConnectInput = {
  provider: IntegrationProvider; base_url?: string | null; account?: string | null; auth_kind?: AuthKind | null; token?: string | null; app_id?: string | null;
  installation_id?: string | null; private_key?: string | null; webhook_secret?: string | null; backfill_months?: number | null;
};
export type UpdateInput = { token?: string | null; private_key?: string | null; webhook_secret?: string | null; backfill_months?: number | null; paused?: boolean | null };

export const RUN_FIELDS = 'id kind status progress_done progress_total progress_label items_written requests error resumes_at started_at finished_at created_at';
export const SCOPE_FIELDS = 'id kind external_id name url default_branch included team { id name }';
export const CONNECTION_FIELDS = `id provider base_url account edition auth_kind secret_hint has_webhook_secret webhook_url backfill_months status last_error last_synced_at is_sample
  connected_by { id full_name } created_at scopes { ${SCOPE_FIELDS} } current_run { ${RUN_FIELDS} } sync_runs(limit: 10) { ${RUN_FIELDS} } unmatched_accounts`;
export const ACCOUNT_FIELDS = 'id provider external_id login display_name email is_bot match_kind user { id full_name email } candidates { id full_name email }';
export const CODE_PROCESS_FIELDS = 'branches deployment_source deployment_pattern production_environments bug_issue_types incident_issue_types incident_window_hours bot_logins story_points_field updated_at';
const SAMPLE_FIELDS = `loaded runs { ${RUN_FIELDS} }`;

/** A run still moving: the page polls while one is. */
export const isActiveRun = (run: SyncRun | null | undefined): boolean => !!run && (run.status === 'QUEUED' || run.status === 'RUNNING' || run.status === 'RATE_LIMITED');
export const POLL_MS = 1500;

export const integrationsQueryOptions = queryOptions({
  queryKey: ['integrations', 'list'],
  queryFn: async () => (await gql<{ integrations: IntegrationConnection[] }>(`query Integrations { integrations { ${CONNECTION_FIELDS} } }`)).integrations ?? [],
});

/** One connection; polled every 1.5 s while its run is queued, running or waiting for a rate limit. */
export const integrationQueryOptions = (id: string) => queryOptions({
  queryKey: ['integrations', 'one', id],
  queryFn: async () => (await gql<{ integration: IntegrationConnection }>(`query Integration($id: ID!) { integration(id: $id) { ${CONNECTION_FIELDS} } }`, { id })).integration,
  refetchInterval: (query) => (isActiveRun(query.state.data?.current_run) ? POLL_MS : false),
});

export const externalAccountsQueryOptions = (v: { provider: IntegrationProvider | null; filter: AccountFilter; search: string; limit: number; offset: number }) => queryOptions({
  queryKey: ['integrations', 'accounts', v],
  queryFn: async () => (await gql<{ externalAccounts: ExternalAccountPage }>(
    `query ExternalAccounts($provider: IntegrationProvider, $filter: AccountMatchFilter, $search: String, $limit: Int, $offset: Int) {
      externalAccounts(provider: $provider, filter: $filter, search: $search, limit: $limit, offset: $offset) { items { ${ACCOUNT_FIELDS} } total } }`,
    { ...v, search: v.search.trim() || null })).externalAccounts ?? { items: [], total: 0 },
});

export const codeProcessQueryOptions = queryOptions({
  queryKey: ['integrations', 'codeProcess'],
  queryFn: async () => (await gql<{ codeProcessSettings: CodeProcess }>(`query CodeProcessSettings { codeProcessSettings { ${CODE_PROCESS_FIELDS} } }`)).codeProcessSettings,
});

export const sampleDataQueryOptions = queryOptions({
  queryKey: ['integrations', 'sample'],
  queryFn: async () => (await gql<{ sampleInsightsData: SampleDataStatus }>(`query SampleInsightsData { sampleInsightsData { ${SAMPLE_FIELDS} } }`)).sampleInsightsData ?? { loaded: false, runs: [] },
  refetchInterval: (query) => (query.state.data?.runs.some(isActiveRun) ? POLL_MS : false),
});

export const trackerTargetsQueryOptions = (retroId: string) => queryOptions({
  queryKey: ['integrations', 'trackerTargets', retroId],
  queryFn: async () => (await gql<{ trackerTargets?: TrackerTarget[] }>(
    'query TrackerTargets($retro_id: ID!) { trackerTargets(retro_id: $retro_id) { connection_id scope_id provider name team_owned sample } }', { retro_id: retroId })).trackerTargets ?? [],
});

export const retroActionIssuesQueryOptions = (retroId: string) => queryOptions({
  queryKey: ['integrations', 'retroActionIssues', retroId],
  queryFn: async () => (await gql<{ retroActionIssues?: RetroActionIssue[] }>(
    'query RetroActionIssues($retro_id: ID!) { retroActionIssues(retro_id: $retro_id) { action_item_id provider key url closed_at sample } }', { retro_id: retroId })).retroActionIssues ?? [],
});

/** Every change refreshes the whole integrations family (connections, accounts, sample status). */
function useIntegrationsMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integrations'] }) });
}

export const useConnectIntegration = () => useIntegrationsMutation(async (input: ConnectInput) =>
  (await gql<{ connectIntegration: IntegrationConnection }>(`mutation ConnectIntegration($input: ConnectIntegrationInput!) { connectIntegration(input: $input) { ${CONNECTION_FIELDS} } }`, { input })).connectIntegration);

export const useTestIntegrationInput = () => useMutation({
  mutationFn: async (input: ConnectInput) => (await gql<{ testIntegrationInput: IntegrationTestResult }>(
    'mutation TestIntegrationInput($input: ConnectIntegrationInput!) { testIntegrationInput(input: $input) { ok message missing } }', { input })).testIntegrationInput,
});

export const useTestIntegration = () => useMutation({
  mutationFn: async (id: string) => (await gql<{ testIntegration: IntegrationTestResult }>('mutation TestIntegration($id: ID!) { testIntegration(id: $id) { ok message missing } }', { id })).testIntegration,
});

export const useUpdateIntegration = () => useIntegrationsMutation(async ({ id, input }: { id: string; input: UpdateInput }) =>
  (await gql<{ updateIntegration: IntegrationConnection }>(`mutation UpdateIntegration($id: ID!, $input: UpdateIntegrationInput!) { updateIntegration(id: $id, input: $input) { ${CONNECTION_FIELDS} } }`, { id, input })).updateIntegration);

export const useDisconnectIntegration = () => useIntegrationsMutation(async (id: string) =>
  (await gql<{ disconnectIntegration: boolean }>('mutation DisconnectIntegration($id: ID!) { disconnectIntegration(id: $id) }', { id })).disconnectIntegration);

export const useSyncIntegration = () => useIntegrationsMutation(async ({ id, kind }: { id: string; kind?: SyncKind }) =>
  (await gql<{ syncIntegration: SyncRun }>(`mutation SyncIntegration($id: ID!, $kind: SyncKind) { syncIntegration(id: $id, kind: $kind) { ${RUN_FIELDS} } }`, { id, kind: kind ?? null })).syncIntegration);

export const useRefreshIntegrationScopes = () => useIntegrationsMutation(async (id: string) =>
  (await gql<{ refreshIntegrationScopes: IntegrationScope[] }>(`mutation RefreshIntegrationScopes($id: ID!) { refreshIntegrationScopes(id: $id) { ${SCOPE_FIELDS} } }`, { id })).refreshIntegrationScopes);

export const useSetIntegrationScopes = () => useIntegrationsMutation(async ({ id, scopes }: { id: string; scopes: Array<{ id: string; included: boolean; team_id: string | null }> }) =>
  (await gql<{ setIntegrationScopes: IntegrationScope[] }>(`mutation SetIntegrationScopes($id: ID!, $scopes: [IntegrationScopeInput!]!) { setIntegrationScopes(id: $id, scopes: $scopes) { ${SCOPE_FIELDS} } }`, { id, scopes })).setIntegrationScopes);

export const useMatchExternalAccount = () => useIntegrationsMutation(async ({ id, user_id }: { id: string; user_id: string | null }) =>
  (await gql<{ matchExternalAccount: ExternalAccount }>(`mutation MatchExternalAccount($id: ID!, $user_id: ID) { matchExternalAccount(id: $id, user_id: $user_id) { ${ACCOUNT_FIELDS} } }`, { id, user_id })).matchExternalAccount);

export const useSetExternalAccountBot = () => useIntegrationsMutation(async ({ id, is_bot }: { id: string; is_bot: boolean }) =>
  (await gql<{ setExternalAccountBot: ExternalAccount }>(`mutation SetExternalAccountBot($id: ID!, $is_bot: Boolean!) { setExternalAccountBot(id: $id, is_bot: $is_bot) { ${ACCOUNT_FIELDS} } }`, { id, is_bot })).setExternalAccountBot);

export const useRematchExternalAccounts = () => useIntegrationsMutation(async () =>
  (await gql<{ rematchExternalAccounts: number }>('mutation RematchExternalAccounts { rematchExternalAccounts }')).rematchExternalAccounts);

export const useUpdateCodeProcess = () => useIntegrationsMutation(async (input: CodeProcessSettings) =>
  (await gql<{ updateCodeProcessSettings: CodeProcess }>(`mutation UpdateCodeProcessSettings($input: CodeProcessSettingsInput!) { updateCodeProcessSettings(input: $input) { ${CODE_PROCESS_FIELDS} } }`, { input })).updateCodeProcessSettings);

export const useLoadSampleData = () => useIntegrationsMutation(async () =>
  (await gql<{ loadSampleInsightsData: SampleDataStatus }>(`mutation LoadSampleInsightsData { loadSampleInsightsData { ${SAMPLE_FIELDS} } }`)).loadSampleInsightsData);

export const useRemoveSampleData = () => useIntegrationsMutation(async () =>
  (await gql<{ removeSampleInsightsData: boolean }>('mutation RemoveSampleInsightsData { removeSampleInsightsData }')).removeSampleInsightsData);

export const useSendRetroActionToTracker = () => useIntegrationsMutation(async ({ action_item_id, scope_id }: { action_item_id: string; scope_id: string }) =>
  (await gql<{ sendRetroActionToTracker: RetroActionIssue }>(
    'mutation SendRetroActionToTracker($action_item_id: ID!, $scope_id: ID!) { sendRetroActionToTracker(action_item_id: $action_item_id, scope_id: $scope_id) { action_item_id provider key url closed_at sample } }',
    { action_item_id, scope_id })).sendRetroActionToTracker);

export const DEPLOYMENT_SOURCE_LABELS: Record<DeploymentSource, string> = {
  DEPLOYMENTS: 'Deployments (the service’s deployment events)',
  RELEASES: 'Releases',
  TAGS: 'Tags',
  WORKFLOW: 'Workflow runs (a CI workflow by name)',
  MERGE: 'Every merge to a counted branch',
};

export const RUN_STATUS_LABELS: Record<SyncRunStatus, string> = {
  QUEUED: 'Queued', RUNNING: 'Running', RATE_LIMITED: 'Rate limited', DONE: 'Done', FAILED: 'Failed', INTERRUPTED: 'Interrupted',
};
export const RUN_KIND_LABELS: Record<SyncKind, string> = { BACKFILL: 'Backfill', INCREMENTAL: 'Incremental', RECONCILE: 'Reconciliation' };
export const MATCH_KIND_LABELS: Record<MatchKind, string> = {
  FIELD: 'By profile field', EMAIL: 'By email', MANUAL: 'By an admin', NONE: 'Not matched', AMBIGUOUS: 'Ambiguous',
};
