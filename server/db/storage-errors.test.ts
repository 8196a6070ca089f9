/** The one classification of storage failures (docs/decisions/0058), on errors SQLite and the system really raise where that is cheap. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STORAGE_MESSAGES } from '../../shared/errors.js';
import { graphql } from '../graphql/graphql-runtime.js';
import { classifyStorageError } from './storage-errors.js';
import { mountSmallDisk } from './storage.test-support.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-classify-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

it('maps what SQLite raises to a code, a cause and the plain message', () => {
  const file = path.join(dir, 'a.db');
  const db = new Database(file);
  db.exec('create table t (x)');
  // No room for one more page: SQLITE_FULL, as on a full disk.
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  const full = thrown(() => {
    for (let i = 0; i < 100; i += 1) db.prepare('insert into t values (?)').run('x'.repeat(2000));
  });
  db.close();
  const readOnly = thrown(() => new Database(file, { readonly: true }).prepare('insert into t values (1)').run());
  const cantOpen = thrown(() => new Database(dir));
  const notADb = path.join(dir, 'b.db');
  fs.writeFileSync(notADb, 'x'.repeat(5000));
  const damaged = thrown(() => new Database(notADb).pragma('journal_mode = WAL'));
  const io = new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE');

  expect(classifyStorageError(full)).toEqual({
    code: 'STORAGE_FULL',
    cause: 'full',
    raw: 'SQLITE_FULL',
    message: 'The server is out of storage; nothing was saved. Try again later.',
  });
  expect(classifyStorageError(io)).toEqual({ code: 'STORAGE_UNAVAILABLE', cause: 'io', raw: 'SQLITE_IOERR_WRITE', message: STORAGE_MESSAGES.io });
  expect(classifyStorageError(readOnly)).toMatchObject({
    code: 'STORAGE_UNAVAILABLE',
    cause: 'read_only',
    raw: 'SQLITE_READONLY',
    message: STORAGE_MESSAGES.read_only,
  });
  expect(classifyStorageError(cantOpen)).toMatchObject({
    code: 'STORAGE_UNAVAILABLE',
    cause: 'cant_open',
    raw: 'SQLITE_CANTOPEN',
    message: STORAGE_MESSAGES.cant_open,
  });
  expect(classifyStorageError(damaged)).toMatchObject({
    code: 'STORAGE_UNAVAILABLE',
    cause: 'corrupt',
    raw: 'SQLITE_NOTADB',
    message: STORAGE_MESSAGES.corrupt,
  });
  expect(classifyStorageError(new Database.SqliteError('database disk image is malformed', 'SQLITE_CORRUPT'))).toMatchObject({ cause: 'corrupt' });
});

it("sees through GraphQL's and other wrappers, and leaves everything else alone", () => {
  const io = new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_FSYNC');
  expect(classifyStorageError(new graphql.GraphQLError('x', { originalError: io }))).toMatchObject({ cause: 'io', raw: 'SQLITE_IOERR_FSYNC' });
  expect(classifyStorageError(new Error('outer', { cause: io }))).toMatchObject({ cause: 'io' });
  for (const other of [
    new Database.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'),
    new Database.SqliteError('database is locked', 'SQLITE_BUSY'),
    Object.assign(new Error('permission denied'), { code: 'EACCES' }),
    new Error('plain'),
    null,
    'text',
  ]) {
    expect(classifyStorageError(other)).toBeNull();
  }
});

it("the system's own full disk (pictures, keys) is full; an I/O error on a file system with no space left is too", () => {
  const disk = mountSmallDisk(1);
  try {
    disk.fill();
    const enospc = thrown(() => fs.writeFileSync(path.join(disk.dir, 'picture.png'), Buffer.alloc(8192)));
    expect(classifyStorageError(enospc)).toMatchObject({ code: 'STORAGE_FULL', cause: 'full', raw: 'ENOSPC' });
    // What SQLite answers when it cannot make its -shm file (a restart on a full disk).
    const shm = new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_SHMSIZE');
    expect(classifyStorageError(shm, disk.dir)).toMatchObject({ code: 'STORAGE_FULL', cause: 'full', raw: 'SQLITE_IOERR_SHMSIZE' });
    disk.free();
    expect(classifyStorageError(shm, disk.dir)).toMatchObject({ code: 'STORAGE_UNAVAILABLE', cause: 'io' });
  } finally {
    disk.free();
    disk.unmount();
  }
});
