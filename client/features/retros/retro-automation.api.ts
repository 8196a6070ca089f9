import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetroAutomationTrigger, RetroPhase } from '../../../shared/retros.js';
import type { RetroAutomationRuleData } from '../../../shared/retros.automation.js';
import { gql, graphql } from '../../lib/graphql.js';

/** Retro automation rules as the automation screen reads them (retros: the latest 10 the rule created). */
export type RetroAutomationRule = {
  id: string; team: { id: string; name: string }; trigger: RetroAutomationTrigger; every_weeks: number; anchor_at: string | null;
  template: { id: string; name: string; archived: boolean } | null; health_check: { id: string; name: string } | null;
  facilitator: { id: string; full_name: string } | null; anonymous: boolean; max_votes: number; max_votes_per_group: number;
  reflect_hours: number | null; vote_hours: number | null; paused: boolean; next_run_at: string | null;
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

function useInvalidating<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['retroAutomation'] }) });
}

export const UPDATE_RETRO_AUTOMATION_RULE = graphql(`mutation UpdateRetroAutomationRule($id: ID!, $input: RetroAutomationRuleInput!) { updateRetroAutomationRule(id: $id, input: $input) { ${RULE} } }`);
export const CREATE_RETRO_AUTOMATION_RULE = graphql(`mutation CreateRetroAutomationRule($input: RetroAutomationRuleInput!) { createRetroAutomationRule(input: $input) { ${RULE} } }`);

export const useSaveRetroRule = () => useInvalidating(async ({ id, input }: { id: string | null; input: RetroAutomationRuleData }) => (id
  ? (await gql(UPDATE_RETRO_AUTOMATION_RULE, { id, input })).updateRetroAutomationRule
  : (await gql(CREATE_RETRO_AUTOMATION_RULE, { input })).createRetroAutomationRule));

export const PAUSE_RETRO_AUTOMATION_RULE = graphql(`mutation PauseRetroAutomationRule($id: ID!) { pauseRetroAutomationRule(id: $id) { ${RULE} } }`);
export const RESUME_RETRO_AUTOMATION_RULE = graphql(`mutation ResumeRetroAutomationRule($id: ID!) { resumeRetroAutomationRule(id: $id) { ${RULE} } }`);

export const useSetRetroRulePaused = () => useInvalidating(async ({ id, paused }: { id: string; paused: boolean }) => (paused
  ? (await gql(PAUSE_RETRO_AUTOMATION_RULE, { id })).pauseRetroAutomationRule
  : (await gql(RESUME_RETRO_AUTOMATION_RULE, { id })).resumeRetroAutomationRule));

export const DELETE_RETRO_AUTOMATION_RULE = graphql('mutation DeleteRetroAutomationRule($id: ID!) { deleteRetroAutomationRule(id: $id) }');

export const useDeleteRetroRule = () => useInvalidating(async (id: string) =>
  (await gql(DELETE_RETRO_AUTOMATION_RULE, { id })).deleteRetroAutomationRule);
