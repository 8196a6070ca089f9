/** Each security event is recorded by the real flow, with who, whom, from where, and never a secret. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BASE, Browser, TEST_PASSWORD, addUser, createTestApp, outboxMails, seedOrg, signedIn } from '../../test/helpers.js';
import { auditRows, detailsOf, wholeAuditTableText } from './audit.test-support.js';

let app: FastifyInstance;
let org: Awaited<ReturnType<typeof seedOrg>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

const NEW_PASSWORD = 'a brand new passphrase for audit';
const SLACK_URL = 'https://hooks.slack.com/services/T0AUDIT/B0AUDIT/VerySecretWebhookToken';

async function post(browser: Browser, action: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const csrfToken = await browser.csrf();
  return browser.request({ method: 'POST', url: `/api/auth/${action}`, json: { ...body, csrfToken } });
}

beforeAll(async () => {
  app = await createTestApp();
  org = await seedOrg(app, 'Audited');
  admin = await signedIn(app, org.admin.email);
});
afterAll(async () => {
  await app.close();
});

describe('sign-in', () => {
  it('a success and a failure through /api/auth/callback/credentials, with the address; an unknown address is not recorded', async () => {
    const browser = new Browser(app, '10.9.8.7');
    expect((await browser.signIn(org.member.email, 'not the password at all')).statusCode).toBe(401);
    expect((await browser.signIn('nobody@audited.example', 'whatever password')).statusCode).toBe(401);
    expect((await browser.signIn(org.member.email)).statusCode).toBe(200);

    const failed = auditRows(app, org.org.id, 'SIGN_IN_FAILED');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ actor_user_id: null, actor_label: org.member.email, subject_user_id: org.member.id, ip: '10.9.8.7' });
    expect(detailsOf(failed[0]!)).toEqual({ reason: 'wrong_password' });
    const ok = auditRows(app, org.org.id, 'SIGN_IN_SUCCEEDED').filter((r) => r.subject_user_id === org.member.id);
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({ actor_user_id: org.member.id, ip: '10.9.8.7' });
    expect(wholeAuditTableText(app)).not.toContain('nobody@audited.example');
  });
});

describe('password reset and sessions', () => {
  it('reset asked and used, then sign out here and everywhere', async () => {
    const person = await addUser(app, org.org.id, { email: 'resetter@audited.example', full_name: 'Reset Ter' });
    const browser = new Browser(app, '10.1.1.1');
    expect((await post(browser, 'forgot-password', { email: person.email })).statusCode).toBe(200);
    const asked = auditRows(app, org.org.id, 'PASSWORD_RESET_REQUESTED');
    expect(asked).toEqual([expect.objectContaining({ actor_user_id: null, subject_user_id: person.id, ip: '10.1.1.1' })]);

    const token = new URL(outboxMails(app, person.email).at(-1)!.link!).searchParams.get('token')!;
    expect((await post(browser, 'change-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    const used = auditRows(app, org.org.id, 'PASSWORD_RESET_USED');
    expect(used).toEqual([expect.objectContaining({ actor_user_id: person.id, subject_user_id: person.id, ip: '10.1.1.1' })]);
    expect(detailsOf(used[0]!)).toEqual({ link_kind: 'password_reset' });

    const phone = new Browser(app, '10.1.1.2');
    expect((await phone.signIn(person.email, NEW_PASSWORD)).statusCode).toBe(200);
    const signOut = await phone.request({ method: 'POST', url: '/api/auth/signout', form: { csrfToken: await phone.csrf(), json: 'true' } });
    expect(signOut.statusCode).toBe(200);
    const laptop = new Browser(app, '10.1.1.3');
    await laptop.signIn(person.email, NEW_PASSWORD);
    await new Browser(app, '10.1.1.4').signIn(person.email, NEW_PASSWORD);
    const token2 = await laptop.accessToken();
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token2}` },
      payload: JSON.stringify({ query: 'mutation { signOutEverywhere }' }),
      remoteAddress: '10.1.1.3',
    });
    expect(res.json()).toEqual({ data: { signOutEverywhere: 2 } });

    const revoked = auditRows(app, org.org.id, 'SESSIONS_REVOKED').filter((r) => r.subject_user_id === person.id);
    expect(revoked.map((r) => [detailsOf(r), r.ip])).toEqual([
      [{ scope: 'this_device', count: 1 }, '10.1.1.2'],
      [{ scope: 'everywhere', count: 2 }, '10.1.1.3'],
    ]);
  });
});

describe('people', () => {
  it('permission level and status changes and removals name the admin and the person', async () => {
    const target = await addUser(app, org.org.id, { email: 'promoted@audited.example', full_name: 'Pro Moted' });
    const res = await admin.gql('mutation($id: ID!) { updateUserByAdmin(id: $id, input: { permission_level: MANAGER }) { permission_level } }', {
      id: target.id,
    });
    expect(res.errors).toBeUndefined();
    await admin.gql('mutation($id: ID!) { updateUserByAdmin(id: $id, input: { permission_level: MANAGER, role: "Lead" }) { id } }', { id: target.id });
    expect(
      (await admin.gql('mutation($ids: [ID!]!) { updateManyUsers(ids: $ids, input: { status: DEACTIVATED }) { id } }', { ids: [target.id, org.member.id] }))
        .errors,
    ).toBeUndefined();
    expect((await admin.gql('mutation($ids: [ID!]!) { removeUsers(ids: $ids) }', { ids: [target.id] })).data).toEqual({ removeUsers: 1 });

    const level = auditRows(app, org.org.id, 'PERMISSION_LEVEL_CHANGED');
    expect(level).toHaveLength(1); // the second call changed no level
    expect(level[0]).toMatchObject({ actor_user_id: org.admin.id, actor_label: org.admin.email, subject_user_id: target.id, subject_label: target.email });
    expect(detailsOf(level[0]!)).toEqual({ from: 'MEMBER', to: 'MANAGER' });
    expect(auditRows(app, org.org.id, 'STATUS_CHANGED').map((r) => [r.subject_user_id, detailsOf(r)])).toEqual(
      expect.arrayContaining([
        [target.id, { from: 'ACTIVE', to: 'DEACTIVATED' }],
        [org.member.id, { from: 'ACTIVE', to: 'DEACTIVATED' }],
      ]),
    );
    expect(auditRows(app, org.org.id, 'USER_REMOVED')).toEqual([
      expect.objectContaining({ actor_user_id: org.admin.id, subject_user_id: target.id, subject_label: target.email }),
    ]);
  });

  it('a change refused by the server leaves no event', async () => {
    const before = auditRows(app, org.org.id, 'PERMISSION_LEVEL_CHANGED').length;
    const res = await admin.gql('mutation($id: ID!) { updateUserByAdmin(id: $id, input: { permission_level: MEMBER }) { id } }', { id: org.admin.id });
    expect(res.errors?.[0]?.extensions?.code).toBe('CONFLICT'); // the last admin
    expect(auditRows(app, org.org.id, 'PERMISSION_LEVEL_CHANGED')).toHaveLength(before);
  });

  it('"Add person" is one person added, about that person; a refused one records nothing', async () => {
    const add = (email: string) =>
      admin.gql('mutation($input: AddUserInput!) { addUser(input: $input, sendInvitation: false) { id } }', { input: { email, full_name: 'Added One' } });
    const added = await add('added.one@audited.example');
    const id = added.data!.addUser.id as string;
    expect(auditRows(app, org.org.id, 'USER_ADDED').map((r) => [r.subject_user_id, r.subject_label])).toEqual([[id, 'added.one@audited.example']]);
    const refused = await add('added.one@audited.example');
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(auditRows(app, org.org.id, 'USER_ADDED')).toHaveLength(1);
    expect(auditRows(app, org.org.id, 'USERS_MASS_CREATED')).toEqual([]);
  });

  it('mass creation, its rollback and the people CSV export', async () => {
    const created = await admin.gql('mutation($rows: [MassCreateUserRow!]!) { massCreateUsers(rows: $rows) { batch_id count } }', {
      rows: [
        { email: 'bulk1@audited.example', full_name: 'Bulk One' },
        { email: 'bulk2@audited.example', full_name: 'Bulk Two' },
      ],
    });
    const batchId = created.data!.massCreateUsers.batch_id as string;
    await admin.gql('mutation($rows: [MassCreateUserRow!]!) { massCreateUsers(rows: $rows, dryRun: true) { count } }', {
      rows: [{ email: 'dry@audited.example', full_name: 'Dry' }],
    });
    // The invitation link of a bulk-created person was viewed: the rollback still deletes them (no foreign key from the log).
    const bulk1 = (app.services.db.$client.prepare('SELECT id FROM users WHERE email = ?').get('bulk1@audited.example') as { id: string }).id;
    expect((await admin.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [bulk1] })).data).toEqual({ sendInvitations: 1 });
    await admin.gql('{ emailOutbox(limit: 500) { id link } }');
    expect(auditRows(app, org.org.id, 'OUTBOX_LINK_VIEWED').map((r) => [r.subject_user_id, detailsOf(r).link_kind])).toContainEqual([bulk1, 'invite']);
    expect((await admin.gql('mutation($id: ID!) { rollbackMassCreation(batch_id: $id) }', { id: batchId })).data).toEqual({ rollbackMassCreation: 2 });
    expect(auditRows(app, org.org.id, 'USERS_MASS_CREATED').map(detailsOf)).toEqual([{ batch_id: batchId, created: 2 }]);
    expect(auditRows(app, org.org.id, 'MASS_CREATION_ROLLED_BACK').map(detailsOf)).toEqual([{ batch_id: batchId, removed: 2 }]);

    const csv = await app.inject({
      method: 'GET',
      url: '/api/admin/users/export.csv?includeDeleted=true',
      headers: { authorization: `Bearer ${admin.token}` },
      remoteAddress: '10.2.2.2',
    });
    expect(csv.statusCode).toBe(200);
    expect(auditRows(app, org.org.id, 'PEOPLE_EXPORTED')).toEqual([
      expect.objectContaining({ actor_user_id: org.admin.id, ip: '10.2.2.2', details: JSON.stringify({ include_deleted: true }) }),
    ]);
  });
});

describe('settings', () => {
  it('the Slack webhook connected, replaced and removed, without its URL; feature areas switched', async () => {
    await admin.gql('mutation($url: String!) { setSlackWebhook(url: $url, channel_label: "#sec") { webhook_hint } }', { url: SLACK_URL });
    await admin.gql('mutation($url: String!) { setSlackWebhook(url: $url) { webhook_hint } }', { url: `${SLACK_URL}2` });
    await admin.gql('mutation { removeSlackWebhook }');
    expect(auditRows(app, org.org.id, 'INTEGRATION_SECRET_CHANGED').map(detailsOf)).toEqual([
      { integration: 'Slack', change: 'connected', channel_label: '#sec' },
      { integration: 'Slack', change: 'replaced', channel_label: null },
      { integration: 'Slack', change: 'removed' },
    ]);

    await admin.gql('mutation { setFeatureAreas(changes: [{ area: REVIEWS, enabled: false }]) { area } }');
    await admin.gql('mutation { setFeatureAreas(changes: [{ area: REVIEWS, enabled: false }]) { area } }');
    expect(auditRows(app, org.org.id, 'FEATURE_AREA_SWITCHED').map(detailsOf)).toEqual([{ area: 'REVIEWS', area_label: expect.any(String), enabled: false }]);
    await admin.gql('mutation { setFeatureAreas(changes: [{ area: REVIEWS, enabled: true }]) { area } }');
  });
});

describe('the email outbox', () => {
  it('a reset link viewed by an admin is recorded once per admin and mail, and the person is told once', async () => {
    const person = await addUser(app, org.org.id, { email: 'watched@audited.example', full_name: 'Wat Ched' });
    const other = await addUser(app, org.org.id, { email: 'admin2@audited.example', full_name: 'Second Admin', permission_level: 'ADMIN' });
    await post(new Browser(app, '10.3.3.3'), 'forgot-password', { email: person.email });
    const outbox = '{ emailOutbox(limit: 500) { id to link } }';
    const shown = (await admin.gql(outbox)).data!.emailOutbox as Array<{ id: string; to: string; link: string | null }>;
    const mail = shown.find((m) => m.to === person.email && m.link)!;
    await admin.gql(outbox);
    const second = await signedIn(app, other.email);
    await second.gql(outbox);

    const viewed = auditRows(app, org.org.id, 'OUTBOX_LINK_VIEWED').filter((r) => r.subject_user_id === person.id);
    expect(viewed.map((r) => [r.actor_user_id, detailsOf(r).mail_id, detailsOf(r).link_kind])).toEqual([
      [org.admin.id, mail.id, 'reset'],
      [other.id, mail.id, 'reset'],
    ]);

    const notices = app.services.db.$client
      .prepare("SELECT title, body, link FROM notifications WHERE user_id = ? AND kind = 'account_security' ORDER BY created_at")
      .all(person.id) as Array<{ title: string; body: string; link: string }>;
    expect(notices).toHaveLength(2);
    expect(notices[0]!.title).toBe('An admin viewed your password reset link');
    expect(notices[0]!.body).toMatch(/^Audited Admin viewed it on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC\. /);
    expect(notices[1]!.body).toContain('Second Admin');
    const seen = await (await signedIn(app, person.email)).gql('{ notifications { kind title link } }');
    expect(seen.data!.notifications.filter((n: { kind: string }) => n.kind === 'account_security')).toHaveLength(2);
    expect(seen.data!.notifications[0].link).toBe('/settings/security');
  });
});

describe('no secrets', () => {
  it('no password, token, session cookie or webhook URL anywhere in the table', () => {
    const text = wholeAuditTableText(app);
    for (const secret of [TEST_PASSWORD, NEW_PASSWORD, 'not the password at all', 'VerySecretWebhookToken', 'hooks.slack.com', 'token=', BASE])
      expect(text).not.toContain(secret);
    const tokens = app.services.db.$client.prepare('SELECT token_hash FROM one_time_tokens').all() as Array<{ token_hash: string }>;
    for (const t of tokens) expect(text).not.toContain(t.token_hash);
  });
});
