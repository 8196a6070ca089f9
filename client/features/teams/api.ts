import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserStatus } from '../../../shared/enums.js';
import type { TeamStatus } from '../../../shared/team.schemas.js';
import { gql } from '../../lib/graphql.js';

export type TeamPerson = { id: string; full_name: string; email: string; role: string | null };
export type Team = {
  id: string;
  name: string;
  status: TeamStatus;
  manager: TeamPerson | null;
  team_lead: TeamPerson | null;
  users: TeamPerson[];
  aggregations: { count_users: number };
};
/** A person the pickers offer: live people of the organization with their current team. */
export type PickablePerson = TeamPerson & { status: UserStatus; team: { id: string; name: string } | null };

const PERSON = 'id full_name email role';
const TEAM_FIELDS = `id name status manager { ${PERSON} } team_lead { ${PERSON} } users { ${PERSON} } aggregations { count_users }`;

const TEAMS = /* GraphQL */ `
  query Teams {
    teams { ${TEAM_FIELDS} }
  }
`;

export const teamsQueryOptions = queryOptions({
  queryKey: ['teams', 'all'],
  queryFn: async () => (await gql<{ teams: Team[] }>(TEAMS)).teams,
});

const MY_TEAMS = /* GraphQL */ `
  query MyTeams {
    findOneUser { id managed_teams { ${TEAM_FIELDS} } }
  }
`;

/** Teams the signed-in person manages or leads. */
export const myTeamsQueryOptions = queryOptions({
  queryKey: ['teams', 'mine'],
  queryFn: async () => (await gql<{ findOneUser: { id: string; managed_teams: Team[] } }>(MY_TEAMS)).findOneUser,
});

const PEOPLE = /* GraphQL */ `
  query TeamPickerPeople {
    organizationUsers { ${PERSON} status team { id name } }
  }
`;

export const pickablePeopleQueryOptions = queryOptions({
  queryKey: ['users', 'team-picker'],
  queryFn: async () => (await gql<{ organizationUsers: PickablePerson[] }>(PEOPLE)).organizationUsers,
});

const CREATE = /* GraphQL */ `
  mutation CreateTeam($input: CreateTeamInput!) { createTeam(input: $input) { ${TEAM_FIELDS} } }
`;
const UPDATE = /* GraphQL */ `
  mutation UpdateTeam($id: ID!, $input: UpdateTeamInput!) { updateTeam(id: $id, input: $input) { ${TEAM_FIELDS} } }
`;
const ADD_MEMBERS = /* GraphQL */ `
  mutation AddTeamMembers($id: ID!, $user_ids: [ID!]!) { addTeamMembers(id: $id, user_ids: $user_ids) { ${TEAM_FIELDS} } }
`;
const REMOVE_MEMBERS = /* GraphQL */ `
  mutation RemoveTeamMembers($id: ID!, $user_ids: [ID!]!) { removeTeamMembers(id: $id, user_ids: $user_ids) { ${TEAM_FIELDS} } }
`;
const DELETE = /* GraphQL */ `
  mutation DeleteTeam($id: ID!) { deleteTeam(id: $id) }
`;

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
  useTeamMutation(async (input: TeamInput & { name: string; member_ids?: string[] }) => (await gql<{ createTeam: Team }>(CREATE, { input })).createTeam);

export const useUpdateTeam = () =>
  useTeamMutation(async ({ id, input }: { id: string; input: TeamInput }) => (await gql<{ updateTeam: Team }>(UPDATE, { id, input })).updateTeam);

export const useAddTeamMembers = () =>
  useTeamMutation(async ({ id, userIds }: { id: string; userIds: string[] }) => (await gql<{ addTeamMembers: Team }>(ADD_MEMBERS, { id, user_ids: userIds })).addTeamMembers);

export const useRemoveTeamMembers = () =>
  useTeamMutation(async ({ id, userIds }: { id: string; userIds: string[] }) => (await gql<{ removeTeamMembers: Team }>(REMOVE_MEMBERS, { id, user_ids: userIds })).removeTeamMembers);

export const useDeleteTeam = () =>
  useTeamMutation(async (id: string) => (await gql<{ deleteTeam: string }>(DELETE, { id })).deleteTeam);
