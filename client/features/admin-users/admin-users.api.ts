import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PermissionLevel, UserStatus } from '../../../shared/enums.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

// allUsers is the admin list that can include deleted people and Azure emails (both admin-only).
export const ADMIN_USERS = graphql(`
  query AdminUsers($includeDeleted: Boolean) {
    allUsers(includeDeleted: $includeDeleted, includeAzureEmail: true) {
      id full_name email role status permission_level last_login deleted_at team { id name } azure_email invited_at
    }
  }
`);

/**
 * One row of the admin users table: what the table, search, filters and sort need, plus the
 * Azure email (only this admin list can read it) and when the latest invitation mail went out
 * (null: never; shared/invitations.ts). The rest of a person's record is loaded when their edit
 * dialog opens: every extra field on 5,000 rows costs server time (bench/).
 */
export type AdminUser = ResultOf<typeof ADMIN_USERS>['allUsers'][number];

export const adminUsersQueryOptions = (includeDeleted: boolean) =>
  queryOptions({
    queryKey: ['admin-users', { includeDeleted }],
    queryFn: async () => (await gql(ADMIN_USERS, { includeDeleted })).allUsers,
  });

export const USER_DETAILS = graphql(`
  query AdminUserDetails($ids: [ID!]!) {
    usersByIds(ids: $ids) {
      id location time_zone manager { id } subdepartment { id }
      github_user bitbucket_account_id jira_account_id slack_id azure_boards_user_id
    }
  }
`);

/** The fields of the edit dialog that the list does not carry. */
export type AdminUserDetails = ResultOf<typeof USER_DETAILS>['usersByIds'][number];

export const adminUserDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin-users', 'details', id],
    queryFn: async () => {
      const [details] = (await gql(USER_DETAILS, { ids: [id] })).usersByIds;
      if (!details) throw new Error('This person no longer exists.');
      return details;
    },
  });

export const TEAMS = graphql(`
  query AdminTeamOptions {
    teams { id name }
  }
`);

export type TeamOption = ResultOf<typeof TEAMS>['teams'][number];

export const teamOptionsQueryOptions = queryOptions({
  queryKey: ['teams', 'options'],
  queryFn: async () => (await gql(TEAMS)).teams.slice().sort((a, b) => a.name.localeCompare(b.name)),
});

export const SUBDEPARTMENTS = graphql(`
  query AdminSubdepartmentOptions {
    subdepartments { id title department { name business_unit { unit_name } } }
  }
`);

export type SubdepartmentOption = ResultOf<typeof SUBDEPARTMENTS>['subdepartments'][number];

/** Sub-departments labelled "Unit › Department › Sub-department", in that order. */
export const subdepartmentOptionsQueryOptions = queryOptions({
  queryKey: ['structure', 'subdepartment-options'],
  queryFn: async () =>
    (await gql(SUBDEPARTMENTS)).subdepartments
      .map((s) => ({ id: s.id, label: `${s.department.business_unit.unit_name} › ${s.department.name} › ${s.title}` }))
      .sort((a, b) => a.label.localeCompare(b.label)),
});

export const UPDATE_MANY = graphql(`
  mutation AdminUpdateManyUsers($ids: [ID!]!, $input: UpdateUserInput!) {
    updateManyUsers(ids: $ids, input: $input) { id }
  }
`);

export const REMOVE = graphql(`
  mutation AdminRemoveUsers($ids: [ID!]!) {
    removeUsers(ids: $ids)
  }
`);

export const UPDATE_ONE = graphql(`
  mutation AdminUpdateOneUser($id: ID!, $input: UpdateUserInput!) {
    updateOneUser(id: $id, input: $input) { id }
  }
`);

export const UPDATE_BY_ADMIN = graphql(`
  mutation AdminUpdateUserByAdmin($id: ID!, $input: AdminUserInput!) {
    updateUserByAdmin(id: $id, input: $input) { id }
  }
`);

export type BulkInput = { status?: UserStatus; team_id?: string | null };
export type ProfileInput = {
  location: string | null;
  time_zone: string | null;
  manager_id: string | null;
  team_id: string | null;
  subdepartment_id: string | null;
  status: UserStatus;
  slack_id: string | null;
  jira_account_id: string | null;
  azure_boards_user_id: string | null;
};
export type AccountInput = {
  full_name: string;
  email: string;
  role: string | null;
  permission_level: PermissionLevel;
  github_user: string | null;
  bitbucket_account_id: string | null;
  azure_email: string | null;
};

export function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin-users'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
      queryClient.invalidateQueries({ queryKey: ['teams'] }),
    ]);
}

export function useUpdateManyUsers() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async ({ ids, input }: { ids: string[]; input: BulkInput }) => (await gql(UPDATE_MANY, { ids, input })).updateManyUsers.length,
    onSettled: invalidate,
  });
}

export function useRemoveUsers() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async (ids: string[]) => (await gql(REMOVE, { ids })).removeUsers,
    onSettled: invalidate,
  });
}

/** The second save call failed after the first one was stored. */
export class PartlySavedError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The second part could not be saved.');
    this.name = 'PartlySavedError';
  }
}

/**
 * Saves the edit dialog: the account part (name, email, role, level, code-host ids) through
 * updateUserByAdmin, then the profile part (team, manager, status, chat/tracker ids) through
 * updateOneUser. The two are separate mutations; when only the first got through, the error
 * says so (PartlySavedError).
 */
export function useSaveUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async ({ id, account, profile }: { id: string; account: AccountInput; profile: ProfileInput }) => {
      await gql(UPDATE_BY_ADMIN, { id, input: account });
      try {
        await gql(UPDATE_ONE, { id, input: profile });
      } catch (err) {
        throw new PartlySavedError(err);
      }
    },
    onSettled: invalidate,
  });
}

export const SEND_INVITATIONS = graphql(`
  mutation SendInvitations($ids: [ID!]!) {
    sendInvitations(ids: $ids)
  }
`);

export const SEND_TO_ALL_NOT_INVITED = graphql(`
  mutation SendInvitationsToAllNotInvited {
    sendInvitationsToAllNotInvited
  }
`);

/** Sends (again) the invitation to these people; the server skips anyone who has joined. Resolves to how many were sent. */
export function useSendInvitations() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async (ids: string[]) => (await gql(SEND_INVITATIONS, { ids })).sendInvitations,
    onSettled: invalidate,
  });
}

/** Invites everyone who was never sent an invitation. */
export function useSendInvitationsToAllNotInvited() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async () => (await gql(SEND_TO_ALL_NOT_INVITED)).sendInvitationsToAllNotInvited,
    onSettled: invalidate,
  });
}

export const ADD_USER = graphql(`
  mutation AddUser($input: AddUserInput!, $sendInvitation: Boolean!) {
    addUser(input: $input, sendInvitation: $sendInvitation) { id full_name invited_at }
  }
`);

export type AddUserInput = { email: string; full_name: string; role?: string; permission_level: PermissionLevel; team?: string; manager_email?: string };

export function useAddUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async (vars: { input: AddUserInput; sendInvitation: boolean }) => (await gql(ADD_USER, vars)).addUser,
    onSettled: invalidate,
  });
}
