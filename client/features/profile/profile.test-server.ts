import { meAs, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import type { ChartPerson, Profile } from './api.js';

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
/** What updateMe answers with: a token of the same person (sub user-1), valid for an hour. */
export const FRESH_TOKEN = `${b64({ alg: 'HS256' })}.${b64({ sub: 'user-1', org: 'org-1', sid: 's1', exp: Math.floor(Date.now() / 1000) + 3600 })}.fresh`;

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    full_name: 'Ken Thompson',
    email: 'ken@example.com',
    phone_number: null,
    role: 'Software Engineer',
    location: 'Berlin',
    bio: null,
    time_zone: 'Europe/Berlin',
    status: 'ACTIVE',
    permission_level: 'MEMBER',
    secondary_emails: [],
    notifications: ['email', 'in_app'],
    profile_picture: null,
    team: null,
    manager: null,
    managed_teams: [],
    subdepartment: null,
    ...overrides,
  };
}

/** A chain CEO -> VP -> Director -> Zoë Quinn, plus `extra` reports of the CEO, each with three reports. */
export function makeChart(extra = 30): ChartPerson[] {
  const person = (id: string, full_name: string, managerId: string | null, role = 'Engineer'): ChartPerson => ({
    id,
    full_name,
    role,
    status: 'ACTIVE',
    manager: managerId ? { id: managerId } : null,
    team: null,
    profile_picture: null,
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

/**
 * Stands in for the server at the network edge (fetch), with the shared GraphQL stub: answers this
 * screen's operations from `state`, records the calls. Other operations of the shell (e.g. feature
 * areas) get an empty answer.
 */
export function stubProfileApi(state: { me: Profile; chart?: ChartPerson[] }, overrides: OperationHandlers = {}) {
  const { calls } = stubGraphql({
    Me: () => {
      const { me } = state;
      return {
        data: {
          findOneUser: meAs('MEMBER', {
            id: me.id,
            full_name: me.full_name,
            email: me.email,
            role: me.role,
            permission_level: me.permission_level,
            team: me.team,
          }),
        },
      };
    },
    MyProfile: () => ({ data: { findOneUser: state.me } }),
    UpdateMe: (v) => {
      state.me = { ...state.me, ...(v.input as Partial<Profile>) };
      return { data: { updateMe: { access_token: FRESH_TOKEN, user: state.me } } };
    },
    OrganizationChart: () => ({ data: { organizationUsers: state.chart ?? [] } }),
    ...overrides,
  });
  return { calls, state };
}
