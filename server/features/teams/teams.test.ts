import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addUser, codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { topics } from '../../graphql/pubsub.js';
import { findUserById } from '../users/users.repo.js';
import { findTeamById } from './teams.repo.js';

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

const TEAM = 'id name status manager { full_name } team_lead { full_name } users { full_name } aggregations { count_users }';
const create = (input: Record<string, unknown>) => adminA.gql(`mutation($input: CreateTeamInput!) { createTeam(input: $input) { ${TEAM} } }`, { input });
const teamOf = (userId: string, orgId = a.org.id) => findUserById(app.services.db, orgId, userId)?.team_id ?? null;

describe('teams', () => {
  it('an admin creates a team with a manager, a lead and members, renames it and archives it', async () => {
    const res = await create({ name: '  Payments ', manager_id: a.manager.id, team_lead_id: a.member.id, member_ids: [a.member.id, a.report.id] });
    expect(res.errors).toBeUndefined();
    const team = res.data!.createTeam;
    expect(team).toMatchObject({
      name: 'Payments',
      status: 'ACTIVE',
      manager: { full_name: 'Acme Manager' },
      team_lead: { full_name: 'Acme Member' },
      aggregations: { count_users: 2 },
    });
    expect(team.users.map((u: { full_name: string }) => u.full_name)).toEqual(['Acme Member', 'Acme Report']);
    // The report moved out of Core: a person has one team.
    expect(teamOf(a.report.id)).toBe(team.id);

    const renamed = await adminA.gql(
      `mutation($id: ID!) { updateTeam(id: $id, input: { name: "Payments Platform", team_lead_id: null, status: "ARCHIVED" }) { ${TEAM} } }`,
      { id: team.id },
    );
    expect(renamed.data!.updateTeam).toMatchObject({
      name: 'Payments Platform',
      status: 'ARCHIVED',
      team_lead: null,
      manager: { full_name: 'Acme Manager' },
      aggregations: { count_users: 2 },
    });

    const listed = await adminA.gql('{ teams { name status aggregations { count_users } } findOneUser { team { id } } }');
    expect(listed.data!.teams).toEqual([
      { name: 'Core', status: 'ACTIVE', aggregations: { count_users: 0 } },
      { name: 'Payments Platform', status: 'ARCHIVED', aggregations: { count_users: 2 } },
    ]);
  });

  it('adds, removes and sets members; the manager sees the team among managed_teams', async () => {
    const team = (await create({ name: 'Growth', manager_id: a.manager.id })).data!.createTeam;
    const extra = await addUser(app, a.org.id, { full_name: 'Acme Extra' });
    const add = await adminA.gql(`mutation($id: ID!, $ids: [ID!]!) { addTeamMembers(id: $id, user_ids: $ids) { users { full_name } } }`, {
      id: team.id,
      ids: [extra.id, a.admin.id, extra.id],
    });
    expect(add.data!.addTeamMembers.users.map((u: { full_name: string }) => u.full_name)).toEqual(['Acme Admin', 'Acme Extra']);
    const remove = await adminA.gql(`mutation($id: ID!, $ids: [ID!]!) { removeTeamMembers(id: $id, user_ids: $ids) { aggregations { count_users } } }`, {
      id: team.id,
      ids: [a.admin.id, a.member.id],
    });
    expect(remove.data!.removeTeamMembers.aggregations.count_users).toBe(1);
    expect(teamOf(a.admin.id)).toBeNull();
    // a.member is in Payments Platform and was not a member of Growth: untouched.
    expect(teamOf(a.member.id)).not.toBeNull();
    const set = await adminA.gql(`mutation($id: ID!, $ids: [ID!]!) { setTeamMembers(id: $id, user_ids: $ids) { users { full_name } } }`, {
      id: team.id,
      ids: [a.admin.id],
    });
    expect(set.data!.setTeamMembers.users).toEqual([{ full_name: 'Acme Admin' }]);
    expect(teamOf(extra.id)).toBeNull();

    const manager = await signedIn(app, a.manager.email);
    const mine = await manager.gql('{ findOneUser { managed_teams { name } } }');
    expect(mine.data!.findOneUser.managed_teams.map((t: { name: string }) => t.name)).toEqual(['Growth', 'Payments Platform']);
  });

  it('deleting a team leaves its members without one, and frees the name', async () => {
    const team = (await create({ name: 'Temp', member_ids: [a.member.id] })).data!.createTeam;
    const del = await adminA.gql('mutation($id: ID!) { deleteTeam(id: $id) }', { id: team.id });
    expect(del.data).toEqual({ deleteTeam: team.id });
    expect(teamOf(a.member.id)).toBeNull();
    expect(findTeamById(app.services.db, a.org.id, team.id)).toBeUndefined();
    expect(codeOf(await adminA.gql('mutation($id: ID!) { deleteTeam(id: $id) }', { id: team.id }))).toBe('NOT_FOUND');
    const again = await create({ name: 'temp' });
    expect(again.errors).toBeUndefined();
    expect(again.data!.createTeam.name).toBe('temp');
  });

  it('names are unique per organization, in any case', async () => {
    const dup = await create({ name: 'core' });
    expect(codeOf(dup)).toBe('CONFLICT');
    expect(dup.errors![0]!.message).toBe('A team named "core" already exists. Choose another name.');
    const other = (await create({ name: 'Other' })).data!.createTeam;
    expect(codeOf(await adminA.gql('mutation($id: ID!) { updateTeam(id: $id, input: { name: "CORE" }) { id } }', { id: other.id }))).toBe('CONFLICT');
    // Renaming a team to its own name in another case is fine.
    expect((await adminA.gql('mutation($id: ID!) { updateTeam(id: $id, input: { name: "OTHER" }) { name } }', { id: other.id })).data).toEqual({
      updateTeam: { name: 'OTHER' },
    });
    // Another organization may use the same name.
    const adminB = await signedIn(app, b.admin.email);
    expect((await adminB.gql('mutation { createTeam(input: { name: "Payments Platform" }) { name } }')).errors).toBeUndefined();
  });

  it('refuses bad input with BAD_USER_INPUT and the field', async () => {
    const empty = await create({ name: '   ' });
    expect(codeOf(empty)).toBe('BAD_USER_INPUT');
    expect(empty.errors![0]!.extensions!.fields).toEqual({ name: 'Enter a team name.' });
    expect(codeOf(await create({ name: 'x'.repeat(81) }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await create({ name: 'Ghosts', manager_id: 'nobody' }))).toBe('BAD_USER_INPUT');
    const status = await adminA.gql('mutation($id: ID!) { updateTeam(id: $id, input: { status: "GONE" }) { id } }', { id: a.team.id });
    expect(codeOf(status)).toBe('BAD_USER_INPUT');
    const deactivated = await addUser(app, a.org.id, { status: 'DEACTIVATED', full_name: 'Gone Person' });
    const lead = await create({ name: 'Ghosts', team_lead_id: deactivated.id });
    expect(lead.errors![0]!.message).toBe('team_lead_id: Gone Person is deactivated.');
    const removed = await addUser(app, a.org.id);
    await adminA.gql('mutation($ids: [ID!]!) { removeUsers(ids: $ids) }', { ids: [removed.id] });
    expect(
      codeOf(await adminA.gql('mutation($id: ID!, $ids: [ID!]!) { addTeamMembers(id: $id, user_ids: $ids) { id } }', { id: a.team.id, ids: [removed.id] })),
    ).toBe('BAD_USER_INPUT');
  });

  it('tells the people concerned (members moved, old and new manager) through userUpdated', async () => {
    const heard: string[] = [];
    const offs = [a.member.id, a.report.id, a.manager.id, a.admin.id].map((id) => app.services.pubsub.on(topics.userUpdated(id), () => heard.push(id)));
    try {
      const team = (await create({ name: 'Signals', manager_id: a.manager.id })).data!.createTeam;
      expect(heard).toEqual([a.manager.id]);
      heard.length = 0;
      await adminA.gql('mutation($id: ID!, $ids: [ID!]!) { addTeamMembers(id: $id, user_ids: $ids) { id } }', { id: team.id, ids: [a.member.id] });
      expect(heard).toEqual([a.member.id]);
      heard.length = 0;
      await adminA.gql('mutation($id: ID!, $m: ID) { updateTeam(id: $id, input: { manager_id: $m }) { id } }', { id: team.id, m: a.admin.id });
      expect(heard.sort()).toEqual([a.admin.id, a.manager.id].sort());
      heard.length = 0;
      await adminA.gql('mutation($id: ID!) { deleteTeam(id: $id) }', { id: team.id });
      expect(heard.sort()).toEqual([a.admin.id, a.member.id].sort());
    } finally {
      offs.forEach((off) => off());
    }
  });

  it('managers and members may not change teams', async () => {
    for (const email of [a.manager.email, a.member.email]) {
      const caller = await signedIn(app, email);
      expect(codeOf(await caller.gql('mutation { createTeam(input: { name: "Mine" }) { id } }'))).toBe('FORBIDDEN');
      expect(codeOf(await caller.gql('mutation($id: ID!) { updateTeam(id: $id, input: { name: "Mine" }) { id } }', { id: a.team.id }))).toBe('FORBIDDEN');
      expect(
        codeOf(await caller.gql('mutation($id: ID!, $ids: [ID!]!) { addTeamMembers(id: $id, user_ids: $ids) { id } }', { id: a.team.id, ids: [a.member.id] })),
      ).toBe('FORBIDDEN');
      expect(codeOf(await caller.gql('mutation($id: ID!) { deleteTeam(id: $id) }', { id: a.team.id }))).toBe('FORBIDDEN');
    }
    expect(findTeamById(app.services.db, a.org.id, a.team.id)?.name).toBe('Core');
  });
});

describe('another organization', () => {
  const cases: Array<[string, string, () => Record<string, unknown>, string]> = [
    ['updateTeam', 'mutation($id: ID!) { updateTeam(id: $id, input: { name: "Hacked" }) { id } }', () => ({ id: b.team.id }), 'NOT_FOUND'],
    ['deleteTeam', 'mutation($id: ID!) { deleteTeam(id: $id) }', () => ({ id: b.team.id }), 'NOT_FOUND'],
    [
      'addTeamMembers to a foreign team',
      'mutation($id: ID!, $ids: [ID!]!) { addTeamMembers(id: $id, user_ids: $ids) { id } }',
      () => ({ id: b.team.id, ids: [a.member.id] }),
      'NOT_FOUND',
    ],
    [
      'removeTeamMembers of a foreign team',
      'mutation($id: ID!, $ids: [ID!]!) { removeTeamMembers(id: $id, user_ids: $ids) { id } }',
      () => ({ id: b.team.id, ids: [b.report.id] }),
      'NOT_FOUND',
    ],
    [
      'setTeamMembers of a foreign team',
      'mutation($id: ID!, $ids: [ID!]!) { setTeamMembers(id: $id, user_ids: $ids) { id } }',
      () => ({ id: b.team.id, ids: [] }),
      'NOT_FOUND',
    ],
    [
      'foreign people as members',
      'mutation($id: ID!, $ids: [ID!]!) { addTeamMembers(id: $id, user_ids: $ids) { id } }',
      () => ({ id: a.team.id, ids: [b.member.id] }),
      'BAD_USER_INPUT',
    ],
    [
      'a foreign manager',
      'mutation($id: ID!, $m: ID) { updateTeam(id: $id, input: { manager_id: $m }) { id } }',
      () => ({ id: a.team.id, m: b.manager.id }),
      'BAD_USER_INPUT',
    ],
    [
      'a foreign lead on create',
      'mutation($l: ID) { createTeam(input: { name: "Spies", team_lead_id: $l }) { id } }',
      () => ({ l: b.member.id }),
      'BAD_USER_INPUT',
    ],
    [
      'foreign members on create',
      'mutation($ids: [ID!]) { createTeam(input: { name: "Spies", member_ids: $ids }) { id } }',
      () => ({ ids: [b.member.id] }),
      'BAD_USER_INPUT',
    ],
  ];
  for (const [name, query, vars, code] of cases) {
    it(`cannot reach it: ${name}`, async () => {
      expect(codeOf(await adminA.gql(query, vars()))).toBe(code);
      expect(findTeamById(app.services.db, b.org.id, b.team.id)?.name).toBe('Core');
      expect(teamOf(b.report.id, b.org.id)).toBe(b.team.id);
      expect(teamOf(b.member.id, b.org.id)).toBeNull();
    });
  }

  it('does not list it', async () => {
    const names = (await adminA.gql('{ teams { id } }')).data!.teams.map((t: { id: string }) => t.id);
    expect(names).not.toContain(b.team.id);
  });
});
