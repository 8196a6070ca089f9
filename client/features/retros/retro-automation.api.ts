import { queryOptions } from '@tanstack/react-query';
import type { RetroAutomationRuleData } from '../../../shared/retros.automation.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';
import { automationRuleMutations } from '../automation/automation.api.js';

const RULE = `id team { id name } trigger every_weeks anchor_at template { id name archived } health_check { id name } facilitator { id full_name }
  anonymous max_votes max_votes_per_group reflect_hours vote_hours paused next_run_at retros { id title phase scheduled_at }`;

export const RETRO_AUTOMATION_RULES = graphql(`query RetroAutomationRules { retroAutomationRules { ${RULE} } }`);

/** Retro automation rules as the automation screen reads them (retros: the latest 10 the rule created). */
export type RetroAutomationRule = ResultOf<typeof RETRO_AUTOMATION_RULES>['retroAutomationRules'][number];

export const retroAutomationRulesQueryOptions = queryOptions({
  queryKey: ['retroAutomation', 'rules'],
  queryFn: async () => (await gql(RETRO_AUTOMATION_RULES)).retroAutomationRules,
});

export const RETRO_AUTOMATION_CHOICES = graphql('query RetroAutomationChoices { retroTemplates { id name archived } retroHealthChecks { id name archived } }');
export type RetroChoice = ResultOf<typeof RETRO_AUTOMATION_CHOICES>['retroTemplates'][number];

/** Templates and health checks a rule may use (archived ones are left out by the server unless asked). */
export const retroAutomationChoicesQueryOptions = queryOptions({
  queryKey: ['retroTemplates', 'automationChoices'],
  queryFn: async () => {
    const data = await gql(RETRO_AUTOMATION_CHOICES);
    return { templates: data.retroTemplates.filter((t) => !t.archived), healthChecks: data.retroHealthChecks.filter((h) => !h.archived) };
  },
});

/** Create, update, pause, resume and delete a rule (client/features/automation). */
export const RETRO_RULE_DOCUMENTS = {
  create: graphql(`mutation CreateRetroAutomationRule($input: RetroAutomationRuleInput!) { createRetroAutomationRule(input: $input) { ${RULE} } }`),
  update: graphql(
    `mutation UpdateRetroAutomationRule($id: ID!, $input: RetroAutomationRuleInput!) { updateRetroAutomationRule(id: $id, input: $input) { ${RULE} } }`,
  ),
  pause: graphql(`mutation PauseRetroAutomationRule($id: ID!) { pauseRetroAutomationRule(id: $id) { ${RULE} } }`),
  resume: graphql(`mutation ResumeRetroAutomationRule($id: ID!) { resumeRetroAutomationRule(id: $id) { ${RULE} } }`),
  delete: graphql('mutation DeleteRetroAutomationRule($id: ID!) { deleteRetroAutomationRule(id: $id) }'),
};
export const retroRuleMutations = automationRuleMutations<RetroAutomationRule, RetroAutomationRuleData>('retroAutomation', RETRO_RULE_DOCUMENTS);
