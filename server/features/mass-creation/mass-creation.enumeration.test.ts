/**
 * An admin learns nothing about other organizations' people from a dry run, adding one person
 * answers with a message that names no organization and leaves the other person untouched, and an
 * email change answers as for a free address (docs/decisions/0044: one person, one organization;
 * emails stay unique across the install).
 */
import { describe, expect, it } from 'vitest';
import { Browser, TEST_PASSWORD, codeOf, outboxMails, signedIn } from '../../test/helpers.js';
import { useMassCreationApp, type Row } from './mass-creation.test-support.js';
import { ADDRESS_UNAVAILABLE } from './mass-creation.service.js';

const t = useMassCreationApp();
const { freshOrg, sqlite } = t;

const DRY_RUN = /* GraphQL */ `
  mutation M($rows: [MassCreateUserRow!]!) {
    massCreateUsers(rows: $rows, dryRun: true) {
      count totalUserWithEmailError created_ids usersWithErrors { errorType email row message }
      teams { name existing members_before joining manager_email manager_name }
      divisions { name existing departments { name existing } }
      promoted { row email full_name reports }
    }
  }`;
const ADD_ONE = /* GraphQL */ `mutation($input: AddUserInput!) { addUser(input: $input, sendInvitation: false) { id email } }`;

const personRow = (email: string) =>
  sqlite()
    .prepare('SELECT id, organization_id, full_name, status, permission_level, team_id, manager_id, deleted_at, password_hash FROM users WHERE email = ?')
    .get(email);

describe('no answer about other organizations', () => {
  it("a dry run answers for another organization's address exactly as for an unused one", async () => {
    const alpha = await freshOrg();
    const beta = await freshOrg();
    sqlite().prepare("UPDATE users SET deleted_at = '2025-01-01T00:00:00Z' WHERE id = ?").run(alpha.report.id);
    const unused = [`nobody1@${alpha.domain}`, `nobody2@${alpha.domain}`, `nobody3@${alpha.domain}`];
    const taken = [alpha.member.email, alpha.adminUser.email, alpha.report.email]; // live, admin, deleted
    const rows = (emails: string[]): Row[] => [
      { email: emails[0], full_name: 'Boss Person', team: 'Platform', division: 'Engineering', department: 'Infra' },
      { email: emails[1], full_name: 'Second Person', team: 'Platform', manager_email: emails[0] },
      { email: emails[2], full_name: 'Third Person', manager_email: emails[1] },
    ];
    const answer = async (emails: string[]) => {
      const res = await beta.admin.gql(DRY_RUN, { rows: rows(emails) });
      expect(res.errors).toBeUndefined();
      let text = JSON.stringify(res.data);
      emails.forEach((e, i) => {
        text = text.split(e).join(`<email ${i}>`);
      });
      return JSON.parse(text) as Record<string, unknown>;
    };
    const forTaken = await answer(taken);
    expect(forTaken).toEqual(await answer(unused));
    expect(forTaken).toMatchObject({ massCreateUsers: { count: 3, usersWithErrors: [] } });

    // The organization's own people are still reported.
    const own = await beta.admin.gql(DRY_RUN, { rows: [{ email: beta.member.email, full_name: 'Again' }] });
    expect(own.data!.massCreateUsers.usersWithErrors).toEqual([
      { errorType: 'ALREADY_EXISTS', email: beta.member.email, row: 1, message: `email: a user with ${beta.member.email} already exists.` },
    ]);
  });

  it("adding another organization's person gets the generic answer and changes nothing of theirs", async () => {
    const alpha = await freshOrg();
    const beta = await freshOrg();
    const before = personRow(alpha.member.email);
    const res = await beta.admin.gql(ADD_ONE, { input: { email: alpha.member.email, full_name: 'Taken Over' } });
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0]!.extensions!.fields).toEqual({ email: 'This address cannot be used; ask the person for another one.' });
    const said = JSON.stringify(res.errors);
    for (const word of [alpha.org.name, alpha.org.id, 'exist', 'organization', 'another account']) expect(said.toLowerCase()).not.toContain(word.toLowerCase());
    expect(personRow(alpha.member.email)).toEqual(before);

    // The real import: the unused address is created, the taken one refused the same generic way, nothing else written.
    const batch = await beta.admin.gql(
      `mutation($rows: [MassCreateUserRow!]!) { massCreateUsers(rows: $rows) { count usersWithErrors { errorType email row message } } }`,
      {
        rows: [
          { email: `fresh@${beta.domain}`, full_name: 'Fresh Person' },
          { email: alpha.member.email, full_name: 'Taken Over' },
        ],
      },
    );
    expect(batch.data!.massCreateUsers).toEqual({
      count: 1,
      usersWithErrors: [{ errorType: 'ALREADY_EXISTS', email: alpha.member.email, row: 2, message: ADDRESS_UNAVAILABLE }],
    });
    expect(personRow(alpha.member.email)).toEqual(before);
    expect((personRow(`fresh@${beta.domain}`) as { organization_id: string }).organization_id).toBe(beta.org.id);
  });

  it("changing one's own email to another organization's address answers and mails as for a free address; its link cannot take the address", async () => {
    const alpha = await freshOrg();
    const beta = await freshOrg();
    const me = await signedIn(t.app, beta.member.email);
    const change = (email: string) =>
      me.gql('mutation($input: UpdateMeInput!) { updateMe(input: $input) { user { email } } }', { input: { email, current_password: TEST_PASSWORD } });
    const free = await change(`free@${beta.domain}`);
    const taken = await change(alpha.member.email);
    expect(taken).toEqual(free);
    expect(free.errors).toBeUndefined();
    // The outbox (read by admins) shows the same mail for both (docs/decisions/0057); the taken one's link is refused when followed.
    const [freeMail, takenMail] = [outboxMails(t.app, `free@${beta.domain}`), outboxMails(t.app, alpha.member.email)];
    expect([freeMail.length, takenMail.length]).toEqual([1, 1]);
    expect(takenMail[0]!.subject).toBe(freeMail[0]!.subject);
    const browser = new Browser(t.app, '10.91.0.1');
    const verify = await browser.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      json: { token: new URL(takenMail[0]!.link!).searchParams.get('token'), csrfToken: await browser.csrf() },
    });
    expect(verify.statusCode).toBe(400);
    expect((await me.gql('{ findOneUser { email } }')).data!.findOneUser.email).toBe(beta.member.email);
    // An address of one's own organization is still refused.
    expect(codeOf(await change(beta.manager.email))).toBe('CONFLICT');
  });
});
