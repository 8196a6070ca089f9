import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { GOAL_LIMITS, type GoalSettings } from '../../../shared/goals.js';
import { downloadWithToken } from '../../lib/download.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

/** Admins' goal tools: reminder settings, the CSV import (preview, then import) and the export download. */

const SETTINGS_FIELDS = 'check_in_cadence check_in_weekday due_reminder_days';
export const SETTINGS = graphql(`query GoalSettings { goalSettings { ${SETTINGS_FIELDS} } }`);
export const UPDATE_SETTINGS = graphql(`mutation UpdateGoalSettings($input: GoalSettingsInput!) { updateGoalSettings(input: $input) { ${SETTINGS_FIELDS} } }`);
export const PREVIEW = graphql(`mutation PreviewGoalImport($csv: String!) { previewGoalImport(csv: $csv) {
  goals key_results errors { line column message } sample { line title owner parent due_date key_results } } }`);
export const IMPORT = graphql('mutation ImportGoals($csv: String!) { importGoals(csv: $csv) { goals key_results } }');

export const GOALS_EXPORT_URL = '/api/goals/export.csv';
/** The largest file the dialog sends: the server's own limit (the file travels inside a GraphQL request of at most 1 MiB). */
export const GOAL_IMPORT_FILE_MAX_BYTES = GOAL_LIMITS.importBytesMax;

export type GoalImportPreview = ResultOf<typeof PREVIEW>['previewGoalImport'];
export type GoalImportRowError = GoalImportPreview['errors'][number];
export type GoalImportSample = GoalImportPreview['sample'][number];
export type GoalImportResult = ResultOf<typeof IMPORT>['importGoals'];

export const goalSettingsQueryOptions = queryOptions({
  queryKey: ['goals', 'settings'],
  queryFn: async () => (await gql(SETTINGS)).goalSettings,
});

export function useUpdateGoalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: GoalSettings) => (await gql(UPDATE_SETTINGS, { input })).updateGoalSettings,
    onSuccess: (saved) => queryClient.setQueryData(goalSettingsQueryOptions.queryKey, saved),
  });
}

export function usePreviewGoalImport() {
  return useMutation({
    mutationFn: async (csv: string) => (await gql(PREVIEW, { csv })).previewGoalImport,
  });
}

export function useImportGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (csv: string) => (await gql(IMPORT, { csv })).importGoals,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['goals'] }),
  });
}

/** Every goal of the organization as CSV, fetched with the access token. */
export function downloadGoalsCsv(): Promise<void> {
  return downloadWithToken(GOALS_EXPORT_URL, 'goals.csv', (status, message) =>
    status === 401 || status === 403 ? (message ?? 'Only admins can export goals.') : `The export failed (HTTP ${status}).`,
  );
}
