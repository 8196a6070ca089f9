import { meAs, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import type { AdminUser } from './admin-users.api.js';
import { addDays } from '../../../shared/dates.js';

const TEAMS = [
  { id: 'team-a', name: 'Apollo' },
  { id: 'team-b', name: 'Borealis' },
];

/** When the invited people (every 20th) were sent their invitation: two days ago, so the link is still valid. */
export const INVITED_AT = addDays(Date.now(), -2).toISOString();

/** `count` people; user-0 is the signed-in admin. Every 10th is invited (every 20th was sent the invitation), every 7th deactivated, every 25th a manager. */
export function makeUsers(count: number): AdminUser[] {
  return Array.from({ length: count }, (_, i): AdminUser => ({
    id: `user-${i}`,
    full_name: i === 0 ? 'Ken Thompson' : i === 1 ? 'Ada Lovelace' : `Person ${String(i).padStart(4, '0')}`,
    email: i === 0 ? 'ken@example.com' : i === 1 ? 'ada@example.com' : `person${i}@example.com`,
    role: i === 1 ? 'Analyst' : 'Engineer',
    status: i === 0 ? 'ACTIVE' : i % 7 === 0 ? 'DEACTIVATED' : i % 10 === 0 ? 'INVITED' : 'ACTIVE',
    permission_level: i === 0 ? 'ADMIN' : i % 25 === 0 ? 'MANAGER' : 'MEMBER',
    last_login: i % 3 === 0 ? null : new Date(Date.UTC(2026, 10, 1 + (i % 20))).toISOString(),
    deleted_at: null,
    team: i % 2 ? TEAMS[0]! : TEAMS[1]!,
    azure_email: null,
    invited_at: i % 20 === 0 && i > 0 ? INVITED_AT : null,
  }));
}

/**
 * Stands in for the server at the network edge (fetch), with the shared GraphQL stub: answers the
 * operations this screen sends from an in-memory list, records every call, and lets a test
 * override an answer by operation name.
 */
export const SUBDEPARTMENTS = [
  { id: 'sub-fe', title: 'Frontend', department: { name: 'Product', business_unit: { unit_name: 'Engineering' } } },
  { id: 'sub-be', title: 'Backend', department: { name: 'Product', business_unit: { unit_name: 'Engineering' } } },
];

export function stubAdminApi(users: AdminUser[], overrides: OperationHandlers = {}) {
  const deleted: AdminUser[] = [];
  const updateOne = (v: { id: string; input: object }) => {
    Object.assign(
      users.find((u) => u.id === v.id)!,
      v.input,
    );
    return { id: v.id };
  };
  const { calls } = stubGraphql(
    {
      AdminUsers: (v) => ({ data: { allUsers: v.includeDeleted ? [...users, ...deleted] : users } }),
      AdminUserDetails: (v) => {
        const u = users.find((x) => x.id === (v.ids as string[])[0]) as AdminUser & Record<string, unknown>;
        const field = (key: string) => (u[key] as string | undefined) ?? null;
        return {
          data: {
            usersByIds: [
              {
                id: u.id,
                manager: u.manager_id ? { id: String(u.manager_id) } : null,
                subdepartment: u.subdepartment_id ? { id: String(u.subdepartment_id) } : null,
                location: field('location'),
                time_zone: field('time_zone'),
                github_user: field('github_user'),
                bitbucket_account_id: field('bitbucket_account_id'),
                jira_account_id: field('jira_account_id'),
                slack_id: field('slack_id'),
                azure_boards_user_id: field('azure_boards_user_id'),
              },
            ],
          },
        };
      },
      AdminTeamOptions: () => ({ data: { teams: TEAMS } }),
      AdminSubdepartmentOptions: () => ({ data: { subdepartments: SUBDEPARTMENTS } }),
      AdminUpdateManyUsers: (v) => {
        const ids = v.ids as string[];
        for (const u of users) if (ids.includes(u.id)) Object.assign(u, v.input);
        return { data: { updateManyUsers: ids.map((id) => ({ id })) } };
      },
      AdminRemoveUsers: (v) => {
        const ids = v.ids as string[];
        for (const id of ids) {
          const at = users.findIndex((u) => u.id === id);
          if (at >= 0) deleted.push({ ...users.splice(at, 1)[0]!, deleted_at: '2026-11-23T10:00:00.000Z' });
        }
        return { data: { removeUsers: ids.length } };
      },
      AdminUpdateUserByAdmin: (v) => ({ data: { updateUserByAdmin: updateOne(v) } }),
      SendInvitations: (v) => {
        const sent = users.filter((u) => (v.ids as string[]).includes(u.id) && u.status === 'INVITED');
        for (const u of sent) u.invited_at = new Date().toISOString();
        return { data: { sendInvitations: sent.length } };
      },
      SendInvitationsToAllNotInvited: () => {
        const sent = users.filter((u) => u.status === 'INVITED' && !u.invited_at);
        for (const u of sent) u.invited_at = new Date().toISOString();
        return { data: { sendInvitationsToAllNotInvited: sent.length } };
      },
      AddUser: (v) => {
        const input = v.input as { email: string; full_name: string };
        const user: AdminUser = {
          id: `user-${users.length}`,
          full_name: input.full_name,
          email: input.email,
          role: null,
          status: 'INVITED',
          permission_level: 'MEMBER',
          last_login: null,
          deleted_at: null,
          team: null,
          azure_email: null,
          invited_at: v.sendInvitation ? new Date().toISOString() : null,
        };
        users.push(user);
        return { data: { addUser: { id: user.id, full_name: user.full_name, invited_at: user.invited_at } } };
      },
      AdminUpdateOneUser: (v) => ({ data: { updateOneUser: updateOne(v) } }),
      ...overrides,
    },
    { me: meAs('ADMIN', { id: 'user-0', full_name: 'Ken Thompson', email: 'ken@example.com' }) },
  );
  return { calls, deleted };
}
