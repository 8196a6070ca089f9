import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewAutomationRuleData } from '../../../shared/review-automation.schemas.js';
import type { SprintData } from '../../../shared/sprints.schemas.js';
import type { ReviewReminderSettingsData } from '../../../shared/review-reminders.schemas.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';
import { automationRuleMutations } from '../automation/automation.api.js';

const RULE = `id name type template_id template_name every_count anchor_on user_ids team_ids teams { id name } people { id full_name } perspectives
  min_peers max_peers anonymity_threshold nomination_days review_days release_days active starts_as_draft next_run_at run_count`;
const SPRINT = 'id team_id team { id name } name starts_on ends_on';

export const REVIEW_AUTOMATION_RULES = graphql(`query ReviewAutomationRules { reviewAutomationRules { ${RULE} } }`);
export type AutomationRule = ResultOf<typeof REVIEW_AUTOMATION_RULES>['reviewAutomationRules'][number];

export const automationRulesQueryOptions = queryOptions({
  queryKey: ['reviewAutomation', 'rules'],
  queryFn: async () => (await gql(REVIEW_AUTOMATION_RULES)).reviewAutomationRules,
});

export const REVIEW_AUTOMATION_RUNS = graphql(
  'query ReviewAutomationRuns($ruleId: ID!) { reviewAutomationRuns(ruleId: $ruleId) { id period_key skipped_reason created_at cycle { id name status } } }',
);
export type AutomationRun = ResultOf<typeof REVIEW_AUTOMATION_RUNS>['reviewAutomationRuns'][number];

export const automationRunsQueryOptions = (ruleId: string) =>
  queryOptions({
    queryKey: ['reviewAutomation', 'runs', ruleId],
    queryFn: async () => (await gql(REVIEW_AUTOMATION_RUNS, { ruleId })).reviewAutomationRuns,
  });

export const REVIEW_SPRINTS = graphql(`query ReviewSprints { reviewSprints { ${SPRINT} } }`);
export type Sprint = ResultOf<typeof REVIEW_SPRINTS>['reviewSprints'][number];

export const sprintsQueryOptions = queryOptions({
  queryKey: ['reviewAutomation', 'sprints'],
  queryFn: async () => (await gql(REVIEW_SPRINTS)).reviewSprints,
});

function useInvalidating<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviewAutomation'] }) });
}

/** Create, update, pause, resume and delete a rule (client/features/automation). */
export const REVIEW_RULE_DOCUMENTS = {
  create: graphql(`mutation CreateReviewAutomationRule($input: ReviewAutomationRuleInput!) { createReviewAutomationRule(input: $input) { ${RULE} } }`),
  update: graphql(
    `mutation UpdateReviewAutomationRule($id: ID!, $input: ReviewAutomationRuleInput!) { updateReviewAutomationRule(id: $id, input: $input) { ${RULE} } }`,
  ),
  pause: graphql(`mutation PauseReviewAutomationRule($id: ID!) { pauseReviewAutomationRule(id: $id) { ${RULE} } }`),
  resume: graphql(`mutation ResumeReviewAutomationRule($id: ID!) { resumeReviewAutomationRule(id: $id) { ${RULE} } }`),
  delete: graphql('mutation DeleteReviewAutomationRule($id: ID!) { deleteReviewAutomationRule(id: $id) }'),
};
export const reviewRuleMutations = automationRuleMutations<AutomationRule, ReviewAutomationRuleData>('reviewAutomation', REVIEW_RULE_DOCUMENTS);

export const CREATE_REVIEW_SPRINT = graphql(`mutation CreateReviewSprint($input: ReviewSprintInput!) { createReviewSprint(input: $input) { ${SPRINT} } }`);

export const useCreateSprint = () => useInvalidating(async (input: SprintData) => (await gql(CREATE_REVIEW_SPRINT, { input })).createReviewSprint);

export const UPDATE_REVIEW_SPRINT = graphql(
  `mutation UpdateReviewSprint($id: ID!, $input: ReviewSprintInput!) { updateReviewSprint(id: $id, input: $input) { ${SPRINT} } }`,
);

/** Same invalidation as creating: the list, and the rules' next run (a sprint's end is a sprint rule's next run). */
export const useUpdateSprint = () =>
  useInvalidating(async ({ id, input }: { id: string; input: SprintData }) => (await gql(UPDATE_REVIEW_SPRINT, { id, input })).updateReviewSprint);

export const DELETE_REVIEW_SPRINT = graphql('mutation DeleteReviewSprint($id: ID!) { deleteReviewSprint(id: $id) }');

export const useDeleteSprint = () => useInvalidating(async (id: string) => (await gql(DELETE_REVIEW_SPRINT, { id })).deleteReviewSprint);

const REMINDERS = 'days_before when_overdue updated_at';

export const REVIEW_REMINDER_SETTINGS = graphql(`query ReviewReminderSettings { reviewReminderSettings { ${REMINDERS} } }`);
export type ReminderSettings = ResultOf<typeof REVIEW_REMINDER_SETTINGS>['reviewReminderSettings'];

export const reminderSettingsQueryOptions = queryOptions({
  queryKey: ['reviewAutomation', 'reminders'],
  queryFn: async () => (await gql(REVIEW_REMINDER_SETTINGS)).reviewReminderSettings,
});

export const UPDATE_REVIEW_REMINDER_SETTINGS = graphql(
  `mutation UpdateReviewReminderSettings($input: ReviewReminderSettingsInput!) { updateReviewReminderSettings(input: $input) { ${REMINDERS} } }`,
);

export const useSaveReminderSettings = () =>
  useInvalidating(async (input: ReviewReminderSettingsData) => (await gql(UPDATE_REVIEW_REMINDER_SETTINGS, { input })).updateReviewReminderSettings);
