import { queryOptions } from '@tanstack/react-query';
import type { RetroAutomationTrigger, RetroPhase } from '../../../shared/retros.js';
import type { RetroAutomationRuleData } from '../../../shared/retros.automation.js';
import { gql, graphql } from '../../lib/graphql.js';
import { automationRuleMutations } from '../automation/automation.api.js';

/** Retro automation rules as the automation screen reads them (retros: the latest 10 the rule created). */
export type RetroAutomationRule = {
  id: string;
  team: { id: string; name: string };
  trigger: RetroAutomationTrigger;
  every_weeks: number;
  anchor_at: string | null;
  template: { id: string; name: string; archived: boolean } | null;
  health_check: { id: string; name: string } | null;
  facilitator: { id: string; full_name: string } | null;
  anonymous: boolean;
  max_votes: number;
  max_votes_per_group: number;
  reflect_hours: number | null;
  vote_hours: number | null;
  paused: boolean;
  next_run_at: string | null;
  retros: Array<{ id: string; title: string; phase: RetroPhase; scheduled_at: string }>;
};
export type RetroChoice = { id: string; name: string; archived: boolean };

const RULE = `id team { id name } trigger every_weeks anchor_at template { id name archived } health_check { id name } facilitator { id full_name }
  anonymous max_votes max_votes_per_group reflect_hours vote_hours paused next_run_at retros { id title phase scheduled_at }`;

export const RETRO_AUTOMATION_RULES = graphql(`query RetroAutomationRules { retroAutomationRules { ${RULE} } }`);

export const retroAutomationRulesQueryOptions = queryOptions({
  queryKey: ['retroAutomation', 'rules'],
  queryFn: async () => (await gql(RETRO_AUTOMATION_RULES)).retroAutomationRules,
});

export const RETRO_AUTOMATION_CHOICES = graphql('query RetroAutomationChoices { retroTemplates { id name archived } retroHealthChecks { id name archived } }');

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
