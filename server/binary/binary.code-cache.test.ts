import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { codeCacheFile, compileServer, readCodeCache, writeCodeCache } from './binary.code-cache.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-code-cache-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// As the build wraps the server script.
const SOURCE = '(function (exports, require, module, __filename, __dirname) {module.exports.total = (values) => values.reduce((sum, v) => sum + v, 0);\n})';
const run = (script: ReturnType<typeof compileServer>) => {
  const module = { exports: {} as { total?: (values: number[]) => number } };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, undefined, module, 'teamlens-server.cjs', '.');
  return module.exports.total!;
};

it('what a run compiled is written once it serves, and the next start of the same script takes it', () => {
  const dir = tempDir();
  const file = codeCacheFile(dir, 'aaaaaaaaaaaa');
  const first = compileServer(SOURCE);
  expect(run(first)([1, 2, 3])).toBe(6);
  expect(writeCodeCache(file, first)).toBe(true);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);

  const next = compileServer(SOURCE, readCodeCache(file));
  expect(next.cachedDataRejected).toBe(false);
  expect(run(next)([4, 5])).toBe(9);
  // V8 refuses it for another script (it compares lengths; the file name, the script's hash, keeps other scripts away).
  expect(compileServer(`${SOURCE}\n// another build`, readCodeCache(file)).cachedDataRejected).toBe(true);
});

it("a newer script's cache replaces the older one beside it; other files there stay", () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
  const older = compileServer(SOURCE);
  writeCodeCache(codeCacheFile(dir, 'aaaaaaaaaaaa'), older);
  writeCodeCache(codeCacheFile(dir, 'bbbbbbbbbbbb'), compileServer(`${SOURCE} `));
  expect(fs.readdirSync(dir).sort()).toEqual(['code-cache-bbbbbbbbbbbb.bin', 'notes.txt']);
});

it('a folder it cannot write: nothing written, nothing left behind, and the start goes on', () => {
  const dir = path.join(tempDir(), 'gone');
  expect(writeCodeCache(codeCacheFile(dir, 'aaaaaaaaaaaa'), compileServer(SOURCE))).toBe(false);
  expect(fs.existsSync(dir)).toBe(false);
  expect(readCodeCache(codeCacheFile(dir, 'aaaaaaaaaaaa'))).toBeUndefined();
});
