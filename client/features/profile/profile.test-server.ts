import { vi } from 'vitest';
import type { ChartPerson, Profile } from './api.js';

export type GqlCall = { operationName: string; variables: Record<string, unknown> };
type Answer = { data?: unknown; errors?: Array<{ message: string; extensions: { code: string; fields?: Record<string, string> } }> };

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
/** What updateMe answers with: a token of the same person (sub user-1), valid for an hour. */
export const FRESH_TOKEN = `${b64({ alg: 'HS256' })}.${b64({ sub: 'user-1', org: 'org-1', sid: 's1', exp: Math.floor(Date.now() / 1000) + 3600 })}.fresh`;

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1', full_name: 'Ken Thompson', email: 'ken@example.com', phone_number: null, role: 'Software Engineer',
    location: 'Berlin', bio: null, time_zone: 'Europe/Berlin', status: 'ACTIVE', permission_level: 'MEMBER',
    secondary_emails: [], notifications: ['email', 'in_app'], profile_picture: null, team: null, manager: null,
    managed_teams: [], subdepartment: null, ...overrides,
  };
}

/** A chain CEO -> VP -> Director -> Zoë Quinn, plus `extra` reports of the CEO, each with three reports. */
export function makeChart(extra = 30): ChartPerson[] {
  const person = (id: string, full_name: string, managerId: string | null, role = 'Engineer'): ChartPerson => ({
    id, full_name, role, status: 'ACTIVE', manager: managerId ? { id: managerId } : null, team: null, profile_picture: null,
  });
  const people = [
    person('ceo', 'Ada Lovelace', null, 'Chief Executive'),
    person('vp', 'Barbara Liskov', 'ceo', 'VP Engineering'),
    person('dir', 'Charles Babbage', 'vp', 'Director'),
    person('zoe', 'Zoë Quinn', 'dir', 'Software Engineer'),
  ];
  for (let i = 0; i < extra; i++) {
    people.push(person(`m${i}`, `Manager ${String(i).padStart(4, '0')}`, 'ceo'));
    for (let j = 0; j < 3; j++) people.push(person(`m${i}-r${j}`, `Report ${i}-${j}`, `m${i}`));
  }
  return people;
}

/** Stands in for the server at the network edge (fetch): answers this screen's operations, records the calls. */
export function stubProfileApi(state: { me: Profile; chart?: ChartPerson[] }, overrides: Record<string, (vars: Record<string, unknown>) => Answer> = {}) {
  const calls: GqlCall[] = [];
  const answer = (op: string, v: Record<string, unknown>): Answer => {
    if (overrides[op]) return overrides[op](v);
    const { me } = state;
    switch (op) {
      case 'Me': return { data: { findOneUser: { id: me.id, full_name: me.full_name, email: me.email, role: me.role, permission_level: me.permission_level, team: me.team, manager: null } } };
      case 'MyProfile': return { data: { findOneUser: me } };
      case 'UpdateMe': {
        state.me = { ...me, ...(v.input as Partial<Profile>) };
        return { data: { updateMe: { access_token: FRESH_TOKEN, user: state.me } } };
      }
      case 'OrganizationChart': return { data: { organizationUsers: state.chart ?? [] } };
      // Operations of other parts of the shell (e.g. feature areas): an empty answer, as router.test.tsx does.
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
  return { calls, state };
}
