import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { findUserById } from './users.repo.js';

let app: FastifyInstance;
let a: Awaited<ReturnType<typeof seedOrg>>;
let b: Awaited<ReturnType<typeof seedOrg>>;
let adminA: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await createTestApp();
  a = await seedOrg(app, 'Acme');
  b = await seedOrg(app, 'Globex');
  adminA = await signedIn(app, a.admin.email);
});
afterAll(async () => {
  await app.close();
});

/** Every query that takes an id or email, asked by A's admin about B's people and teams. */
describe('queries never reach another organization', () => {
  const cases: Array<[string, string, (b: Awaited<ReturnType<typeof seedOrg>>) => Record<string, unknown>, (data: any) => unknown]> = [
    ['fullProfile', 'query($id: ID!) { fullProfile(id: $id) { id } }', (o) => ({ id: o.member.id }), () => undefined],
    ['user', 'query($id: ID) { user(id: $id) { id } }', (o) => ({ id: o.member.id }), (d) => d.user],
    ['profileWorkInfo', 'query($id: ID) { profileWorkInfo(userId: $id) { user_id } }', (o) => ({ id: o.member.id }), () => undefined],
    ['profilePhoto', 'query($id: ID) { profilePhoto(userId: $id) { id } }', (o) => ({ id: o.member.id }), () => undefined],
    ['teamOfUser', 'query($id: ID!) { teamOfUser(userId: $id) { id } }', (o) => ({ id: o.report.id }), () => undefined],
    ['teamsByUserId', 'query($id: ID!) { teamsByUserId(userId: $id) { id } }', (o) => ({ id: o.report.id }), () => undefined],
    ['userByEmail', 'query($e: String!) { userByEmail(email: $e) { id } }', (o) => ({ e: o.member.email }), (d) => d.userByEmail],
    ['checkUserByEmail', 'query($e: String!) { checkUserByEmail(email: $e) }', (o) => ({ e: o.member.email }), (d) => d.checkUserByEmail],
    ['checkUserExists', 'query($e: String!) { checkUserExists(email: $e) { exists status } }', (o) => ({ e: o.member.email }), (d) => d.checkUserExists.exists],
    ['usersByTeamIds', 'query($ids: [ID!]!) { usersByTeamIds(teamIds: $ids) { id } }', (o) => ({ ids: [o.team.id] }), (d) => d.usersByTeamIds.length],
    ['usersByIds', 'query($ids: [ID!]!) { usersByIds(ids: $ids) { id } }', (o) => ({ ids: [o.member.id, o.admin.id] }), (d) => d.usersByIds.length],
  ];
  for (const [name, query, vars, pick] of cases) {
    it(name, async () => {
      const res = await adminA.gql(query, vars(b));
      if (res.errors) {
        expect(codeOf(res)).toBe('NOT_FOUND');
      } else {
        expect([null, false, 0]).toContain(pick(res.data));
      }
      // The same question about A's own people is answered.
      const own = await adminA.gql(query, vars(a));
      expect(own.errors).toBeUndefined();
    });
  }

  it('lists hold only the caller organization', async () => {
    const res = await adminA.gql(
      '{ allUsers(includeDeleted: true) { email } organizationUsersFull { email } organizationAdmins { email } teams { id } businessUnits { id } departments { id } subdepartments { id } organization { id name } }',
    );
    expect(res.errors).toBeUndefined();
    const emails = [...res.data!.allUsers, ...res.data!.organizationUsersFull, ...res.data!.organizationAdmins].map((u: { email: string }) => u.email);
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.every((e) => e.endsWith('@acme.example'))).toBe(true);
    expect(res.data!.teams.map((t: { id: string }) => t.id)).toEqual([a.team.id]);
    expect(res.data!.organization.name).toBe('Acme');
  });
});

describe('mutations never reach another organization', () => {
  const mutations: Array<[string, string, (o: Awaited<ReturnType<typeof seedOrg>>) => Record<string, unknown>]> = [
    ['updateUser', 'mutation($id: ID!) { updateUser(id: $id, input: { full_name: "Hacked" }) { id } }', (o) => ({ id: o.member.id })],
    ['updateOneUser', 'mutation($id: ID!) { updateOneUser(id: $id, input: { full_name: "Hacked" }) { id } }', (o) => ({ id: o.member.id })],
    ['updateManyUsers', 'mutation($ids: [ID!]!) { updateManyUsers(ids: $ids, input: { full_name: "Hacked" }) { id } }', (o) => ({ ids: [o.member.id] })],
    ['updateUserByAdmin', 'mutation($id: ID!) { updateUserByAdmin(id: $id, input: { full_name: "Hacked" }) { id } }', (o) => ({ id: o.member.id })],
    [
      'updateUser with a foreign manager',
      'mutation($id: ID!, $m: ID) { updateUser(id: $id, input: { manager_id: $m }) { id } }',
      (o) => ({ id: a.member.id, m: o.manager.id }),
    ],
    [
      'updateUser with a foreign team',
      'mutation($id: ID!, $t: ID) { updateUser(id: $id, input: { team_id: $t }) { id } }',
      (o) => ({ id: a.member.id, t: o.team.id }),
    ],
  ];
  for (const [name, query, vars] of mutations) {
    it(name, async () => {
      const res = await adminA.gql(query, vars(b));
      expect(['NOT_FOUND', 'BAD_USER_INPUT']).toContain(codeOf(res));
      expect(findUserById(app.services.db, b.org.id, b.member.id)?.full_name).toBe('Globex Member');
    });
  }

  it('removeUsers and sendInvitations ignore foreign ids', async () => {
    const res = await adminA.gql('mutation($ids: [ID!]!) { removeUsers(ids: $ids) sendInvitations(ids: $ids) }', { ids: [b.member.id] });
    expect(res.data).toEqual({ removeUsers: 0, sendInvitations: 0 });
    expect(findUserById(app.services.db, b.org.id, b.member.id)?.deleted_at).toBeNull();
  });
});
