import { queryOptions } from '@tanstack/react-query';
import type { FeedbackAutomationRuleInput, FeedbackResponders } from '../../../shared/feedback.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';
import { automationRuleMutations } from '../automation/automation.api.js';
import { FEEDBACK_RULE_FIELDS, type FeedbackAutomationRule } from './feedback.types.js';

export const FEEDBACK_AUTOMATION_RULES = graphql(`query FeedbackAutomationRules { feedbackAutomationRules { ${FEEDBACK_RULE_FIELDS} } }`);

/** Feedback automation rules (/continuous-feedback/automation): periodic requests per team or the whole organization. */

export const feedbackAutomationRulesQueryOptions = queryOptions({
  queryKey: ['feedbackAutomation', 'rules'],
  queryFn: async () => (await gql(FEEDBACK_AUTOMATION_RULES)).feedbackAutomationRules,
});

export const FEEDBACK_AUTOMATION_TEMPLATES = graphql('query FeedbackAutomationTemplates { feedbackTemplates { id name archived } }');
export type FeedbackTemplateChoice = ResultOf<typeof FEEDBACK_AUTOMATION_TEMPLATES>['feedbackTemplates'][number];

/** Templates a rule may use: built-ins and the organization's own, archived ones left out. */
export const feedbackAutomationTemplatesQueryOptions = queryOptions({
  queryKey: ['feedbackTemplates', 'automationChoices'],
  queryFn: async () => (await gql(FEEDBACK_AUTOMATION_TEMPLATES)).feedbackTemplates.filter((t) => !t.archived),
});

/** Create, update, pause, resume and delete a rule (client/features/automation). */
export const FEEDBACK_RULE_DOCUMENTS = {
  create: graphql(
    `mutation CreateFeedbackAutomationRule($input: FeedbackAutomationRuleInput!) { createFeedbackAutomationRule(input: $input) { ${FEEDBACK_RULE_FIELDS} } }`,
  ),
  update: graphql(
    `mutation UpdateFeedbackAutomationRule($id: ID!, $input: FeedbackAutomationRuleInput!) { updateFeedbackAutomationRule(id: $id, input: $input) { ${FEEDBACK_RULE_FIELDS} } }`,
  ),
  pause: graphql(`mutation PauseFeedbackAutomationRule($id: ID!) { pauseFeedbackAutomationRule(id: $id) { ${FEEDBACK_RULE_FIELDS} } }`),
  resume: graphql(`mutation ResumeFeedbackAutomationRule($id: ID!) { resumeFeedbackAutomationRule(id: $id) { ${FEEDBACK_RULE_FIELDS} } }`),
  delete: graphql('mutation DeleteFeedbackAutomationRule($id: ID!) { deleteFeedbackAutomationRule(id: $id) }'),
};
export const feedbackRuleMutations = automationRuleMutations<FeedbackAutomationRule, FeedbackAutomationRuleInput>(
  'feedbackAutomation',
  FEEDBACK_RULE_DOCUMENTS,
);

export const RESPONDER_LABELS: Record<FeedbackResponders, string> = {
  TEAMMATES: 'Teammates',
  MANAGER: 'Their manager',
  BOTH: 'Teammates and their manager',
};

/** Who is asked, in words (the count is of teammates): "3 teammates", "Their manager", "Their manager and 2 teammates". */
export function describeResponders(rule: Pick<FeedbackAutomationRule, 'responders' | 'responder_count'>): string {
  const mates = (n: number) => `${n} teammate${n === 1 ? '' : 's'}`;
  if (rule.responders === 'MANAGER') return 'Their manager';
  if (rule.responders === 'TEAMMATES') return mates(rule.responder_count);
  return `Their manager and ${mates(rule.responder_count)}`;
}

/** A rule's trigger and scope in words: "After each sprint end of Platform", "Monthly, whole organization", "30 days after each person's start date in Mobile". */
export function describeFeedbackTrigger(rule: Pick<FeedbackAutomationRule, 'trigger' | 'days_after_start' | 'team'>): string {
  const scope = rule.team ? rule.team.name : 'the whole organization';
  if (rule.trigger === 'SPRINT_END') return `After each sprint end of ${rule.team ? rule.team.name : 'every team'}`;
  if (rule.trigger === 'MONTHLY') return `Monthly for ${scope}`;
  const days = rule.days_after_start ?? 0;
  return `${days} day${days === 1 ? '' : 's'} after each start date in ${scope}`;
}
