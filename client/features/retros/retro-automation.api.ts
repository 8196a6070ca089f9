import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetroAutomationTrigger, RetroPhase } from '../../../shared/retros.js';
import type { RetroAutomationRuleData } from '../../../shared/retros.automation.js';
import { gql } from '../../lib/graphql.js';

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

export const retroAutomationRulesQueryOptions = queryOptions({
  queryKey: ['retroAutomation', 'rules'],
  queryFn: async () => (await gql<{ retroAutomationRules: RetroAutomationRule[] }>(`query RetroAutomationRules { retroAutomationRules { ${RULE} } }`)).retroAutomationRules,
});

/** Templates and health checks a rule may use (archived ones are left out by the server unless asked). */
export const retroAutomationChoicesQueryOptions = queryOptions({
  queryKey: ['retroTemplates', 'automationChoices'],
  queryFn: async () => {
    const data = await gql<{ retroTemplates: RetroChoice[]; retroHealthChecks: RetroChoice[] }>(
      'query RetroAutomationChoices { retroTemplates { id name archived } retroHealthChecks { id name archived } }');
    return { templates: data.retroTemplates.filter((t) => !t.archived), healthChecks: data.retroHealthChecks.filter((h) => !h.archived) };
  },
});

function useInvalidating<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['retroAutomation'] }) });
}

export const useSaveRetroRule = () => useInvalidating(async ({ id, input }: { id: string | null; input: RetroAutomationRuleData }) => (id
  ? (await gql<{ updateRetroAutomationRule: RetroAutomationRule }>(`mutation UpdateRetroAutomationRule($id: ID!, $input: RetroAutomationRuleInput!) { updateRetroAutomationRule(id: $id, input: $input) { ${RULE} } }`, { id, input })).updateRetroAutomationRule
  : (await gql<{ createRetroAutomationRule: RetroAutomationRule }>(`mutation CreateRetroAutomationRule($input: RetroAutomationRuleInput!) { createRetroAutomationRule(input: $input) { ${RULE} } }`, { input })).createRetroAutomationRule));

export const useSetRetroRulePaused = () => useInvalidating(async ({ id, paused }: { id: string; paused: boolean }) => (paused
  ? (await gql<{ pauseRetroAutomationRule: RetroAutomationRule }>(`mutation PauseRetroAutomationRule($id: ID!) { pauseRetroAutomationRule(id: $id) { ${RULE} } }`, { id })).pauseRetroAutomationRule
  : (await gql<{ resumeRetroAutomationRule: RetroAutomationRule }>(`mutation ResumeRetroAutomationRule($id: ID!) { resumeRetroAutomationRule(id: $id) { ${RULE} } }`, { id })).resumeRetroAutomationRule));

export const useDeleteRetroRule = () => useInvalidating(async (id: string) =>
  (await gql<{ deleteRetroAutomationRule: boolean }>('mutation DeleteRetroAutomationRule($id: ID!) { deleteRetroAutomationRule(id: $id) }', { id })).deleteRetroAutomationRule);
