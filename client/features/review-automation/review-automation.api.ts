import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewAutomationRuleData, ReviewAutomationRuleType } from '../../../shared/review-automation.schemas.js';
import type { SprintData } from '../../../shared/sprints.schemas.js';
import type { ReviewReminderSettingsData } from '../../../shared/review-reminders.schemas.js';
import type { ReviewCycleStatus } from '../../../shared/review-cycle.schemas.js';
import type { Perspective } from '../../../shared/review-template.schemas.js';
import { gql } from '../../lib/graphql.js';
import { automationRuleMutations } from '../automation/automation.api.js';

export type AutomationRule = {
  id: string; name: string; type: ReviewAutomationRuleType; template_id: string | null; template_name: string | null; every_count: number; anchor_on: string | null;
  user_ids: string[]; team_ids: string[]; teams: Array<{ id: string; name: string }>; people: Array<{ id: string; full_name: string }>;
  perspectives: Perspective[]; min_peers: number; max_peers: number; anonymity_threshold: number; nomination_days: number; review_days: number; release_days: number | null;
  active: boolean; starts_as_draft: boolean; next_run_at: string | null; run_count: number;
};
export type AutomationRun = { id: string; period_key: string; skipped_reason: string | null; created_at: string; cycle: { id: string; name: string; status: ReviewCycleStatus } | null };
export type Sprint = { id: string; team_id: string; team: { id: string; name: string } | null; name: string; starts_on: string; ends_on: string };

const RULE = `id name type template_id template_name every_count anchor_on user_ids team_ids teams { id name } people { id full_name } perspectives
  min_peers max_peers anonymity_threshold nomination_days review_days release_days active starts_as_draft next_run_at run_count`;
const SPRINT = 'id team_id team { id name } name starts_on ends_on';

export const automationRulesQueryOptions = queryOptions({
  queryKey: ['reviewAutomation', 'rules'],
  queryFn: async () => (await gql<{ reviewAutomationRules: AutomationRule[] }>(`query ReviewAutomationRules { reviewAutomationRules { ${RULE} } }`)).reviewAutomationRules,
});

export const automationRunsQueryOptions = (ruleId: string) => queryOptions({
  queryKey: ['reviewAutomation', 'runs', ruleId],
  queryFn: async () => (await gql<{ reviewAutomationRuns: AutomationRun[] }>(
    'query ReviewAutomationRuns($ruleId: ID!) { reviewAutomationRuns(ruleId: $ruleId) { id period_key skipped_reason created_at cycle { id name status } } }', { ruleId })).reviewAutomationRuns,
});

export const sprintsQueryOptions = queryOptions({
  queryKey: ['reviewAutomation', 'sprints'],
  queryFn: async () => (await gql<{ reviewSprints: Sprint[] }>(`query ReviewSprints { reviewSprints { ${SPRINT} } }`)).reviewSprints,
});

function useInvalidating<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviewAutomation'] }) });
}

/** Create, update, pause, resume and delete a rule (client/features/automation). */
export const reviewRuleMutations = automationRuleMutations<AutomationRule, ReviewAutomationRuleData>('reviewAutomation', {
  create: `mutation CreateReviewAutomationRule($input: ReviewAutomationRuleInput!) { createReviewAutomationRule(input: $input) { ${RULE} } }`,
  update: `mutation UpdateReviewAutomationRule($id: ID!, $input: ReviewAutomationRuleInput!) { updateReviewAutomationRule(id: $id, input: $input) { ${RULE} } }`,
  pause: `mutation PauseReviewAutomationRule($id: ID!) { pauseReviewAutomationRule(id: $id) { ${RULE} } }`,
  resume: `mutation ResumeReviewAutomationRule($id: ID!) { resumeReviewAutomationRule(id: $id) { ${RULE} } }`,
  delete: 'mutation DeleteReviewAutomationRule($id: ID!) { deleteReviewAutomationRule(id: $id) }',
});

export const useCreateSprint = () => useInvalidating(async (input: SprintData) =>
  (await gql<{ createReviewSprint: Sprint }>(`mutation CreateReviewSprint($input: ReviewSprintInput!) { createReviewSprint(input: $input) { ${SPRINT} } }`, { input })).createReviewSprint);

/** Same invalidation as creating: the list, and the rules' next run (a sprint's end is a sprint rule's next run). */
export const useUpdateSprint = () => useInvalidating(async ({ id, input }: { id: string; input: SprintData }) =>
  (await gql<{ updateReviewSprint: Sprint }>(`mutation UpdateReviewSprint($id: ID!, $input: ReviewSprintInput!) { updateReviewSprint(id: $id, input: $input) { ${SPRINT} } }`, { id, input })).updateReviewSprint);

export const useDeleteSprint = () => useInvalidating(async (id: string) =>
  (await gql<{ deleteReviewSprint: boolean }>('mutation DeleteReviewSprint($id: ID!) { deleteReviewSprint(id: $id) }', { id })).deleteReviewSprint);


export type ReminderSettings = ReviewReminderSettingsData & { updated_at: string | null };
const REMINDERS = 'days_before when_overdue updated_at';

export const reminderSettingsQueryOptions = queryOptions({
  queryKey: ['reviewAutomation', 'reminders'],
  queryFn: async () => (await gql<{ reviewReminderSettings: ReminderSettings }>(`query ReviewReminderSettings { reviewReminderSettings { ${REMINDERS} } }`)).reviewReminderSettings,
});

export const useSaveReminderSettings = () => useInvalidating(async (input: ReviewReminderSettingsData) =>
  (await gql<{ updateReviewReminderSettings: ReminderSettings }>(`mutation UpdateReviewReminderSettings($input: ReviewReminderSettingsInput!) { updateReviewReminderSettings(input: $input) { ${REMINDERS} } }`, { input })).updateReviewReminderSettings);
