import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addUser, createTestApp, seedOrg, signedIn } from '../test/helpers.js';
import { updateUser } from '../features/users/users.repo.js';
import { OTHER_CONNECTIONS_CHECK_MS, TableVersions } from '../db/table-versions.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

it('serves a repeated query from the cache until a row it read changes, per viewer', async () => {
  const o = await seedOrg(app, 'Cachy');
  const admin = await signedIn(app, o.admin.email);
  const member = await signedIn(app, o.member.email);
  const query = '{ organizationUsers { id full_name } findOneUser { id notifications } }';
  const first = await admin.gql(query);
  const again = await admin.gql(query);
  expect(again.data).toEqual(first.data);

  // Another viewer never gets the admin's answer (findOneUser differs).
  const other = await member.gql(query);
  expect(other.data!.findOneUser.id).toBe(o.member.id);

  // A write made anywhere (here straight through the repo) to a table it read makes the cached answer stale.
  updateUser(app.services.db, o.org.id, o.report.id, { full_name: 'Renamed Report' });
  const after = await admin.gql(query);
  expect(after.data!.organizationUsers.map((u: { full_name: string }) => u.full_name)).toContain('Renamed Report');

  // Mutations are never cached.
  const m1 = await admin.gql('mutation { updateWidgetPreferences(enabled_widgets: [NOTES]) { enabled_widgets } }');
  const m2 = await admin.gql('mutation { updateWidgetPreferences(enabled_widgets: [NOTES]) { enabled_widgets } }');
  expect(m1.data).toEqual(m2.data);
  const q = await admin.gql('{ userWidgetPreferences { enabled_widgets } }');
  expect(q.data!.userWidgetPreferences.enabled_widgets).toEqual(['NOTES']);
  await admin.gql('mutation { updateWidgetPreferences(enabled_widgets: [MY_GOALS]) { enabled_widgets } }');
  expect((await admin.gql('{ userWidgetPreferences { enabled_widgets } }')).data!.userWidgetPreferences.enabled_widgets).toEqual(['MY_GOALS']);
});

it('keeps answers across writes to tables they did not read, and forgets them on any write to one they did', async () => {
  const o = await seedOrg(app, 'Tably');
  const admin = await signedIn(app, o.admin.email);
  const { db } = app.services;
  const stats = app.responseCache!.stats;
  const query = '{ organizationUsers { id full_name team { name } } }';
  const names = async () => (await admin.gql(query)).data!.organizationUsers as Array<{ full_name: string; team: { name: string } | null }>;
  await names();

  // Writes the answer does not depend on: a session's last_seen_at, a job, a notification.
  db.$client.prepare('update sessions set last_seen_at = last_seen_at + 1').run();
  app.services.scheduler.register('test.tably', () => {});
  app.services.scheduler.enqueue({ kind: 'test.tably', uniqueKey: 'tably', runAt: new Date(Date.now() + 3_600_000) });
  const hits = stats.hits;
  await names();
  expect(stats.hits).toBe(hits + 1);

  // Raw SQL on a joined table (teams) is seen without any code saying so.
  db.$client.prepare('update teams set name = ? where id = ?').run('Renamed Core', o.team.id);
  expect((await names()).map((u) => u.team?.name)).toContain('Renamed Core');

  // A FOREIGN KEY cascade / SET NULL counts as a write to the child table.
  db.$client.prepare('delete from teams where id = ?').run(o.team.id);
  expect((await names()).every((u) => u.team === null)).toBe(true);

  // A write committed by another connection (another process) makes every entry stale.
  const other = new Database(path.join(app.services.config.dataDir, 'teamlens.db'));
  other.prepare('update users set full_name = ? where id = ?').run('Written Elsewhere', o.member.id);
  other.close();
  await new Promise((r) => setTimeout(r, OTHER_CONNECTIONS_CHECK_MS + 1)); // the documented bound for other processes
  expect((await names()).map((u) => u.full_name)).toContain('Written Elsewhere');
});

it('a read depends on the tables SQLite opens for it: joins and subqueries yes, a column named like a table no', () => {
  const { db } = app.services;
  const versions = TableVersions.of(db.$client);
  const read = (text: string) => [...versions.trackSync(() => db.$client.prepare(text).all()).read.tables].sort();
  expect(read('select id, notifications from users')).toEqual(['users']);
  expect(read('select u.id from users u join teams t on t.id = u.team_id where u.id in (select user_id from sessions)')).toEqual([
    'sessions',
    'teams',
    'users',
  ]);
  expect(read("select count(*) from users where email = 'x'")).toEqual(['users']); // index-only
  const usersOnly = versions.trackSync(() => db.$client.prepare('select notifications from users').all()).read;
  db.$client.prepare("update notifications set read_at = read_at where id = 'none'").run();
  expect(versions.unchanged(usersOnly)).toBe(true);
  db.$client.prepare("update users set full_name = full_name where id = 'none'").run();
  expect(versions.unchanged(usersOnly)).toBe(true); // no row changed: nothing fired
  db.$client.prepare('update users set full_name = full_name where rowid = (select min(rowid) from users)').run();
  expect(versions.unchanged(usersOnly)).toBe(false);
});

it('a revoked session is refused even when its answer is cached', async () => {
  const o = await seedOrg(app, 'Revoky');
  const me = await signedIn(app, o.member.email);
  expect((await me.gql('{ findOneUser { id } }')).errors).toBeUndefined();
  const csrfToken = await me.browser.csrf();
  await me.browser.request({ method: 'POST', url: '/api/auth/signout', form: { csrfToken, json: 'true' } });
  expect((await me.gql('{ findOneUser { id } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});

it('compresses large answers for clients that accept it', async () => {
  const o = await seedOrg(app, 'Zippy');
  for (let i = 0; i < 20; i++) await addUser(app, o.org.id, { full_name: `Zippy Person ${i}` });
  const { token } = await signedIn(app, o.admin.email);
  const query = JSON.stringify({ query: '{ organizationUsersFull { id full_name email role location bio time_zone } organization { name } }' });
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
    payload: query,
  });
  const plain = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: query,
  });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(res.headers['content-encoding']).toBe('br');
  expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  const decoded = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : res.rawPayload;
  expect(JSON.parse(decoded.toString())).toEqual(plain.json());
  expect(res.headers.vary).toContain('Accept-Encoding');
});

it('RESPONSE_CACHE=off executes every query and still compresses large answers', async () => {
  const off = await createTestApp({ RESPONSE_CACHE: 'off' });
  try {
    expect(off.responseCache).toBeNull();
    const o = await seedOrg(off, 'Offy');
    for (let i = 0; i < 20; i++) await addUser(off, o.org.id, { full_name: `Offy Person ${i}` });
    const { token } = await signedIn(off, o.admin.email);
    const ask = () =>
      off.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
        payload: JSON.stringify({ query: '{ organizationUsersFull { id full_name email role location bio time_zone } }' }),
      });
    const first = await ask();
    expect(first.headers['content-encoding']).toBe('br');
    updateUser(off.services.db, o.org.id, o.member.id, { full_name: 'Offy Renamed' });
    const names = JSON.parse(zlib.brotliDecompressSync((await ask()).rawPayload).toString()).data.organizationUsersFull.map(
      (u: { full_name: string }) => u.full_name,
    );
    expect(names).toContain('Offy Renamed');
  } finally {
    await off.close();
  }
});

it('answers each query of a batch from the cache as it would alone, and never a stale one', async () => {
  const o = await seedOrg(app, 'Batchy');
  for (let i = 0; i < 10; i++) await addUser(app, o.org.id, { full_name: `Batchy Person ${i}` });
  const { token } = await signedIn(app, o.admin.email);
  const stats = app.responseCache!.stats;
  const people = { operationName: 'People', query: 'query People { organizationUsersFull { id full_name email role location bio time_zone } }' };
  const prefs = { operationName: 'Prefs', query: 'query Prefs { userWidgetPreferences { enabled_widgets } }' };
  const save = { query: 'mutation { updateWidgetPreferences(enabled_widgets: [NOTES]) { enabled_widgets } }' };
  const batch = async (ops: object[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
      payload: JSON.stringify(ops),
    });
    expect(res.statusCode).toBe(200);
    const text = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.body;
    return { encoding: res.headers['content-encoding'], answers: JSON.parse(text) as Array<{ data: Record<string, any> | null; errors?: unknown[] }> };
  };
  const alone = (
    await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify(people),
    })
  ).json();

  const first = await batch([people, prefs]);
  expect(first.encoding).toBe('br'); // a large batch is compressed like a large answer
  expect(first.answers[0]).toEqual(alone); // the second op answers as it would alone: the first ran alone above and was cached
  const hits = stats.hits;
  const again = await batch([people, prefs]);
  expect(stats.hits).toBe(hits + 2);
  expect(again.answers).toEqual(first.answers);

  // A mutation in a batch runs (never cached) and the queries after it see what it wrote.
  const mixed = await batch([save, prefs, people]);
  expect(mixed.answers[0]!.data!.updateWidgetPreferences.enabled_widgets).toEqual(['NOTES']);
  expect(mixed.answers[1]!.data!.userWidgetPreferences.enabled_widgets).toEqual(['NOTES']);

  // A write elsewhere to a table a cached part read: the next batch answers fresh.
  updateUser(app.services.db, o.org.id, o.member.id, { full_name: 'Batchy Renamed' });
  const fresh = await batch([prefs, people]);
  expect(fresh.answers[1]!.data!.organizationUsersFull.map((u: { full_name: string }) => u.full_name)).toContain('Batchy Renamed');

  // An operation that fails answers with its own error; the others still answer.
  const failing = await batch([{ query: 'query { nope }' }, prefs]);
  expect((failing.answers[0]!.errors![0] as { extensions: { code: string } }).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  expect(failing.answers[1]!.data!.userWidgetPreferences.enabled_widgets).toEqual(['NOTES']);
});
