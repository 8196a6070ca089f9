import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auth } from '../../lib/auth.js';
import { gql, graphql, GraphqlError, type ResultOf } from '../../lib/graphql.js';

const PROFILE_FIELDS = /* GraphQL */ `
  id full_name email phone_number role location bio time_zone status permission_level notifications
  secondary_emails { id email }
  profile_picture { id url }
  team { id name }
  manager { id full_name role profile_picture { url } }
  managed_teams { id name }
  subdepartment { id title department { name business_unit { unit_name } } }
`;

export const MY_PROFILE = graphql(`
  query MyProfile {
    findOneUser { ${PROFILE_FIELDS} }
  }
`);

export type Profile = ResultOf<typeof MY_PROFILE>['findOneUser'];
export type PersonRef = NonNullable<Profile['manager']>;

/** The signed-in person's own full record; under ['users', 'me'] so live updates refresh it. */
export const myProfileQueryOptions = queryOptions({
  queryKey: ['users', 'me', 'profile'],
  queryFn: async () => (await gql(MY_PROFILE)).findOneUser,
});

export const PERSON = graphql(`
  query PersonProfile($id: ID!) {
    fullProfile(id: $id) { ${PROFILE_FIELDS} }
    profileWorkInfo(userId: $id) { user_id team { id name } manager { id full_name role profile_picture { url } } }
    profilePhoto(userId: $id) { id url }
  }
`);

/** Another person's profile: the full record, work info and photo in one request; null when nobody has this id here. */
export const personQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'profile', id],
    queryFn: async (): Promise<Profile | null> => {
      let answer: ResultOf<typeof PERSON>;
      try {
        answer = await gql(PERSON, { id });
      } catch (err) {
        if (err instanceof GraphqlError && err.code === 'NOT_FOUND') return null;
        throw err;
      }
      return { ...answer.fullProfile, team: answer.profileWorkInfo.team, manager: answer.profileWorkInfo.manager, profile_picture: answer.profilePhoto };
    },
  });

export type UpdateMeInput = Partial<{
  email: string;
  current_password: string;
  full_name: string;
  location: string | null;
  bio: string | null;
  profile_picture_id: string | null;
  time_zone: string | null;
  phone_number: string | null;
  role: string | null;
  notifications: string[];
}>;

export const UPDATE_ME = graphql(`
  mutation UpdateMe($input: UpdateMeInput!) {
    updateMe(input: $input) { access_token user { ${PROFILE_FIELDS} } }
  }
`);

/**
 * updateMe: the answer carries a fresh access token for this session, which the session
 * takes over; the person's cached record is replaced, and the session is re-read when the
 * picture changed.
 */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateMeInput) => (await gql(UPDATE_ME, { input })).updateMe,
    onSuccess: async ({ access_token, user }, input) => {
      auth.acceptAccessToken(access_token);
      queryClient.setQueryData(myProfileQueryOptions.queryKey, user);
      queryClient.setQueryData(personQueryOptions(user.id).queryKey, user);
      // The shell shows the picture from the session (its signed image URL): re-read it when that changed.
      if (input.profile_picture_id !== undefined) void auth.check();
      await queryClient.invalidateQueries({ queryKey: ['users', 'me'], exact: true });
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
      void queryClient.invalidateQueries({ queryKey: ['org-chart'] });
    },
  });
}

const PERSON_REF = 'id full_name role profile_picture { url }';

export const TEAM = graphql(`
  query TeamPage($ids: [ID!]!) {
    teams { id name status manager { ${PERSON_REF} } team_lead { ${PERSON_REF} } }
    usersByTeamIds(teamIds: $ids) { ${PERSON_REF} status email }
  }
`);

export type TeamMember = ResultOf<typeof TEAM>['usersByTeamIds'][number];
export type TeamDetails = ResultOf<typeof TEAM>['teams'][number] & { members: TeamMember[] };

/** One team with its members; null when the organization has no such team. */
export const teamQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['teams', id],
    queryFn: async (): Promise<TeamDetails | null> => {
      const answer = await gql(TEAM, { ids: [id] });
      const team = answer.teams.find((t) => t.id === id);
      if (!team) return null;
      const members = [...answer.usersByTeamIds].sort((a, b) => a.full_name.localeCompare(b.full_name));
      return { ...team, members };
    },
  });

export const TEAMS = graphql(`
  query TeamList {
    teams { id name aggregations { count_users } manager { id full_name manager { id } } }
  }
`);

export type TeamSummary = ResultOf<typeof TEAMS>['teams'][number];

export const teamListQueryOptions = queryOptions({
  queryKey: ['teams', 'list'],
  queryFn: async () => [...(await gql(TEAMS)).teams].sort((a, b) => a.name.localeCompare(b.name)),
});

export const ORG_CHART = graphql(`
  query OrganizationChart {
    organizationUsers { id full_name role status manager { id } team { name } profile_picture { url } }
  }
`);

export type ChartPerson = ResultOf<typeof ORG_CHART>['organizationUsers'][number];

/** Everyone in the organization with their manager: the organization chart and the people finder. */
export const orgChartQueryOptions = queryOptions({
  queryKey: ['org-chart'],
  queryFn: async () => (await gql(ORG_CHART)).organizationUsers,
});
