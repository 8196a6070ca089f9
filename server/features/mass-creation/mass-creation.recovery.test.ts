import { afterEach, expect, it } from 'vitest';
import { graphql, peopleCsv, readDb, removeServer, signInOverHttp, spawnServer, type ServerProcess } from '../../test/process.js';

/**
 * SIGKILL in the middle of a 50,000-row CSV import, then a restart (the real process, twice, on one
 * data directory): nothing of the import exists, the batch reads INTERRUPTED where the admin lists
 * imports, and uploading the file again (the retry, docs/decisions/0038) imports every row once.
 */
let servers: ServerProcess[] = [];
afterEach(async () => {
  for (const s of servers) await removeServer(s).catch(() => undefined);
  servers = [];
});

const BATCH = '9d2e6f14-3b5a-4c8d-8e71-0a4f2c6b9d35';
const RETRY = '1b7c9e2a-6d4f-4a3b-9c85-7e2d0f1a6b48';
const BATCHES = /* GraphQL */ `{ massCreationBatches { id status dry_run total created created_by_name finished_at } }`;

const upload = (url: string, token: string, csv: string, batchId: string) =>
  fetch(`${url}/api/admin/users/import?batch_id=${batchId}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
    body: csv,
  });

it('killed 0.9 s into a 50,000-row import: after the restart no row exists, the batch is INTERRUPTED, and uploading the file again imports it', async () => {
  const first = await spawnServer();
  servers.push(first);
  const dataDir = first.dataDir;
  const token = await signInOverHttp(first.url);
  const csv = peopleCsv(50_000);
  const usersBefore = readDb(dataDir, (db) => (db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n);

  const sentAt = Date.now();
  const cut = upload(first.url, token, csv, BATCH).then(
    () => 'answered',
    () => 'cut',
  );
  let seenRunning = false;
  // 0.9 s in, or as soon as the import is seen running when the upload took longer on a busy machine.
  while (!seenRunning || Date.now() - sentAt < 900) {
    if (Date.now() - sentAt > 20_000) throw new Error('the import never started');
    seenRunning ||=
      readDb(dataDir, (db) => db.prepare('SELECT status FROM mass_creation_batches WHERE id = ?').get(BATCH) as { status: string } | undefined)?.status ===
      'running';
    await new Promise((r) => setTimeout(r, 25));
  }
  first.child.kill('SIGKILL');
  expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
  expect(await cut).toBe('cut');
  expect(seenRunning).toBe(true);
  // Before the fix the batch stayed like this for ever.
  readDb(dataDir, (db) => expect(db.prepare('SELECT status FROM mass_creation_batches WHERE id = ?').get(BATCH)).toEqual({ status: 'running' }));

  const second = await spawnServer({ dataDir });
  servers.push(second);
  readDb(dataDir, (db) => {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // Every row of the file is absent: nothing half-written.
    expect(db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: usersBefore });
    expect(db.prepare("SELECT count(*) AS n FROM users WHERE email LIKE 'person%@process.example' OR mass_batch_id = ?").get(BATCH)).toEqual({ n: 0 });
  });
  expect(second.output()).toContain('1 import was interrupted when the server stopped');
  const admin = await signInOverHttp(second.url);
  const listed = await graphql(second.url, admin, BATCHES);
  expect(listed.errors).toBeUndefined();
  expect(listed.data.massCreationBatches).toEqual([
    { id: BATCH, status: 'INTERRUPTED', dry_run: false, total: 50_000, created: 0, created_by_name: expect.any(String), finished_at: expect.any(String) },
  ]);

  // The retry: the same file again, under a new batch id.
  const again = await upload(second.url, admin, csv, RETRY);
  expect(again.status).toBe(200);
  expect(await again.json()).toMatchObject({ batch_id: RETRY, count: 50_000, usersWithErrors: [] });
  const after = await graphql(second.url, admin, BATCHES);
  expect(after.data.massCreationBatches.map((b: { id: string; status: string; created: number }) => [b.id, b.status, b.created])).toEqual([
    [RETRY, 'DONE', 50_000],
    [BATCH, 'INTERRUPTED', 0],
  ]);
  readDb(dataDir, (db) =>
    expect(db.prepare("SELECT count(DISTINCT email) AS n FROM users WHERE email LIKE 'person%@process.example'").get()).toEqual({ n: 50_000 }),
  );
}, 60_000);
