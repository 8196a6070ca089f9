/** An HR export imported as it comes: first + last name, department and division, managers promoted, team managers set. */
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../test/helpers.js';
import { createBusinessUnit } from '../org/org.repo.js';
import type { MassCreateResult } from './mass-creation.service.js';
import { RESULT_QUERY, massCreate, useMassCreationApp } from './mass-creation.test-support.js';

const t = useMassCreationApp();
const { freshOrg, sqlite, batchUsers, upload } = t;

/** A BambooHR-style file: Noah manages the Backend team, Ava the new Design team; Core is an existing team. */
function bambooCsv(domain: string, managerOfCore: string) {
  return [
    'Employee #,First Name,Last Name,Preferred Name,Work Email,Job Title,Department,Division,Manager Email',
    `1,Noah,Kim,,noah.kim@${domain},Engineering Manager,Backend,Engineering,${managerOfCore}`,
    `2,Liam,Ortiz,,liam@${domain},Engineer,Backend,Engineering,noah.kim@${domain}`,
    `3,Elizabeth,Park,Liz,liz@${domain},Engineer,Backend,Engineering,noah.kim@${domain}`,
    `4,Ava,Stone,,ava@${domain},Design Lead,Design,Product,${managerOfCore}`,
    `5,Mia,Chen,,mia@${domain},Designer,Design,Product,ava@${domain}`,
    `6,Omar,Haddad,,omar@${domain},Engineer,core,Engineering,noah.kim@${domain}`,
    `7,Zoe,Gmail,,zoe.private@gmail.com,Engineer,Backend,Engineering,noah.kim@${domain}`,
    `8,Eli,Nomgr,,eli@${domain},Engineer,Frontend,Engineering,`,
    `9,Sam,Split,,sam@${domain},Engineer,Frontend,Engineering,ava@${domain}`,
  ].join('\n');
}

describe('HR export import', () => {
  it('the dry run answers exactly what the import then creates, with promotions, team managers and structure', async () => {
    const { admin, domain, org, manager } = await freshOrg();
    createBusinessUnit(t.app.services.db, org.id, 'Product');
    const csv = bambooCsv(domain, manager.email);

    const dry = (await upload(admin.token, csv, '?dryRun=true')).json() as MassCreateResult;
    expect(dry.count).toBe(8);
    expect(dry.usersWithErrors.map((e) => [e.row, e.errorType])).toEqual([[8, 'BLOCKED_EMAIL_DOMAIN']]);
    expect(dry.created_ids).toEqual([]);
    expect(dry.promoted.map((p) => [p.email, p.reports])).toEqual([
      [`noah.kim@${domain}`, 3],
      [`ava@${domain}`, 2],
    ]);
    expect(dry.teams).toEqual([
      { name: 'Backend', existing: false, members_before: 0, joining: 3, manager_email: `noah.kim@${domain}`, manager_name: 'Noah Kim' },
      { name: 'Core', existing: true, members_before: 1, joining: 1, manager_email: null, manager_name: null },
      { name: 'Design', existing: false, members_before: 0, joining: 2, manager_email: `ava@${domain}`, manager_name: 'Ava Stone' },
      { name: 'Frontend', existing: false, members_before: 0, joining: 2, manager_email: null, manager_name: null },
    ]);
    expect(dry.divisions).toEqual([
      {
        name: 'Engineering',
        existing: false,
        departments: [
          { name: 'Backend', existing: false },
          { name: 'core', existing: false },
          { name: 'Frontend', existing: false },
        ],
      },
      { name: 'Product', existing: true, departments: [{ name: 'Design', existing: false }] },
    ]);
    expect(sqlite().prepare('SELECT count(*) AS n FROM users WHERE email = ?').get(`liam@${domain}`)).toEqual({ n: 0 });

    const done = (await upload(admin.token, csv)).json() as MassCreateResult;
    const { batch_id: _dryId, created_ids: _none, ...dryPlan } = dry;
    const { batch_id: _id, created_ids, ...plan } = done;
    expect(plan).toEqual(dryPlan);
    expect(created_ids).toHaveLength(8);

    const people = batchUsers(done.batch_id);
    expect(people.map((u) => u.id).sort()).toEqual([...created_ids].sort());
    const byEmail = new Map(people.map((u) => [u.email as string, u]));
    expect(byEmail.get(`liz@${domain}`)!.full_name).toBe('Liz Park');
    expect(byEmail.get(`liam@${domain}`)!.full_name).toBe('Liam Ortiz');
    expect(byEmail.get(`noah.kim@${domain}`)!.permission_level).toBe('MANAGER');
    expect(byEmail.get(`liam@${domain}`)!.permission_level).toBe('MEMBER');
    const teams = sqlite().prepare('SELECT name, manager_id FROM teams WHERE organization_id = ? ORDER BY name').all(org.id) as Array<{
      name: string;
      manager_id: string | null;
    }>;
    expect(teams).toEqual([
      { name: 'Backend', manager_id: byEmail.get(`noah.kim@${domain}`)!.id },
      { name: 'Core', manager_id: null },
      { name: 'Design', manager_id: byEmail.get(`ava@${domain}`)!.id },
      { name: 'Frontend', manager_id: null },
    ]);
    expect(byEmail.get(`omar@${domain}`)!.team_id).toBe(
      sqlite().prepare("SELECT id FROM teams WHERE organization_id = ? AND name = 'Core'").pluck().get(org.id),
    );
    const structure = sqlite()
      .prepare(
        `SELECT b.unit_name AS unit, d.name AS department FROM business_units b LEFT JOIN departments d ON d.business_unit_id = b.id
      WHERE b.organization_id = ? ORDER BY unit, department`,
      )
      .all(org.id);
    expect(structure).toEqual([
      { unit: 'Engineering', department: 'Backend' },
      { unit: 'Engineering', department: 'Frontend' },
      { unit: 'Engineering', department: 'core' },
      { unit: 'Product', department: 'Design' },
    ]);

    const stored = await admin.gql(
      RESULT_QUERY.replace('totalUserWithEmailError', 'totalUserWithEmailError created_ids promoted { email } teams { name manager_name }'),
      { id: done.batch_id },
    );
    expect(stored.data?.massCreation).toMatchObject({ created_ids, promoted: [{ email: `noah.kim@${domain}` }, { email: `ava@${domain}` }] });
  });

  it('leaves people Members when the admin turns promotion off, and never overrides a level the row gives', async () => {
    const { admin, domain } = await freshOrg();
    const csv = [
      'Work Email,First Name,Last Name,Permission,Manager Email',
      `boss@${domain},Bo,Ss,,`,
      `lead@${domain},Le,Ad,member,boss@${domain}`,
      `dev@${domain},De,V,,lead@${domain}`,
    ].join('\n');
    const off = (await upload(admin.token, csv, '?promoteManagers=false')).json() as MassCreateResult;
    expect(off.promoted).toEqual([]);
    expect(batchUsers(off.batch_id).map((u) => u.permission_level)).toEqual(['MEMBER', 'MEMBER', 'MEMBER']);
  });

  it('promotes only people whose row gives no level', async () => {
    const { admin, domain } = await freshOrg();
    const csv = [
      'Work Email,First Name,Last Name,Permission,Manager Email',
      `boss@${domain},Bo,Ss,,`,
      `lead@${domain},Le,Ad,member,boss@${domain}`,
      `dev@${domain},De,V,,lead@${domain}`,
    ].join('\n');
    const on = (await upload(admin.token, csv)).json() as MassCreateResult;
    expect(on.promoted.map((p) => p.email)).toEqual([`boss@${domain}`]);
    const levels = Object.fromEntries(batchUsers(on.batch_id).map((u) => [u.email, u.permission_level]));
    expect(levels).toEqual({ [`boss@${domain}`]: 'MANAGER', [`lead@${domain}`]: 'MEMBER', [`dev@${domain}`]: 'MEMBER' });
  });

  it('refuses a row without any name, and a header with a first name but no last name', async () => {
    const { admin, domain } = await freshOrg();
    const res = (await upload(admin.token, `Work Email,First Name,Last Name\nnameless@${domain},,\n`)).json() as MassCreateResult;
    expect(res.usersWithErrors.map((e) => [e.row, e.errorType])).toEqual([[2, 'INVALID_ROW']]);
    const header = await upload(admin.token, `Work Email,First Name\nx@${domain},X\n`);
    expect(header.statusCode).toBe(400);
    expect(header.json().missing).toEqual(['full_name']);
  });

  it('takes department and division through the GraphQL mutation too', async () => {
    const { admin, domain } = await freshOrg();
    const rows = [
      { email: `lead@${domain}`, full_name: 'Lea Lead', department: 'Research', division: 'Labs' },
      { email: `sci@${domain}`, full_name: 'Sci Entist', department: 'Research', division: 'Labs', manager_email: `lead@${domain}` },
    ];
    const res = await admin.gql(
      `mutation M($rows: [MassCreateUserRow!]!) { massCreateUsers(rows: $rows, dryRun: true, promoteManagers: false) {
      count promoted { email } teams { name existing joining manager_name } divisions { name existing departments { name existing } } } }`,
      { rows },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.massCreateUsers).toEqual({
      count: 2,
      promoted: [],
      teams: [{ name: 'Research', existing: false, joining: 2, manager_name: 'Lea Lead' }],
      divisions: [{ name: 'Labs', existing: false, departments: [{ name: 'Research', existing: false }] }],
    });
    expect((await massCreate(admin, rows, { dryRun: true })).data?.massCreateUsers.count).toBe(2);
  });

  it('tells an admin, and only an admin, where invitations go', async () => {
    const { admin, member } = await freshOrg();
    expect((await admin.gql('{ mailDelivery }')).data).toEqual({ mailDelivery: 'OUTBOX' }); // the test app has no SMTP
    const asMember = await signedIn(t.app, member.email);
    expect((await asMember.gql('{ mailDelivery }')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
