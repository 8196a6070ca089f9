import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Browser, addUser, codeOf, createTestApp, gql, seedOrg, signedIn, TEST_PASSWORD } from '../../test/helpers.js';
import { createTeam } from '../teams/teams.repo.js';
import { countStatements } from '../../test/statements.js';

/** The response cache's own statements (EXPLAIN once per SQL text, data_version checks: docs/decisions/0039) are not the query's. */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const USER_FIELDS =
  'id email full_name status permission_level azure_email notifications deleted_at manager { id } team { id name } managed_teams { id } secondary_emails { id } profile_picture { id } subdepartment { id }';

describe('reading users', () => {
  it('hides deleted users unless an admin asks, and azure_email unless an admin asks for it', async () => {
    const o = await seedOrg(app, 'Reada');
    await app.services.db.$client.prepare('update users set azure_email = ? where id = ?').run('m@azure.example', o.member.id);
    const admin = await signedIn(app, o.admin.email);
    const member = await signedIn(app, o.member.email);
    await admin.gql('mutation($ids: [ID!]!) { removeUsers(ids: $ids) }', { ids: [o.report.id] });

    const plain = await admin.gql(`{ allUsers { ${USER_FIELDS} } }`);
    expect(plain.data!.allUsers.map((u: { id: string }) => u.id)).not.toContain(o.report.id);
    expect(plain.data!.allUsers.find((u: { id: string }) => u.id === o.member.id).azure_email).toBeNull();

    const full = await admin.gql(`{ allUsers(includeDeleted: true, includeAzureEmail: true) { id azure_email deleted_at } }`);
    expect(full.data!.allUsers.find((u: { id: string }) => u.id === o.report.id).deleted_at).not.toBeNull();
    expect(full.data!.allUsers.find((u: { id: string }) => u.id === o.member.id).azure_email).toBe('m@azure.example');

    expect(codeOf(await member.gql('{ allUsers(includeDeleted: true) { id } }'))).toBe('FORBIDDEN');
    expect(codeOf(await member.gql('{ allUsers(includeAzureEmail: true) { id } }'))).toBe('FORBIDDEN');
    expect(codeOf(await member.gql('{ organizationAdmins { id } }'))).toBe('FORBIDDEN');
    expect(codeOf(await member.gql('query($id: ID!) { fullProfile(id: $id) { id } }', { id: o.report.id }))).toBe('NOT_FOUND');
  });

  it('keeps personal settings for the person and admins', async () => {
    const o = await seedOrg(app, 'Privy');
    const member = await signedIn(app, o.member.email);
    const res = await member.gql('query($id: ID!) { fullProfile(id: $id) { notifications } findOneUser { notifications } }', { id: o.report.id });
    expect(res.data!.fullProfile.notifications).toEqual([]);
    expect(res.data!.findOneUser.notifications.length).toBeGreaterThan(0);
  });

  it('resolves manager, team and work info', async () => {
    const o = await seedOrg(app, 'Worky');
    const report = await signedIn(app, o.report.email);
    const res = await report.gql(
      '{ findOneUser { manager { email } team { name aggregations { count_users } manager { id } } } profileWorkInfo { user_id team { name } manager { email } } teamsByUserId(userId: "' +
        o.report.id +
        '") { name } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.findOneUser.manager.email).toBe(o.manager.email);
    expect(res.data!.findOneUser.team).toMatchObject({ name: 'Core', aggregations: { count_users: 1 } });
    expect(res.data!.profileWorkInfo).toMatchObject({ user_id: o.report.id, team: { name: 'Core' }, manager: { email: o.manager.email } });
  });

  it('a list reads only the columns its fields ask (fragments too) and answers as whole rows do', async () => {
    const o = await seedOrg(app, 'Narrow');
    const admin = await signedIn(app, o.admin.email);
    const fields =
      'id full_name email role status permission_level last_login deleted_at team { id name } manager { id } azure_email invited_at notifications email_verified';
    const list = await admin.gql(`query Narrow { organizationUsersFull { id ... on User { ...F } } } fragment F on User { ${fields} }`);
    expect(list.errors).toBeUndefined();
    const people = list.data!.organizationUsersFull as Array<{ id: string }>;
    const whole = await admin.gql(`query Whole($ids: [ID!]!) { usersByIds(ids: $ids) { ${fields} } }`, { ids: people.map((u) => u.id) });
    const byId = (rows: Array<{ id: string }>) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(people)).toEqual(byId(whole.data!.usersByIds));
    expect(people.find((u) => u.id === o.report.id)).toMatchObject({
      team: { name: 'Core' },
      manager: { id: o.manager.id },
      notifications: ['email', 'in_app'],
      email_verified: true,
    });
  });

  it('runs a constant number of SQL statements whatever the list length', async () => {
    const o = await seedOrg(app, 'Loady');
    const admin = await signedIn(app, o.admin.email);
    // Each call has its own operation name, so neither is answered from the response cache.
    const count = async (name: string) => {
      await admin.gql('{ findOneUser { id } }'); // the session lookup, remembered until users or sessions change
      return countStatements(app, async () => {
        const res = await admin.gql(`query ${name} { organizationUsersFull { ${USER_FIELDS} } }`);
        expect(res.errors).toBeUndefined();
      });
    };
    const small = await count('Small');
    const team = createTeam(app.services.db, o.org.id, { name: 'Big' });
    for (let i = 0; i < 40; i++) await addUser(app, o.org.id, { manager_id: o.manager.id, team_id: team.id });
    const large = await count('Large');
    expect(small).toBeGreaterThan(3);
    expect(large).toBe(small);
  });
});

describe('changing users', () => {
  it('lets people edit themselves, managers their reports, admins everyone', async () => {
    const o = await seedOrg(app, 'Editor');
    const member = await signedIn(app, o.member.email);
    const manager = await signedIn(app, o.manager.email);
    const self = await member.gql(
      'mutation($id: ID!) { updateUser(id: $id, input: { full_name: " New Name ", time_zone: "Europe/Paris" }) { full_name time_zone } }',
      { id: o.member.id },
    );
    expect(self.data!.updateUser).toEqual({ full_name: 'New Name', time_zone: 'Europe/Paris' });
    expect(codeOf(await member.gql('mutation($id: ID!) { updateUser(id: $id, input: { status: DEACTIVATED }) { id } }', { id: o.member.id }))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await member.gql('mutation($id: ID!) { updateUser(id: $id, input: { full_name: "X" }) { id } }', { id: o.report.id }))).toBe('FORBIDDEN');
    const byManager = await manager.gql('mutation($id: ID!) { updateUser(id: $id, input: { role: "Staff Engineer" }) { role } }', { id: o.report.id });
    expect(byManager.data!.updateUser.role).toBe('Staff Engineer');
    expect(codeOf(await manager.gql('mutation($id: ID!) { updateUser(id: $id, input: { role: "X" }) { role } }', { id: o.member.id }))).toBe('FORBIDDEN');
    expect(codeOf(await member.gql('mutation($id: ID!) { updateUser(id: $id, input: { time_zone: "Mars/Base" }) { id } }', { id: o.member.id }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await member.gql('mutation($id: ID!) { updateOneUser(id: $id, input: { role: "X" }) { id } }', { id: o.member.id }))).toBe('FORBIDDEN');
  });

  it('deactivating a user ends their sessions and sign-in', async () => {
    const o = await seedOrg(app, 'Deact');
    const admin = await signedIn(app, o.admin.email);
    const member = await signedIn(app, o.member.email);
    const res = await admin.gql('mutation($ids: [ID!]!) { updateManyUsers(ids: $ids, input: { status: DEACTIVATED }) { status } }', { ids: [o.member.id] });
    expect(res.data!.updateManyUsers).toEqual([{ status: 'DEACTIVATED' }]);
    expect(codeOf(await member.gql('{ findOneUser { id } }'))).toBe('UNAUTHENTICATED');
    expect(await member.browser.session()).toEqual({});
    expect((await new Browser(app).signIn(o.member.email)).statusCode).toBe(401);
  });

  it('updateUserByAdmin guards the last admin, blocked and taken emails', async () => {
    const o = await seedOrg(app, 'Guard');
    const admin = await signedIn(app, o.admin.email);
    const demote = await admin.gql('mutation($id: ID!) { updateUserByAdmin(id: $id, input: { permission_level: MEMBER }) { id } }', { id: o.admin.id });
    expect(codeOf(demote)).toBe('CONFLICT');
    expect(codeOf(await admin.gql('mutation($id: ID!) { updateUserByAdmin(id: $id, input: { email: "x@gmail.com" }) { id } }', { id: o.member.id }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(
      codeOf(
        await admin.gql('mutation($id: ID!, $e: String) { updateUserByAdmin(id: $id, input: { email: $e }) { id } }', { id: o.member.id, e: o.manager.email }),
      ),
    ).toBe('CONFLICT');
    const ok = await admin.gql(
      'mutation($id: ID!) { updateUserByAdmin(id: $id, input: { github_user: "octo", azure_email: "M@Azure.example", permission_level: MANAGER }) { github_user azure_email permission_level } }',
      { id: o.member.id },
    );
    expect(ok.data!.updateUserByAdmin).toEqual({ github_user: 'octo', azure_email: 'm@azure.example', permission_level: 'MANAGER' });
  });

  it('updateMe changes the password only with the current one and returns a working token', async () => {
    const o = await seedOrg(app, 'Selfy');
    const me = await signedIn(app, o.member.email);
    const other = await signedIn(app, o.member.email);
    const wrong = await me.gql('mutation { updateMe(input: { password: "a brand new passphrase", current_password: "nope" }) { access_token } }');
    expect(codeOf(wrong)).toBe('FORBIDDEN');
    const weak = await me.gql(`mutation { updateMe(input: { password: "short", current_password: "${TEST_PASSWORD}" }) { access_token } }`);
    expect(codeOf(weak)).toBe('BAD_USER_INPUT');
    const ok = await me.gql(
      `mutation { updateMe(input: { password: "a brand new passphrase", current_password: "${TEST_PASSWORD}", bio: "Hi" }) { access_token user { bio last_password_update } } }`,
    );
    expect(ok.errors).toBeUndefined();
    const fresh = await gql(app, ok.data!.updateMe.access_token, '{ findOneUser { bio } }');
    expect(fresh.data!.findOneUser.bio).toBe('Hi');
    // Other sessions of the same person end after a password change (ASVS 7.4.3).
    expect(codeOf(await other.gql('{ findOneUser { id } }'))).toBe('UNAUTHENTICATED');
    expect((await new Browser(app).signIn(o.member.email, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('removeLoggedUser and removeUsers soft-delete and end sessions', async () => {
    const o = await seedOrg(app, 'Leave');
    const member = await signedIn(app, o.member.email);
    expect(codeOf(await member.gql('mutation { removeLoggedUser(password: "wrong password!") }'))).toBe('FORBIDDEN');
    expect((await member.gql(`mutation { removeLoggedUser(password: "${TEST_PASSWORD}") }`)).data).toEqual({ removeLoggedUser: true });
    expect(codeOf(await member.gql('{ findOneUser { id } }'))).toBe('UNAUTHENTICATED');
    expect((await new Browser(app).signIn(o.member.email)).statusCode).toBe(401);
    const admin = await signedIn(app, o.admin.email);
    expect(codeOf(await admin.gql(`mutation { removeLoggedUser(password: "${TEST_PASSWORD}") }`))).toBe('CONFLICT');
    expect(codeOf(await admin.gql('mutation($ids: [ID!]!) { removeUsers(ids: $ids) }', { ids: [o.admin.id] }))).toBe('CONFLICT');
  });

  it('closeAccount closes the organization for everyone', async () => {
    const o = await seedOrg(app, 'Closer');
    const admin = await signedIn(app, o.admin.email);
    const member = await signedIn(app, o.member.email);
    expect(codeOf(await member.gql(`mutation { closeAccount(password: "${TEST_PASSWORD}") }`))).toBe('FORBIDDEN');
    expect((await admin.gql(`mutation { closeAccount(password: "${TEST_PASSWORD}") }`)).data).toEqual({ closeAccount: true });
    expect(codeOf(await member.gql('{ findOneUser { id } }'))).toBe('UNAUTHENTICATED');
    expect((await new Browser(app).signIn(o.admin.email)).statusCode).toBe(401);
  });

  it('widget preferences default, update and reject unknown widgets', async () => {
    const o = await seedOrg(app, 'Widgy');
    const me = await signedIn(app, o.member.email);
    expect((await me.gql('{ userWidgetPreferences { enabled_widgets } }')).data!.userWidgetPreferences.enabled_widgets.length).toBeGreaterThan(0);
    const set = await me.gql('mutation { updateWidgetPreferences(enabled_widgets: [NOTES, MY_GOALS, NOTES]) { user_id enabled_widgets } }');
    expect(set.data!.updateWidgetPreferences).toEqual({ user_id: o.member.id, enabled_widgets: ['NOTES', 'MY_GOALS'] });
    expect((await me.gql('{ userWidgetPreferences { enabled_widgets } }')).data!.userWidgetPreferences.enabled_widgets).toEqual(['NOTES', 'MY_GOALS']);
    expect((await me.gql('mutation { updateWidgetPreferences(enabled_widgets: [NOPE]) { user_id } }')).status).toBe(400);
  });

  it('asks for a session', async () => {
    expect(codeOf(await gql(app, null, '{ findOneUser { id } }'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(app, 'not-a-token', 'mutation { updateWidgetPreferences(enabled_widgets: []) { user_id } }'))).toBe('UNAUTHENTICATED');
  });
});

describe('guessing the current password', () => {
  it('is refused after 10 wrong tries, even with the right one', async () => {
    const o = await seedOrg(app, 'Guessy');
    const me = await signedIn(app, o.member.email);
    for (let i = 0; i < 10; i++)
      expect(
        codeOf(await me.gql(`mutation { updatePassword(input: { current_password: "wrong guess ${i}", new_password: "a fresh passphrase here" }) }`)),
      ).toBe('FORBIDDEN');
    expect(codeOf(await me.gql(`mutation { updatePassword(input: { current_password: "${TEST_PASSWORD}", new_password: "a fresh passphrase here" }) }`))).toBe(
      'RATE_LIMITED',
    );
  });
});
