/** massCreateUsers: the users, managers and teams a run creates, and its progress events. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeOf } from '../../test/helpers.js';
import { topics } from '../../graphql/pubsub.js';
import { massCreationSubscriptions } from './mass-creation.resolvers.js';
import type { MassCreateProgress } from './mass-creation.service.js';
import { RESULT_QUERY, ROLLBACK, massCreate, result, useMassCreationApp, type Row } from './mass-creation.test-support.js';

const t = useMassCreationApp();
const { freshOrg, sqlite, countUsers, countTeams, batchUsers } = t;

describe('massCreateUsers: creation', () => {
  it('creates INVITED, unverified users without password, tagged with the batch; they appear in organizationUsers', async () => {
    const { admin, domain } = await freshOrg();
    const batch_id = crypto.randomUUID();
    const res = result(
      await massCreate(
        admin,
        [
          { email: `Ana@${domain}`, full_name: ' Ana Admin ', permission_level: 'ADMIN', role: 'CTO', location: 'Lisbon', time_zone: 'europe/lisbon' },
          { email: `bo@${domain}`, full_name: 'Bo', role: '', location: '' },
        ],
        { batch_id },
      ),
    );
    expect(res).toEqual({ batch_id, count: 2, usersWithErrors: [], totalUserWithEmailError: 0 });
    const rows = batchUsers(batch_id);
    expect(rows.map((u) => [u.email, u.full_name, u.status, u.email_verified, u.password_hash, u.permission_level, u.role, u.location, u.time_zone])).toEqual([
      [`ana@${domain}`, 'Ana Admin', 'INVITED', 0, null, 'ADMIN', 'CTO', 'Lisbon', 'Europe/Lisbon'],
      [`bo@${domain}`, 'Bo', 'INVITED', 0, null, 'MEMBER', null, null, null],
    ]);
    const list = await admin.gql('{ organizationUsers(status: INVITED) { email status permission_level } }');
    expect(list.data!.organizationUsers).toEqual(
      expect.arrayContaining([
        { email: `ana@${domain}`, status: 'INVITED', permission_level: 'ADMIN' },
        { email: `bo@${domain}`, status: 'INVITED', permission_level: 'MEMBER' },
      ]),
    );
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
    const res = result(
      await massCreate(admin, [
        { email: `report@new.${domain}`, full_name: 'Report', manager_email: `lead@new.${domain}` },
        { email: `lead@new.${domain}`, full_name: 'Lead', manager_email: `${manager.email.toUpperCase()}` },
      ]),
    );
    expect(res.count).toBe(2);
    const list = await admin.gql('{ organizationUsers { email manager { email } } }');
    const byEmail = new Map(
      (list.data!.organizationUsers as Array<{ email: string; manager: { email: string } | null }>).map((u) => [u.email, u.manager?.email ?? null]),
    );
    expect(byEmail.get(`report@new.${domain}`)).toBe(`lead@new.${domain}`);
    expect(byEmail.get(`lead@new.${domain}`)).toBe(manager.email);
  });

  it('creates named teams (once, matching names case-insensitively) unless createTeams is false', async () => {
    const { admin, domain } = await freshOrg();
    const refused = result(
      await massCreate(
        admin,
        [
          { email: `t0@${domain}`, full_name: 'T Zero', team: 'core' },
          { email: `t1@${domain}`, full_name: 'T One', team: 'Rockets' },
        ],
        { createTeams: false, dryRun: true },
      ),
    );
    expect(refused.count).toBe(1);
    expect(refused.usersWithErrors).toEqual([
      { row: 2, errorType: 'UNKNOWN_TEAM', email: `t1@${domain}`, message: 'team: there is no team "Rockets" (creating teams was turned off).' },
    ]);

    const res = result(
      await massCreate(admin, [
        { email: `t1@${domain}`, full_name: 'T One', team: 'Rockets' },
        { email: `t2@${domain}`, full_name: 'T Two', team: 'ROCKETS ' },
        { email: `t3@${domain}`, full_name: 'T Three', team: 'Core' },
      ]),
    );
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
    const rows = sqlite().prepare('SELECT id, name, deleted_at FROM teams WHERE organization_id = ? AND lower(name) = ?').all(org.id, 'old guard') as Array<{
      id: string;
      deleted_at: string | null;
    }>;
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === oldId)?.deleted_at).toBe('2024-01-01T00:00:00Z');
  });

  it('publishes progress every 250 rows and a last event with done: true', async () => {
    const { admin, org, domain } = await freshOrg();
    const batch_id = crypto.randomUUID();
    const events = t.app.services.pubsub.subscribe<MassCreateProgress>(topics.massCreateProgress(org.id, batch_id));
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

  it("the progress subscription is admin only and scoped to the caller's organization", async () => {
    const { org, adminUser, member } = await freshOrg();
    const services = t.app.services;
    const viewer = (id: string, permissionLevel: 'ADMIN' | 'MEMBER') => ({
      userId: id,
      organizationId: org.id,
      sessionId: 's',
      permissionLevel,
      email: 'x@y.z',
    });
    const sub = massCreationSubscriptions.massCreateProgress;
    expect(() => sub.subscribe(null, { batch_id: crypto.randomUUID() }, { services, viewer: null } as never)).toThrow(
      expect.objectContaining({ code: 'UNAUTHENTICATED' }),
    );
    expect(() => sub.subscribe(null, { batch_id: crypto.randomUUID() }, { services, viewer: viewer(member.id, 'MEMBER') } as never)).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    const batchId = crypto.randomUUID();
    const iterator = sub.subscribe(null, { batch_id: batchId.toUpperCase() }, { services, viewer: viewer(adminUser.id, 'ADMIN') } as never);
    expect(services.pubsub.listenerCount(topics.massCreateProgress(org.id, batchId))).toBe(1);
    await iterator.return?.();
  });
});
