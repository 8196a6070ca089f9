import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetroActionStatus } from '../../../shared/retros.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';
import { ACTION_ITEM_FIELDS, RETRO_FIELDS, RETRO_LIST_FIELDS } from './retro.types.js';

/** The retro list, the "new retro" dialog, and the two dashboard cards (upcoming retros, my action items). */
const LIST = `${RETRO_LIST_FIELDS} viewer_can_facilitate`;
const TEAM_PERSON = 'id full_name email role';
const SETTINGS = `id title team { id name } sprint { id name ends_on } template_name facilitator { id full_name } anonymous max_votes max_votes_per_group
  check_in_question health_statements scheduled_at reflect_deadline vote_deadline started_at ended_at`;

/** Phases move live: the list and the upcoming card are read again when shown after 5 s (not the app's 30 s). */
const LIVE_STALE_MS = 5_000;

export const RETROS_DOCUMENT = graphql(`query Retros($team_id: ID) { retros(team_id: $team_id) { ${LIST} } }`);
export type RetroListEntry = ResultOf<typeof RETROS_DOCUMENT>['retros'][number];

export const retrosQueryOptions = (teamId: string | null) =>
  queryOptions({
    queryKey: ['retros', 'list', teamId ?? 'all'],
    staleTime: LIVE_STALE_MS,
    queryFn: async () => (await gql(RETROS_DOCUMENT, { team_id: teamId })).retros,
  });

export const RETRO_TEAMS = graphql(
  `query RetroTeams { retroTeams { id name manager { ${TEAM_PERSON} } team_lead { ${TEAM_PERSON} } users { ${TEAM_PERSON} } } }`,
);
export type RetroTeam = ResultOf<typeof RETRO_TEAMS>['retroTeams'][number];
export type RetroTeamPerson = RetroTeam['users'][number];

export const retroTeamsQueryOptions = queryOptions({
  queryKey: ['retros', 'teams'],
  queryFn: async () => (await gql(RETRO_TEAMS)).retroTeams,
});

export const RETRO_TEMPLATE_CHOICES = graphql(
  'query RetroTemplateChoices { retroTemplates { id name description prompts { id title description colour } built_in archived } }',
);
export type RetroTemplateChoice = ResultOf<typeof RETRO_TEMPLATE_CHOICES>['retroTemplates'][number];

/** Templates one can start a retro with: not archived, built-ins first (the server's order). */
export const retroTemplateChoicesQueryOptions = queryOptions({
  queryKey: ['retroTemplates', 'choices'],
  queryFn: async () => (await gql(RETRO_TEMPLATE_CHOICES)).retroTemplates,
});

export const RETRO_HEALTH_CHECK_CHOICES = graphql('query RetroHealthCheckChoices { retroHealthChecks { id name statements built_in archived } }');
export type RetroHealthCheckChoice = ResultOf<typeof RETRO_HEALTH_CHECK_CHOICES>['retroHealthChecks'][number];

export const retroHealthCheckChoicesQueryOptions = queryOptions({
  queryKey: ['retroHealthChecks', 'choices'],
  queryFn: async () => (await gql(RETRO_HEALTH_CHECK_CHOICES)).retroHealthChecks,
});

export const RETRO_TEAM_SPRINTS = graphql('query RetroTeamSprints($teamId: ID) { reviewSprints(teamId: $teamId) { id name starts_on ends_on } }');
export type RetroSprintChoice = ResultOf<typeof RETRO_TEAM_SPRINTS>['reviewSprints'][number];

/** The team's sprints that reviews automation keeps (managers, leads and admins may read them; others get FORBIDDEN). */
export const retroTeamSprintsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: ['retros', 'sprints', teamId],
    queryFn: async () => (await gql(RETRO_TEAM_SPRINTS, { teamId })).reviewSprints,
    retry: false,
  });

export const RETRO_SETTINGS = graphql(`query RetroSettings($id: ID!) { retro(id: $id) { ${SETTINGS} } }`);
/** What the edit dialog starts from (the list's lighter shape lacks the settings). */
export type RetroSettings = NonNullable<ResultOf<typeof RETRO_SETTINGS>['retro']>;

export const retroSettingsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['retros', 'settings', id],
    queryFn: async () => (await gql(RETRO_SETTINGS, { id })).retro,
  });

export const UPCOMING_RETROS = graphql(`query UpcomingRetros { upcomingRetros { ${LIST} } }`);

export const upcomingRetrosQueryOptions = queryOptions({
  queryKey: ['retros', 'upcoming'],
  staleTime: LIVE_STALE_MS,
  queryFn: async () => (await gql(UPCOMING_RETROS)).upcomingRetros,
});

export const MY_RETRO_ACTION_ITEMS = graphql(`query MyRetroActionItems { myRetroActionItems { ${ACTION_ITEM_FIELDS} } }`);

export const myRetroActionItemsQueryOptions = queryOptions({
  queryKey: ['retroActionItems', 'mine'],
  queryFn: async () => (await gql(MY_RETRO_ACTION_ITEMS)).myRetroActionItems,
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
  team_id: string;
  sprint_id?: string | null;
  template_id: string;
  title?: string;
  facilitator_id?: string;
  anonymous?: boolean;
  max_votes?: number;
  max_votes_per_group?: number;
  check_in_question?: string | null;
  health_check_id?: string | null;
  scheduled_at?: string;
  reflect_deadline?: string | null;
  vote_deadline?: string | null;
};
export type RetroSettingsVariables = Omit<CreateRetroVariables, 'team_id' | 'sprint_id' | 'template_id'>;

export const CREATE_RETRO = graphql(`mutation CreateRetro($input: CreateRetroInput!) { createRetro(input: $input) { ${RETRO_FIELDS} } }`);

/** The answer is the whole retro: it seeds the meeting page's query (['retro', id]), which opens next without waiting. */
export function useCreateRetro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateRetroVariables) => (await gql(CREATE_RETRO, { input })).createRetro,
    onSuccess: async (retro) => {
      await queryClient.invalidateQueries({ queryKey: ['retros'] });
      queryClient.setQueryData(['retro', retro.id], retro);
    },
  });
}

export const UPDATE_RETRO = graphql(`mutation UpdateRetro($id: ID!, $input: RetroSettingsInput!) { updateRetro(id: $id, input: $input) { ${RETRO_FIELDS} } }`);

export const useUpdateRetro = () =>
  useInvalidating(async ({ id, input }: { id: string; input: RetroSettingsVariables }) => (await gql(UPDATE_RETRO, { id, input })).updateRetro, RETROS);

export const DELETE_RETRO = graphql('mutation DeleteRetro($id: ID!) { deleteRetro(id: $id) }');

export const useDeleteRetro = () => useInvalidating(async (id: string) => (await gql(DELETE_RETRO, { id })).deleteRetro, RETROS);

export const SET_MY_RETRO_ACTION_ITEM_STATUS = graphql(
  `mutation SetMyRetroActionItemStatus($id: ID!, $input: RetroActionItemInput!) { updateRetroActionItem(id: $id, input: $input) { ${ACTION_ITEM_FIELDS} } }`,
);

/** Status changes stay in place on the card (a done item remains until the next visit, so it can be set back). */
export function useUpdateRetroActionItemStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: RetroActionStatus }) =>
      (await gql(SET_MY_RETRO_ACTION_ITEM_STATUS, { id, input: { status } })).updateRetroActionItem,
    onSuccess: async (item) => {
      queryClient.setQueryData(myRetroActionItemsQueryOptions.queryKey, (list) => list?.map((x) => (x.id === item.id ? item : x)));
      await Promise.all(RETROS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
