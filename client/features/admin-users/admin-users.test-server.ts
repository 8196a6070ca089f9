import { vi } from 'vitest';
import type { AdminUser } from './admin-users.api.js';

export type GqlCall = { operationName: string; variables: Record<string, unknown> };
type Answer = { data?: unknown; errors?: Array<{ message: string; extensions: { code: string } }> };

const TEAMS = [{ id: 'team-a', name: 'Apollo' }, { id: 'team-b', name: 'Borealis' }];

/** `count` people; user-0 is the signed-in admin. Every 10th is invited, every 7th deactivated, every 25th a manager. */
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
  }));
}

/**
 * Stands in for the server at the network edge (fetch), like client/router.test.tsx: answers the
 * operations this screen sends from an in-memory list, records every call, and lets a test
 * override an answer by operation name.
 */
export function stubAdminApi(users: AdminUser[], overrides: Record<string, (vars: Record<string, unknown>) => Answer> = {}) {
  const calls: GqlCall[] = [];
  const deleted: AdminUser[] = [];
  const answer = (op: string, v: Record<string, unknown>): Answer => {
    if (overrides[op]) return overrides[op](v);
    switch (op) {
      case 'Me': return { data: { findOneUser: { id: 'user-0', full_name: 'Ken Thompson', email: 'ken@example.com', role: null, permission_level: 'ADMIN', team: null, manager: null } } };
      case 'AdminUsers': return { data: { allUsers: v.includeDeleted ? [...users, ...deleted] : users } };
      case 'AdminUserDetails': {
        const u = users.find((x) => x.id === (v.ids as string[])[0]) as AdminUser & Record<string, unknown>;
        const keys = ['location', 'time_zone', 'github_user', 'bitbucket_account_id', 'jira_account_id', 'slack_id', 'azure_boards_user_id'];
        return { data: { usersByIds: [{ id: u.id, manager: u.manager_id ? { id: u.manager_id } : null, ...Object.fromEntries(keys.map((k) => [k, u[k] ?? null])) }] } };
      }
      case 'AdminTeamOptions': return { data: { teams: TEAMS } };
      case 'AdminUpdateManyUsers': {
        const ids = v.ids as string[];
        for (const u of users) if (ids.includes(u.id)) Object.assign(u, v.input);
        return { data: { updateManyUsers: ids.map((id) => ({ id })) } };
      }
      case 'AdminRemoveUsers': {
        const ids = v.ids as string[];
        for (const id of ids) {
          const at = users.findIndex((u) => u.id === id);
          if (at >= 0) deleted.push({ ...users.splice(at, 1)[0]!, deleted_at: '2026-11-23T10:00:00.000Z' });
        }
        return { data: { removeUsers: ids.length } };
      }
      case 'AdminUpdateUserByAdmin':
      case 'AdminUpdateOneUser': {
        Object.assign(users.find((u) => u.id === v.id)!, v.input);
        return { data: { [op === 'AdminUpdateOneUser' ? 'updateOneUser' : 'updateUserByAdmin']: { id: v.id } } };
      }
      default: return { data: {} };
    }
  };
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith('/graphql')) return new Response('{}', { status: 404 });
    const body = JSON.parse(String(init?.body)) as { operationName: string; variables?: Record<string, unknown> };
    calls.push({ operationName: body.operationName, variables: body.variables ?? {} });
    return new Response(JSON.stringify(answer(body.operationName, body.variables ?? {})), { headers: { 'content-type': 'application/json' } });
  }));
  return { calls, deleted };
}
