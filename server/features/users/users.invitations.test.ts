/**
 * The invitation lifecycle (docs/decisions/0027): not invited -> invited (date) -> joined;
 * 14-day single-use links, a resend kills the earlier link, forgot-password re-invites, and
 * adding one person goes through the import's checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Browser, addUser, codeOf, createTestApp, outboxMails, seedOrg, signedIn } from '../../test/helpers.js';
import { INVITATION_LINK_MS } from '../../../shared/invitations.js';
import { createOrganization } from '../org/org.repo.js';
import { createTeam } from '../teams/teams.repo.js';

const PASSWORD = 'a brand new passphrase';
let app: FastifyInstance;
let org: Awaited<ReturnType<typeof seedOrg>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let ip = 0;
const freshBrowser = () => new Browser(app, `10.40.0.${++ip}`);

async function post(action: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const browser = freshBrowser();
  const csrfToken = await browser.csrf();
  return browser.request({ method: 'POST', url: `/api/auth/${action}`, json: { ...body, csrfToken } });
}
const lastToken = (email: string) => new URL(outboxMails(app, email).at(-1)!.link!).searchParams.get('token')!;
const row = (email: string) =>
  app.services.db.$client.prepare('SELECT id, status, invited_at, role, permission_level, team_id, manager_id FROM users WHERE email = ?').get(email) as
    | {
        id: string;
        status: string;
        invited_at: string | null;
        role: string | null;
        permission_level: string;
        team_id: string | null;
        manager_id: string | null;
      }
    | undefined;
const inviteToken = (email: string) =>
  app.services.db.$client
    .prepare("SELECT expires_at, created_at FROM one_time_tokens WHERE email = ? AND purpose = 'invite' ORDER BY created_at DESC LIMIT 1")
    .get(email) as { expires_at: number; created_at: string };

const ADD =
  'mutation($input: AddUserInput!, $send: Boolean!) { addUser(input: $input, sendInvitation: $send) { id email status invited_at role permission_level team { name } manager { email } } }';

beforeAll(async () => {
  app = await createTestApp();
  org = await seedOrg(app);
  admin = await signedIn(app, org.admin.email);
});
afterAll(async () => {
  await app.close();
});

describe('sending invitations', () => {
  it('records when a person was invited; the link lasts 14 days, works once, and a resend kills the earlier link', async () => {
    const person = await addUser(app, org.org.id, { email: 'ivy@acme.example', full_name: 'Ivy Invited', status: 'INVITED' });
    expect(row(person.email)!.invited_at).toBeNull();
    const list = async () => (await admin.gql('{ allUsers { email invited_at } }')).data?.allUsers.find((u: { email: string }) => u.email === person.email);
    expect(await list()).toEqual({ email: person.email, invited_at: null });

    expect((await admin.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [person.id] })).data?.sendInvitations).toBe(1);
    const first = lastToken(person.email);
    const firstAt = row(person.email)!.invited_at!;
    expect(Date.now() - Date.parse(firstAt)).toBeLessThan(60_000);
    expect((await list()).invited_at).toBe(firstAt);
    const mail = outboxMails(app, person.email).at(-1)!;
    expect(mail.text).toContain('within 14 days');
    expect(mail.text).toContain('join Acme on Teamlens');
    const token = inviteToken(person.email);
    expect(token.expires_at - Date.now()).toBeGreaterThan(INVITATION_LINK_MS - 60_000);
    expect(token.expires_at - Date.now()).toBeLessThanOrEqual(INVITATION_LINK_MS);

    await new Promise((r) => setTimeout(r, 5));
    expect((await admin.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [person.id] })).data?.sendInvitations).toBe(1);
    const second = lastToken(person.email);
    expect(second).not.toBe(first);
    expect(row(person.email)!.invited_at! > firstAt).toBe(true);

    expect((await post('change-password', { token: first, password: PASSWORD })).statusCode).toBe(400);
    expect(row(person.email)!.status).toBe('INVITED');
    expect((await post('change-password', { token: second, password: PASSWORD })).statusCode).toBe(200);
    expect(row(person.email)!.status).toBe('ACTIVE');
    expect((await post('change-password', { token: second, password: 'yet another passphrase' })).statusCode).toBe(400);
    expect((await freshBrowser().signIn(person.email, PASSWORD)).statusCode).toBe(200);

    // Joined: nothing more is sent.
    const mails = outboxMails(app, person.email).length;
    expect((await admin.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [person.id] })).data?.sendInvitations).toBe(0);
    expect(outboxMails(app, person.email)).toHaveLength(mails);
  });

  it('an expired invitation link is refused', async () => {
    const person = await addUser(app, org.org.id, { email: 'late@acme.example', status: 'INVITED' });
    await admin.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [person.id] });
    app.services.db.$client.prepare("UPDATE one_time_tokens SET expires_at = ? WHERE email = ? AND purpose = 'invite'").run(Date.now() - 1, person.email);
    expect((await post('change-password', { token: lastToken(person.email), password: PASSWORD })).statusCode).toBe(400);
    expect(row(person.email)!.status).toBe('INVITED');
  });

  it('"all not invited yet" reaches exactly the INVITED people never sent one, in this organization only', async () => {
    const fresh = createOrganization(app.services.db, 'Other');
    const outsider = await addUser(app, fresh.id, { email: 'outsider@other.example', status: 'INVITED' });
    const a = await addUser(app, org.org.id, { email: 'new-a@acme.example', status: 'INVITED' });
    const b = await addUser(app, org.org.id, { email: 'new-b@acme.example', status: 'INVITED' });
    const already = await addUser(app, org.org.id, { email: 'already@acme.example', status: 'INVITED' });
    await admin.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [already.id] });
    const alreadyMails = outboxMails(app, already.email).length;
    const gone = await addUser(app, org.org.id, { email: 'gone-invitee@acme.example', status: 'INVITED' });
    await admin.gql('mutation($ids: [ID!]!) { removeUsers(ids: $ids) }', { ids: [gone.id] });
    const before = (await admin.gql('{ adminDashboard { pending_invitations { not_invited } } }')).data?.adminDashboard.pending_invitations.not_invited;

    const member = await signedIn(app, org.member.email);
    expect(codeOf(await member.gql('mutation { sendInvitationsToAllNotInvited }'))).toBe('FORBIDDEN');

    const sent = await admin.gql('mutation { sendInvitationsToAllNotInvited }');
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.sendInvitationsToAllNotInvited).toBe(before);
    for (const p of [a, b]) {
      expect(outboxMails(app, p.email)).toHaveLength(1);
      expect(row(p.email)!.invited_at).not.toBeNull();
    }
    expect(outboxMails(app, already.email)).toHaveLength(alreadyMails);
    expect(outboxMails(app, gone.email)).toHaveLength(0);
    expect(outboxMails(app, outsider.email)).toHaveLength(0);
    expect(
      (await admin.gql('{ adminDashboard { pending_invitations { not_invited oldest { invited_at } } } }')).data?.adminDashboard.pending_invitations
        .not_invited,
    ).toBe(0);
    expect((await admin.gql('mutation { sendInvitationsToAllNotInvited }')).data?.sendInvitationsToAllNotInvited).toBe(0);
  });

  it('changing an invited person\'s email makes them "not invited" at the new address once it is confirmed', async () => {
    const person = await addUser(app, org.org.id, { email: 'typo@acme.example', status: 'INVITED' });
    await admin.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [person.id] });
    const oldLink = lastToken(person.email);
    const res = await admin.gql('mutation($id: ID!) { updateUserByAdmin(id: $id, input: { email: "fixed@acme.example" }) { email invited_at } }', {
      id: person.id,
    });
    // Until the new address is confirmed, the old one and its invitation stay (docs/decisions/0057).
    expect(res.data?.updateUserByAdmin).toMatchObject({ email: 'typo@acme.example', invited_at: expect.any(String) });
    expect((await post('verify-email', { token: lastToken('fixed@acme.example') })).json()).toEqual({ ok: true, email: 'fixed@acme.example' });
    expect(row('fixed@acme.example')).toMatchObject({ id: person.id, invited_at: null });
    expect((await post('change-password', { token: oldLink, password: PASSWORD })).statusCode).toBe(400);
  });

  it('invited_at is for admins only', async () => {
    const member = await signedIn(app, org.member.email);
    const res = await member.gql('{ allUsers { email invited_at } }');
    expect(res.data?.allUsers.every((u: { invited_at: string | null }) => u.invited_at === null)).toBe(true);
  });
});

describe('forgot password for an invited person', () => {
  it('sends the invitation again (the earlier link stops working) and answers like for anyone else', async () => {
    const person = await addUser(app, org.org.id, { email: 'forgetful@acme.example', full_name: 'Fay Forgetful', status: 'INVITED' });
    await admin.gql('mutation($ids: [ID!]!) { sendInvitations(ids: $ids) }', { ids: [person.id] });
    const first = lastToken(person.email);

    const res = await post('forgot-password', { email: person.email });
    const unknown = await post('forgot-password', { email: 'nobody-here@acme.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(unknown.json());

    const mail = outboxMails(app, person.email).at(-1)!;
    expect(mail.subject).toBe('You are invited to Teamlens');
    const second = lastToken(person.email);
    expect(second).not.toBe(first);
    expect((await post('change-password', { token: first, password: PASSWORD })).statusCode).toBe(400);
    expect((await post('change-password', { token: second, password: PASSWORD })).statusCode).toBe(200);
    expect(row(person.email)!.status).toBe('ACTIVE');
  });

  it('a never-invited person asking for a password gets their first invitation', async () => {
    const person = await addUser(app, org.org.id, { email: 'eager@acme.example', status: 'INVITED' });
    await post('forgot-password', { email: person.email });
    expect(outboxMails(app, person.email)).toHaveLength(1);
    expect(row(person.email)!.invited_at).not.toBeNull();
  });

  it('nobody of a closed organization gets one', async () => {
    const closed = createOrganization(app.services.db, 'Closed Co');
    const person = await addUser(app, closed.id, { email: 'left-behind@closed.example', status: 'INVITED' });
    app.services.db.$client.prepare("UPDATE organizations SET deleted_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").run(closed.id);
    expect((await post('forgot-password', { email: person.email })).statusCode).toBe(200);
    expect(outboxMails(app, person.email)).toHaveLength(0);
  });

  it('a deactivated person gets nothing', async () => {
    const person = await addUser(app, org.org.id, { email: 'off@acme.example', status: 'DEACTIVATED' });
    await post('forgot-password', { email: person.email });
    expect(outboxMails(app, person.email)).toHaveLength(0);
  });
});

describe('adding one person', () => {
  it('creates an INVITED person with team and manager and sends the invitation when asked', async () => {
    const res = await admin.gql(ADD, {
      input: {
        email: ' Nina.New@Acme.example ',
        full_name: 'Nina New',
        role: 'Backend engineer',
        permission_level: 'MANAGER',
        team: 'Core',
        manager_email: org.manager.email,
      },
      send: true,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.addUser).toMatchObject({
      email: 'nina.new@acme.example',
      status: 'INVITED',
      role: 'Backend engineer',
      permission_level: 'MANAGER',
      team: { name: 'Core' },
      manager: { email: org.manager.email },
    });
    expect(res.data?.addUser.invited_at).not.toBeNull();
    expect(outboxMails(app, 'nina.new@acme.example')).toHaveLength(1);
    expect((await post('change-password', { token: lastToken('nina.new@acme.example'), password: PASSWORD })).statusCode).toBe(200);
    expect((await freshBrowser().signIn('nina.new@acme.example', PASSWORD)).statusCode).toBe(200);
  });

  it('without the invitation, the person is created "not invited" and no mail goes out', async () => {
    const res = await admin.gql(ADD, { input: { email: 'quiet@acme.example', full_name: 'Quinn Quiet' }, send: false });
    expect(res.data?.addUser).toMatchObject({ status: 'INVITED', invited_at: null, permission_level: 'MEMBER', team: null });
    expect(outboxMails(app, 'quiet@acme.example')).toHaveLength(0);
  });

  it.each([
    [{ email: 'someone@gmail.com', full_name: 'Free Mail' }, 'email', /work address/],
    [{ email: 'not-an-email', full_name: 'Bad Email' }, 'email', /valid email/],
    [{ email: 'member@acme.example', full_name: 'Taken' }, 'email', /already exists/],
    [{ email: 'nameless@acme.example', full_name: '  ' }, 'full_name', /Enter a name/],
    [{ email: 'teamless@acme.example', full_name: 'No Team', team: 'Nonexistent' }, 'team', /no longer exists/],
    [{ email: 'bossless@acme.example', full_name: 'No Boss', manager_email: 'ghost@acme.example' }, 'manager_email', /not a person of this organization/],
    [{ email: 'selfish@acme.example', full_name: 'Self Managed', manager_email: 'selfish@acme.example' }, 'manager_email', /own manager/],
  ])('%o is refused under the field %s, and nothing is created', async (input, field, message) => {
    const res = await admin.gql(ADD, { input, send: true });
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    const fields = res.errors?.[0]?.extensions?.fields as Record<string, string>;
    expect(Object.keys(fields)).toEqual([field]);
    expect(fields[field]).toMatch(message);
    const email = String(input.email).trim().toLowerCase();
    if (email !== 'member@acme.example') expect(row(email)).toBeUndefined();
    expect(outboxMails(app, email)).toHaveLength(0);
  });

  it("uses the organization's own blocked domains, like the import", async () => {
    app.services.db.$client.prepare('UPDATE organizations SET blocked_email_domains = ? WHERE id = ?').run(JSON.stringify(['agency.example']), org.org.id);
    const res = await admin.gql(ADD, { input: { email: 'temp@agency.example', full_name: 'Temp Worker' }, send: false });
    expect(res.errors?.[0]?.extensions?.fields).toEqual({ email: 'agency.example is blocked by this organization.' });
    app.services.db.$client.prepare("UPDATE organizations SET blocked_email_domains = '[]' WHERE id = ?").run(org.org.id);
  });

  it('refuses a team or a manager of another organization', async () => {
    const other = createOrganization(app.services.db, 'Elsewhere');
    const stranger = await addUser(app, other.id, { email: 'stranger@elsewhere.example' });
    createTeam(app.services.db, other.id, { name: 'Foreign' });
    const byTeam = await admin.gql(ADD, { input: { email: 'cross-team@acme.example', full_name: 'Cross Team', team: 'Foreign' }, send: false });
    expect(byTeam.errors?.[0]?.extensions?.fields).toEqual({ team: expect.stringMatching(/no longer exists/) });
    const byManager = await admin.gql(ADD, {
      input: { email: 'cross-boss@acme.example', full_name: 'Cross Boss', manager_email: stranger.email },
      send: false,
    });
    expect(byManager.errors?.[0]?.extensions?.fields).toEqual({ manager_email: expect.stringMatching(/not a person of this organization/) });
    expect(row('cross-team@acme.example')).toBeUndefined();
    expect(row('cross-boss@acme.example')).toBeUndefined();
  });

  it('is for admins only', async () => {
    const manager = await signedIn(app, org.manager.email);
    expect(codeOf(await manager.gql(ADD, { input: { email: 'sneaky@acme.example', full_name: 'Sneaky' }, send: true }))).toBe('FORBIDDEN');
    expect(row('sneaky@acme.example')).toBeUndefined();
  });
});
