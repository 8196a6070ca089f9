import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetroActionStatus, RetroPrompt } from '../../../shared/retros.js';
import { gql } from '../../lib/graphql.js';
import { ACTION_ITEM_FIELDS, RETRO_FIELDS, RETRO_LIST_FIELDS, type Retro, type RetroActionItem, type RetroListItem } from './retro.types.js';

/** The retro list, the "new retro" dialog, and the two dashboard cards (upcoming retros, my action items). */
export type RetroListEntry = RetroListItem & { viewer_can_facilitate: boolean };
export type RetroTeamPerson = { id: string; full_name: string; email: string; role: string | null };
export type RetroTeam = { id: string; name: string; manager: RetroTeamPerson | null; team_lead: RetroTeamPerson | null; users: RetroTeamPerson[] };
export type RetroTemplateChoice = { id: string; name: string; description: string; prompts: RetroPrompt[]; built_in: boolean; archived?: boolean };
export type RetroHealthCheckChoice = { id: string; name: string; statements: string[]; built_in: boolean; archived?: boolean };
export type RetroSprintChoice = { id: string; name: string; starts_on: string; ends_on: string };
/** What the edit dialog starts from (the list's lighter shape lacks the settings). */
export type RetroSettings = Pick<Retro, 'id' | 'title' | 'team' | 'sprint' | 'template_name' | 'facilitator' | 'anonymous' | 'max_votes' | 'max_votes_per_group'
  | 'check_in_question' | 'health_statements' | 'scheduled_at' | 'reflect_deadline' | 'vote_deadline' | 'started_at' | 'ended_at'>;

const LIST = `${RETRO_LIST_FIELDS} viewer_can_facilitate`;
const TEAM_PERSON = 'id full_name email role';
const SETTINGS = `id title team { id name } sprint { id name ends_on } template_name facilitator { id full_name } anonymous max_votes max_votes_per_group
  check_in_question health_statements scheduled_at reflect_deadline vote_deadline started_at ended_at`;

/** Phases move live: the list and the upcoming card are read again when shown after 5 s (not the app's 30 s). */
const LIVE_STALE_MS = 5_000;

export const retrosQueryOptions = (teamId: string | null) => queryOptions({
  queryKey: ['retros', 'list', teamId ?? 'all'],
  staleTime: LIVE_STALE_MS,
  queryFn: async () => (await gql<{ retros: RetroListEntry[] }>(`query Retros($team_id: ID) { retros(team_id: $team_id) { ${LIST} } }`, { team_id: teamId })).retros,
});

export const retroTeamsQueryOptions = queryOptions({
  queryKey: ['retros', 'teams'],
  queryFn: async () => (await gql<{ retroTeams: RetroTeam[] }>(
    `query RetroTeams { retroTeams { id name manager { ${TEAM_PERSON} } team_lead { ${TEAM_PERSON} } users { ${TEAM_PERSON} } } }`)).retroTeams,
});

/** Templates one can start a retro with: not archived, built-ins first (the server's order). */
export const retroTemplateChoicesQueryOptions = queryOptions({
  queryKey: ['retroTemplates', 'choices'],
  queryFn: async () => (await gql<{ retroTemplates: RetroTemplateChoice[] }>(
    'query RetroTemplateChoices { retroTemplates { id name description prompts { id title description colour } built_in archived } }')).retroTemplates,
});

export const retroHealthCheckChoicesQueryOptions = queryOptions({
  queryKey: ['retroHealthChecks', 'choices'],
  queryFn: async () => (await gql<{ retroHealthChecks: RetroHealthCheckChoice[] }>(
    'query RetroHealthCheckChoices { retroHealthChecks { id name statements built_in archived } }')).retroHealthChecks,
});

/** The team's sprints that reviews automation keeps (managers, leads and admins may read them; others get FORBIDDEN). */
export const retroTeamSprintsQueryOptions = (teamId: string) => queryOptions({
  queryKey: ['retros', 'sprints', teamId],
  queryFn: async () => (await gql<{ reviewSprints: RetroSprintChoice[] }>(
    'query RetroTeamSprints($teamId: ID) { reviewSprints(teamId: $teamId) { id name starts_on ends_on } }', { teamId })).reviewSprints,
  retry: false,
});

export const retroSettingsQueryOptions = (id: string) => queryOptions({
  queryKey: ['retros', 'settings', id],
  queryFn: async () => (await gql<{ retro: RetroSettings | null }>(`query RetroSettings($id: ID!) { retro(id: $id) { ${SETTINGS} } }`, { id })).retro,
});

export const upcomingRetrosQueryOptions = queryOptions({
  queryKey: ['retros', 'upcoming'],
  staleTime: LIVE_STALE_MS,
  queryFn: async () => (await gql<{ upcomingRetros: RetroListEntry[] }>(`query UpcomingRetros { upcomingRetros { ${LIST} } }`)).upcomingRetros,
});

export const myRetroActionItemsQueryOptions = queryOptions({
  queryKey: ['retroActionItems', 'mine'],
  queryFn: async () => (await gql<{ myRetroActionItems: RetroActionItem[] }>(`query MyRetroActionItems { myRetroActionItems { ${ACTION_ITEM_FIELDS} } }`)).myRetroActionItems,
});

function useInvalidating<V, R>(run: (variables: V) => Promise<R>, keys: string[][]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
const RETROS = [['retros'], ['retro']];

export type CreateRetroVariables = {
  team_id: string; sprint_id?: string | null; template_id: string; title?: string; facilitator_id?: string; anonymous?: boolean; max_votes?: number;
  max_votes_per_group?: number; check_in_question?: string | null; health_check_id?: string | null; scheduled_at?: string;
  reflect_deadline?: string | null; vote_deadline?: string | null;
};
export type RetroSettingsVariables = Omit<CreateRetroVariables, 'team_id' | 'sprint_id' | 'template_id'>;

/** The answer is the whole retro: it seeds the meeting page's query (['retro', id]), which opens next without waiting. */
export function useCreateRetro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateRetroVariables) =>
      (await gql<{ createRetro: Retro }>(`mutation CreateRetro($input: CreateRetroInput!) { createRetro(input: $input) { ${RETRO_FIELDS} } }`, { input })).createRetro,
    onSuccess: async (retro) => {
      await queryClient.invalidateQueries({ queryKey: ['retros'] });
      queryClient.setQueryData(['retro', retro.id], retro);
    },
  });
}

export const useUpdateRetro = () => useInvalidating(async ({ id, input }: { id: string; input: RetroSettingsVariables }) =>
  (await gql<{ updateRetro: Retro }>(`mutation UpdateRetro($id: ID!, $input: RetroSettingsInput!) { updateRetro(id: $id, input: $input) { ${RETRO_FIELDS} } }`, { id, input })).updateRetro, RETROS);

export const useDeleteRetro = () => useInvalidating(async (id: string) =>
  (await gql<{ deleteRetro: boolean }>('mutation DeleteRetro($id: ID!) { deleteRetro(id: $id) }', { id })).deleteRetro, RETROS);

/** Status changes stay in place on the card (a done item remains until the next visit, so it can be set back). */
export function useUpdateRetroActionItemStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: RetroActionStatus }) => (await gql<{ updateRetroActionItem: RetroActionItem }>(
      `mutation SetMyRetroActionItemStatus($id: ID!, $input: RetroActionItemInput!) { updateRetroActionItem(id: $id, input: $input) { ${ACTION_ITEM_FIELDS} } }`,
      { id, input: { status } })).updateRetroActionItem,
    onSuccess: async (item) => {
      queryClient.setQueryData(myRetroActionItemsQueryOptions.queryKey, (list) => list?.map((x) => (x.id === item.id ? item : x)));
      await Promise.all(RETROS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
