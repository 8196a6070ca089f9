/** massCreateUsers: what each bad row reports, and who may call it. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { codeOf, gql, signedIn } from '../../test/helpers.js';
import { organizations } from '../org/org.tables.js';
import { MUTATION, RESULT_QUERY, ROLLBACK, massCreate, result, useMassCreationApp, type Row } from './mass-creation.test-support.js';

const t = useMassCreationApp();
const { freshOrg, sqlite, countUsers, batchUsers } = t;

describe('massCreateUsers: errors', () => {
  it('reports each error type with its row number (index + 1), email and message', async () => {
    const other = await freshOrg();
    const { admin, domain, report } = await freshOrg();
    sqlite().prepare("UPDATE users SET deleted_at = '2025-01-01T00:00:00Z' WHERE id = ?").run(report.id);
    const d = (local: string) => `${local}@${domain}`;
    const rows: Row[] = [
      { email: d('new1'), full_name: 'New One', team: 'Core', manager_email: d('manager') }, // 1 ok
      { email: 'not-an-email', full_name: 'Bad Email' }, // 2 INVALID_EMAIL
      { email: 'someone@gmail.com', full_name: 'Free Mail' }, // 3 BLOCKED (free provider)
      { email: ` ${d('NEW1').toUpperCase()} `, full_name: 'Again' }, // 4 DUPLICATE_IN_FILE (trim + case)
      { email: d('member'), full_name: 'Exists Here' }, // 5 ALREADY_EXISTS (this org)
      { email: other.member.email, full_name: 'Exists Elsewhere' }, // 6 ALREADY_EXISTS (another org)
      { email: d('tz'), full_name: 'Bad Zone', time_zone: 'Mars/Olympus' }, // 7 INVALID_ROW
      { email: d('self'), full_name: 'Self Managed', manager_email: d('self') }, // 8 INVALID_ROW
      { email: d('orphan'), full_name: 'Orphan', manager_email: d('nobody') }, // 9 UNKNOWN_MANAGER
      { email: d('chain'), full_name: 'Chain', manager_email: d('orphan') }, // 10 UNKNOWN_MANAGER (its manager row fails)
      { email: 'temp@mailinator.com', full_name: 'Disposable' }, // 11 BLOCKED (disposable)
      { email: d('noname'), full_name: '  ' }, // 12 INVALID_ROW
      { email: '', full_name: 'No Email' }, // 13 INVALID_EMAIL
      { email: d('badmgr'), full_name: 'Manager Typo', manager_email: 'not an email' }, // 14 INVALID_ROW
      { email: d('perm'), full_name: 'Bad Level', permission_level: null, role: 'x'.repeat(300) }, // 15 INVALID_ROW
      { email: d('notinorg'), full_name: 'Other Org Manager', manager_email: other.manager.email }, // 16 UNKNOWN_MANAGER
      { email: report.email, full_name: 'Deleted Before' }, // 17 ALREADY_EXISTS (a deleted user keeps the email)
      { email: d('deletedboss'), full_name: 'Deleted Manager', manager_email: report.email }, // 18 UNKNOWN_MANAGER
    ];
    const res = result(await massCreate(admin, rows, { createTeams: false }));
    expect(res.count).toBe(1);
    const brief = res.usersWithErrors.map((e) => [e.row, e.errorType, e.email]);
    expect(brief).toEqual([
      [2, 'INVALID_EMAIL', 'not-an-email'],
      [3, 'BLOCKED_EMAIL_DOMAIN', 'someone@gmail.com'],
      [4, 'DUPLICATE_IN_FILE', d('new1')],
      [5, 'ALREADY_EXISTS', d('member')],
      [6, 'ALREADY_EXISTS', other.member.email],
      [7, 'INVALID_ROW', d('tz')],
      [8, 'INVALID_ROW', d('self')],
      [9, 'UNKNOWN_MANAGER', d('orphan')],
      [10, 'UNKNOWN_MANAGER', d('chain')],
      [11, 'BLOCKED_EMAIL_DOMAIN', 'temp@mailinator.com'],
      [12, 'INVALID_ROW', d('noname')],
      [13, 'INVALID_EMAIL', ''],
      [14, 'INVALID_ROW', d('badmgr')],
      [15, 'INVALID_ROW', d('perm')],
      [16, 'UNKNOWN_MANAGER', d('notinorg')],
      [17, 'ALREADY_EXISTS', report.email],
      [18, 'UNKNOWN_MANAGER', d('deletedboss')],
    ]);
    const message = (row: number) => res.usersWithErrors.find((e) => e.row === row)!.message;
    expect(message(2)).toBe('email: Enter a valid email address.');
    expect(message(3)).toMatch(/work address.*free mail/);
    expect(message(4)).toBe(`email: ${d('new1')} is already in row 1 of this file.`);
    expect(message(5)).toBe(`email: a user with ${d('member')} already exists.`);
    expect(message(7)).toMatch(/^time_zone: Unknown time zone "Mars\/Olympus"/);
    expect(message(8)).toBe('manager_email: A person cannot be their own manager.');
    expect(message(9)).toMatch(new RegExp(`^manager_email: ${d('nobody')} is neither a user of this organization nor a row of this file`));
    expect(message(10)).toBe(`manager_email: ${d('orphan')} (row 9) has an error, so that manager will not be created.`);
    expect(message(11)).toMatch(/disposable/);
    expect(message(12)).toBe('full_name: Enter a name.');
    expect(message(13)).toBe('email: Enter an email address.');
    expect(message(15)).toBe('role: At most 200 characters.');
    expect(message(18)).toBe(`manager_email: ${report.email} (row 17) has an error, so that manager will not be created.`);
    // Email errors: rows 2, 3, 4, 5, 6, 11, 13, 17.
    expect(res.totalUserWithEmailError).toBe(8);
    // Only row 1 was written, with its team and existing manager.
    const created = sqlite()
      .prepare(
        'SELECT u.email, t.name AS team, m.email AS manager FROM users u LEFT JOIN teams t ON t.id = u.team_id LEFT JOIN users m ON m.id = u.manager_id WHERE u.mass_batch_id = ?',
      )
      .all(res.batch_id);
    expect(created).toEqual([{ email: d('new1'), team: 'Core', manager: d('manager') }]);
  });

  it("applies the organization's allowed and blocked domain lists", async () => {
    const { admin, org, domain } = await freshOrg();
    t.app.services.db
      .update(organizations)
      .set({ allowed_email_domains: ['gmail.com'], blocked_email_domains: ['contractors.example'] })
      .where(eq(organizations.id, org.id))
      .run();
    const res = result(
      await massCreate(
        admin,
        [
          { email: 'friend@gmail.com', full_name: 'Allowed Free' },
          { email: 'temp@team.contractors.example', full_name: 'Blocked Sub' },
          { email: `ok@${domain}`, full_name: 'Ok' },
        ],
        { dryRun: true },
      ),
    );
    expect(res.count).toBe(2);
    expect(res.usersWithErrors).toEqual([
      {
        row: 2,
        errorType: 'BLOCKED_EMAIL_DOMAIN',
        email: 'temp@team.contractors.example',
        message: 'email: team.contractors.example is blocked by this organization.',
      },
    ]);
    expect(res.totalUserWithEmailError).toBe(1);
  });

  it('is admin only: a member gets FORBIDDEN and an anonymous caller UNAUTHENTICATED, with nothing written', async () => {
    const { member, domain } = await freshOrg();
    const memberCaller = await signedIn(t.app, member.email);
    const before = countUsers();
    const rows = [{ email: `x@${domain}`, full_name: 'X' }];
    expect(codeOf(await massCreate(memberCaller, rows))).toBe('FORBIDDEN');
    expect(codeOf(await gql(t.app, null, MUTATION, { rows }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await memberCaller.gql(RESULT_QUERY, { id: crypto.randomUUID() }))).toBe('FORBIDDEN');
    expect(codeOf(await memberCaller.gql(ROLLBACK, { id: crypto.randomUUID() }))).toBe('FORBIDDEN');
    expect(countUsers()).toBe(before);
  });

  it('checks batch_id: a malformed id is BAD_USER_INPUT, a reused one CONFLICT', async () => {
    const { admin, domain } = await freshOrg();
    const rows = [{ email: `b1@${domain}`, full_name: 'B One' }];
    expect(codeOf(await massCreate(admin, rows, { batch_id: 'batch-1' }))).toBe('BAD_USER_INPUT');
    const batch_id = crypto.randomUUID();
    expect(result(await massCreate(admin, rows, { batch_id, dryRun: true })).batch_id).toBe(batch_id);
    const again = await massCreate(admin, [{ email: `b2@${domain}`, full_name: 'B Two' }], { batch_id });
    expect(codeOf(again)).toBe('CONFLICT');
    expect(batchUsers(batch_id)).toHaveLength(0);
  });

  it('refuses an empty list and more than 50,000 rows', async () => {
    const { admin } = await freshOrg();
    expect(codeOf(await massCreate(admin, []))).toBe('BAD_USER_INPUT');
    const { runMassCreation } = await import('./mass-creation.service.js');
    const viewer = { userId: 'u', organizationId: 'o', sessionId: 's', permissionLevel: 'ADMIN' as const, email: 'a@b.c' };
    const rows = Array.from({ length: 50_001 }, (_, i) => ({ row: i + 1, data: { email: `r${i}@x.example`, full_name: 'R' } }));
    await expect(runMassCreation(t.app.services, viewer, { rows })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
