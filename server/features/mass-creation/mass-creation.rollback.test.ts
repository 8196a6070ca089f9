/** Reading and rolling back a batch, and a write that fails half way leaving nothing. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeOf } from '../../test/helpers.js';
import { RESULT_QUERY, ROLLBACK, massCreate, result, useMassCreationApp } from './mass-creation.test-support.js';

const t = useMassCreationApp();
const { freshOrg, sqlite, countUsers, countTeams, batchUsers, upload } = t;

describe('massCreation and rollbackMassCreation', () => {
  it("another organization's admin can neither read nor roll back the batch", async () => {
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

  it("a batch id is its organization's: another organization using the same id runs its own batch, and neither reads, rolls back or learns of the other (decision 0057)", async () => {
    const mine = await freshOrg();
    const theirs = await freshOrg();
    const batch_id = crypto.randomUUID();
    expect(result(await massCreate(mine.admin, [{ email: `a1@${mine.domain}`, full_name: 'A One' }], { batch_id })).batch_id).toBe(batch_id);
    // The same id in another organization is not "already used" there: no answer about the first one.
    const other = await massCreate(
      theirs.admin,
      [
        { email: `b1@${theirs.domain}`, full_name: 'B One' },
        { email: `b2@${theirs.domain}`, full_name: 'B Two' },
      ],
      { batch_id },
    );
    expect(other.errors).toBeUndefined();
    expect(result(other)).toMatchObject({ batch_id, count: 2 });
    // The CSV route takes the id the same way.
    const csv = await upload(theirs.admin.token, `email,full_name\nb3@${theirs.domain},B Three\n`, `?batch_id=${batch_id.toUpperCase()}`);
    expect([csv.statusCode, csv.json().error]).toEqual([409, 'CONFLICT']);
    expect(csv.json().message).toMatch(/already used in this organization/);
    // Each organization reads its own result under the id.
    expect((await mine.admin.gql(RESULT_QUERY, { id: batch_id })).data!.massCreation.count).toBe(1);
    expect((await theirs.admin.gql(RESULT_QUERY, { id: batch_id })).data!.massCreation.count).toBe(2);
    // Rolling back removes only the caller's people of that id.
    expect((await theirs.admin.gql(ROLLBACK, { id: batch_id })).data!.rollbackMassCreation).toBe(2);
    expect(batchUsers(batch_id).map((u) => u.email)).toEqual([`a1@${mine.domain}`]);
    expect((await mine.admin.gql(RESULT_QUERY, { id: batch_id })).data!.massCreation.count).toBe(1);
    const rows = sqlite().prepare('SELECT organization_id, status FROM mass_creation_batches WHERE id = ? ORDER BY status').all(batch_id);
    expect(rows).toEqual([
      { organization_id: mine.org.id, status: 'done' },
      { organization_id: theirs.org.id, status: 'rolled_back' },
    ]);
  });

  it("removes only the batch's users who never signed in; the emails can be imported again", async () => {
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
      const csv = `email,full_name\n${rowsFor(domain)
        .map((r) => `${r.email},${r.full_name}`)
        .join('\n')}\n`;
      const up = await upload(admin.token, csv);
      expect(up.statusCode).toBe(500);
      expect(up.json()).toMatchObject({ error: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
      expect(up.body).not.toMatch(/disk on fire/);
      expect(countUsers()).toBe(users);
    } finally {
      sqlite().exec('DROP TRIGGER mass_abort');
    }
  });

  it('a write larger than its page cache (dirty pages spill to the WAL) that fails at its last row leaves nothing; the cache size comes back', async () => {
    const { admin, domain } = await freshOrg();
    const n = 12_000; // ~7 MB of users and index pages, past the write's 4 MB cache
    const csv = `email,full_name,team\n${Array.from({ length: n }, (_, i) => `big-${i}@${domain},Big ${i},Big Team`).join('\n')}\n`;
    const cacheSize = sqlite().pragma('cache_size', { simple: true });
    sqlite().exec(
      `CREATE TRIGGER mass_abort_late BEFORE INSERT ON users WHEN NEW.email = 'big-${n - 1}@${domain}' BEGIN SELECT RAISE(ABORT, 'disk on fire'); END;`,
    );
    try {
      const users = countUsers();
      const teams = countTeams();
      const up = await upload(admin.token, csv);
      expect(up.statusCode).toBe(500);
      expect(countUsers()).toBe(users);
      expect(countTeams()).toBe(teams);
      expect(sqlite().pragma('cache_size', { simple: true })).toBe(cacheSize);
    } finally {
      sqlite().exec('DROP TRIGGER mass_abort_late');
    }
    const again = await upload(admin.token, csv);
    expect(again.statusCode).toBe(200);
    expect(again.json().count).toBe(n);
    expect(batchUsers(again.json().batch_id)).toHaveLength(n);
    expect(sqlite().pragma('cache_size', { simple: true })).toBe(cacheSize);
  });
});
