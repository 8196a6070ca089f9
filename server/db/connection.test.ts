import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase } from './connection.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-connection-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('DB_SYNCHRONOUS reaches SQLite: WAL with synchronous NORMAL (1) by default, FULL (2) when set (docs/decisions/0058)', () => {
  for (const [env, expected] of [
    [{}, 1],
    [{ DB_SYNCHRONOUS: 'full' }, 2],
  ] as const) {
    const db = openDatabase(path.join(dir, `${expected}.db`), { synchronous: loadConfig(env).dbSynchronous });
    try {
      expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.$client.pragma('synchronous', { simple: true })).toBe(expected);
    } finally {
      db.$client.close();
    }
  }
});
