import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamStatus } from '../../../shared/team.schemas.js';
import { gql, graphql, type Narrowed, type ResultOf } from '../../lib/graphql.js';

const PERSON = 'id full_name email role';
const TEAM_FIELDS = `id name status manager { ${PERSON} } team_lead { ${PERSON} } users { ${PERSON} } aggregations { count_users }`;

export const TEAMS = graphql(`
  query Teams {
    teams { ${TEAM_FIELDS} }
  }
`);

/** A team as the screens show it: its status is a TeamStatus (the schema says String). */
export type Team = Narrowed<ResultOf<typeof TEAMS>['teams'][number], { status: TeamStatus }>;
export type TeamPerson = Team['users'][number];

export const teamsQueryOptions = queryOptions({
  queryKey: ['teams', 'all'],
  queryFn: async () => (await gql(TEAMS)).teams as Team[],
});

export const MY_TEAMS = graphql(`
  query MyTeams {
    findOneUser { id managed_teams { ${TEAM_FIELDS} } }
  }
`);

/** Teams the signed-in person manages or leads. */
export const myTeamsQueryOptions = queryOptions({
  queryKey: ['teams', 'mine'],
  queryFn: async () => (await gql(MY_TEAMS)).findOneUser as Narrowed<ResultOf<typeof MY_TEAMS>['findOneUser'], { managed_teams: Team[] }>,
});

export const PEOPLE = graphql(`
  query TeamPickerPeople {
    organizationUsers { ${PERSON} status team { id name } }
  }
`);

/** A person the pickers offer: live people of the organization with their current team. */
export type PickablePerson = ResultOf<typeof PEOPLE>['organizationUsers'][number];

export const pickablePeopleQueryOptions = queryOptions({
  queryKey: ['users', 'team-picker'],
  queryFn: async () => (await gql(PEOPLE)).organizationUsers,
});

export const CREATE = graphql(`
  mutation CreateTeam($input: CreateTeamInput!) { createTeam(input: $input) { ${TEAM_FIELDS} } }
`);
export const UPDATE = graphql(`
  mutation UpdateTeam($id: ID!, $input: UpdateTeamInput!) { updateTeam(id: $id, input: $input) { ${TEAM_FIELDS} } }
`);
export const ADD_MEMBERS = graphql(`
  mutation AddTeamMembers($id: ID!, $user_ids: [ID!]!) { addTeamMembers(id: $id, user_ids: $user_ids) { ${TEAM_FIELDS} } }
`);
export const REMOVE_MEMBERS = graphql(`
  mutation RemoveTeamMembers($id: ID!, $user_ids: [ID!]!) { removeTeamMembers(id: $id, user_ids: $user_ids) { ${TEAM_FIELDS} } }
`);
export const DELETE = graphql(`
  mutation DeleteTeam($id: ID!) { deleteTeam(id: $id) }
`);

export type TeamInput = { name?: string; manager_id?: string | null; team_lead_id?: string | null; status?: TeamStatus };

/** Team changes touch people too (their team, their managed teams): both key families are refreshed. */
function useTeamMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['teams'] }), queryClient.invalidateQueries({ queryKey: ['users'] })]);
    },
  });
}

export const useCreateTeam = () =>
  useTeamMutation(async (input: TeamInput & { name: string; member_ids?: string[] }) => (await gql(CREATE, { input })).createTeam as Team);

export const useUpdateTeam = () =>
  useTeamMutation(async ({ id, input }: { id: string; input: TeamInput }) => (await gql(UPDATE, { id, input })).updateTeam as Team);

export const useAddTeamMembers = () =>
  useTeamMutation(async ({ id, userIds }: { id: string; userIds: string[] }) => (await gql(ADD_MEMBERS, { id, user_ids: userIds })).addTeamMembers as Team);

export const useRemoveTeamMembers = () =>
  useTeamMutation(
    async ({ id, userIds }: { id: string; userIds: string[] }) => (await gql(REMOVE_MEMBERS, { id, user_ids: userIds })).removeTeamMembers as Team,
  );

export const useDeleteTeam = () => useTeamMutation(async (id: string) => (await gql(DELETE, { id })).deleteTeam);
