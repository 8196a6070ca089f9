/**
 * A full disk, for real (docs/decisions/0058): the data directory on a small tmpfs that the tests
 * fill up, so SQLite itself answers SQLITE_FULL. Writes answer STORAGE_FULL with a plain message
 * and save nothing, people who are signed in keep reading, sign-in answers plainly, the log says
 * where and why in one line, and GET /api/health answers 503 until a write works again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_MESSAGES } from '../../shared/errors.js';
import { peopleCsv } from '../test/process.js';
import { BASE, Browser, captureLogs, seedOrg, signedIn } from '../test/helpers.js';
import { PROBE_EVERY_MS } from './storage-health.js';
import { createSmallDiskApp } from './storage.test-support.js';

let t: Awaited<ReturnType<typeof createSmallDiskApp>>;
let org: Awaited<ReturnType<typeof seedOrg>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let logs: ReturnType<typeof captureLogs>;
beforeAll(async () => {
  t = await createSmallDiskApp({ LOG_LEVEL: 'info' });
  logs = captureLogs(t.app);
  org = await seedOrg(t.app);
  admin = await signedIn(t.app, org.admin.email);
});
afterEach(() => t.free());
afterAll(async () => {
  logs?.restore();
  await t?.close();
});

const sqlite = () => t.app.services.db.$client;
const count = (table: string) => (sqlite().prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
const health = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.json() as { status: string; storage: Record<string, unknown> } };
};
const CREATE_TEAM = 'mutation($input: CreateTeamInput!) { createTeam(input: $input) { id name } }';

describe('a full disk', () => {
  it('a GraphQL write answers STORAGE_FULL with the plain message, saves nothing, logs one line and fails the health check until space is freed', async () => {
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', storage: { status: 'ok' } } });
    const from = logs.lines.length;
    const logged = () => logs.lines.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>);
    const teams = count('teams');
    t.fill();
    const input = { name: 'Storage', member_ids: [org.member.id, org.report.id] };
    const res = await admin.gql(CREATE_TEAM, { input });
    expect(res.data).toBeNull();
    expect(res.errors).toEqual([
      expect.objectContaining({ message: 'The server is out of storage; nothing was saved. Try again later.', extensions: { code: 'STORAGE_FULL' } }),
    ]);
    // Nothing half-written: no team, and the members are where they were.
    expect(count('teams')).toBe(teams);
    expect(sqlite().prepare('select team_id from users where id = ?').pluck().get(org.member.id)).toBeNull();

    // One line for the operator: where, what, what to do; no stack.
    const failures = logged().filter((l) => l.event === 'storage_failure');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ level: 50, code: 'STORAGE_FULL', cause: 'full', storage_error: 'SQLITE_FULL' });
    expect(failures[0]!.msg).toBe(
      `storage failure: the disk that holds the data directory ${t.disk.dir} is full (SQLITE_FULL): nothing can be saved until space is freed there`,
    );
    expect(logged().filter((l) => l.level === 50)).toHaveLength(1); // no 'unexpected error' with a stack

    const failing = await health();
    expect(failing.status).toBe(503);
    expect(failing.body).toMatchObject({ status: 'failing', storage: { status: 'failing', code: 'STORAGE_FULL', cause: 'full' } });

    t.free();
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', storage: { status: 'ok' } } });
    expect(logged().some((l) => l.event === 'storage_recovered')).toBe(true);
    const again = await admin.gql(CREATE_TEAM, { input });
    expect(again.errors).toBeUndefined();
    expect(count('teams')).toBe(teams + 1);
  });

  it('the health check finds a disk that filled up while nobody wrote', async () => {
    t.fill();
    // The first check after a quiet spell writes its probe (a check within 5 s of the last one answers what that one found).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PROBE_EVERY_MS });
    try {
      const res = await health();
      expect(res.status).toBe(503);
      expect(res.body.storage).toMatchObject({ code: 'STORAGE_FULL' });
    } finally {
      vi.useRealTimers();
    }
    t.free();
    expect((await health()).status).toBe(200);
  });

  it('people who are signed in keep reading: the session check (which skips its write) and queries work', async () => {
    const member = await signedIn(t.app, org.member.email);
    // Seen over a minute ago: this check would record the activity.
    sqlite()
      .prepare('update sessions set last_seen_at = ? where user_id = ?')
      .run(Date.now() - 5 * 60_000, org.member.id);
    t.fill();
    const session = await member.browser.request({ method: 'GET', url: '/api/auth/session' });
    expect(session.statusCode).toBe(200);
    expect(typeof (session.json() as { access_token?: unknown }).access_token).toBe('string');
    const me = await member.gql('{ findOneUser { email } }');
    expect(me).toMatchObject({ status: 200, data: { findOneUser: { email: org.member.email } } });
    expect(me.errors).toBeUndefined();
  });

  it('sign-in answers plainly (503, StorageFull), never a 500 or the Default error', async () => {
    const browser = new Browser(t.app);
    const csrfToken = await browser.csrf();
    t.fill();
    const res = await browser.signIn(org.manager.email);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ url: `${BASE}/api/auth/error?error=StorageFull&provider=credentials` });
    expect(await browser.session()).toEqual({}); // no session
    // The page the error leads to words it (client/features/auth/sign-in.ts).
    const page = await browser.request({ method: 'GET', url: '/api/auth/error?error=StorageFull&provider=credentials' });
    expect(page.headers.location).toBe(`${BASE}/login?error=StorageFull`);
    // A form post without JavaScript is sent the same way.
    const form = await browser.request({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      form: { email: org.manager.email, password: 'whatever it is', csrfToken },
    });
    expect(form.statusCode).toBe(302);
    expect(form.headers.location).toBe(`${BASE}/api/auth/error?error=StorageFull&provider=credentials`);
    t.free();
    expect((await browser.signIn(org.manager.email)).statusCode).toBe(200);
  });

  it('sign-out still signs the browser out', async () => {
    const member = await signedIn(t.app, org.member.email);
    const csrfToken = await member.browser.csrf();
    t.fill();
    const res = await member.browser.request({ method: 'POST', url: '/api/auth/signout', form: { csrfToken, json: 'true' } });
    expect(res.statusCode).toBe(200);
    expect(await member.browser.session()).toEqual({});
  });

  it('a CSV import on a nearly full disk answers STORAGE_FULL and creates nobody (one transaction)', async () => {
    const users = count('users');
    // Room for the import's own bookkeeping row, not for its 400 people.
    t.fill(96 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/import',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` },
      payload: peopleCsv(400, 'acme.example'),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'STORAGE_FULL', message: STORAGE_MESSAGES.full });
    expect(count('users')).toBe(users);
    // It got as far as the write of the people, which rolled back as a whole.
    expect(sqlite().prepare('select status from mass_creation_batches').pluck().all()).toEqual(['failed']);
  });
});
