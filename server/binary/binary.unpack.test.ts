import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Manifest, isNoexec, payloadHash, unpackDirName, UnpackError, unpackRuntime } from './binary.unpack.js';
import { glibcProblem } from './binary.glibc.js';

function build(version: string, files: Record<string, string>): { manifest: Manifest; payload: Uint8Array } {
  let offset = 0;
  const entries: Manifest['files'] = [];
  const chunks: Buffer[] = [];
  for (const [file, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    entries.push({ path: file, offset, size: data.length, mode: 0o644 });
    chunks.push(data);
    offset += data.length;
  }
  const payload = Buffer.concat(chunks);
  return { manifest: { version, hash: payloadHash(entries, payload), glibc: '2.28', script: '0123456789ab', files: entries }, payload };
}

const roots: string[] = [];
const tempRoot = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-runtime-'));
  roots.push(dir);
  return path.join(dir, 'runtime');
};
afterEach(() => {
  for (const dir of roots.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('unpacking the single executable', () => {
  it('writes each build once into a private folder named by version and content, and removes older builds', () => {
    const root = tempRoot();
    const v1 = build('1.0.0', { 'migrations/0001.sql': 'CREATE TABLE a (x);', 'node_modules/x/y.node': 'binary' });
    const dir = unpackRuntime(root, v1.manifest, v1.payload, '');
    expect(path.basename(dir)).toBe(`1.0.0-${v1.manifest.hash.slice(0, 12)}`);
    expect(fs.readFileSync(path.join(dir, 'migrations/0001.sql'), 'utf8')).toBe('CREATE TABLE a (x);');
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'node_modules/x')).mode & 0o777).toBe(0o700);

    // Again: nothing rewritten.
    const before = fs.statSync(path.join(dir, 'migrations/0001.sql')).mtimeMs;
    expect(unpackRuntime(root, v1.manifest, v1.payload, '')).toBe(dir);
    expect(fs.statSync(path.join(dir, 'migrations/0001.sql')).mtimeMs).toBe(before);

    // A file lost or cut short: that build is unpacked again.
    fs.writeFileSync(path.join(dir, 'node_modules/x/y.node'), 'bin');
    unpackRuntime(root, v1.manifest, v1.payload, '');
    expect(fs.readFileSync(path.join(dir, 'node_modules/x/y.node'), 'utf8')).toBe('binary');

    // The next version: its own folder, the older one gone; other files in the folder are left alone.
    fs.writeFileSync(path.join(root, 'notes.txt'), 'mine');
    const v2 = build('1.1.0', { 'migrations/0001.sql': 'CREATE TABLE a (x);', 'migrations/0002.sql': 'CREATE TABLE b (x);' });
    const dir2 = unpackRuntime(root, v2.manifest, v2.payload, '');
    expect(fs.readdirSync(root).sort()).toEqual([unpackDirName(v2.manifest), 'notes.txt'].sort());
    expect(dir2).not.toBe(dir);
  });

  it('a folder it cannot write: an error naming RUNTIME_DIR, and nothing half-written', () => {
    const parent = tempRoot();
    fs.mkdirSync(path.dirname(parent), { recursive: true });
    fs.writeFileSync(parent, 'a file where a folder should be');
    const v1 = build('1.0.0', { 'a.txt': 'a' });
    expect(() => unpackRuntime(path.join(parent, 'runtime'), v1.manifest, v1.payload, '')).toThrow(UnpackError);
    expect(() => unpackRuntime(path.join(parent, 'runtime'), v1.manifest, v1.payload, '')).toThrow(
      /cannot unpack its runtime files into .*ENOTDIR.*Set RUNTIME_DIR/,
    );
  });

  it('a file system mounted noexec: refused before writing, naming RUNTIME_DIR', () => {
    const mountinfo = [
      '22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw',
      '40 22 0:35 / /srv/data rw,nosuid,nodev,noexec,relatime shared:20 - tmpfs tmpfs rw',
      '41 40 0:36 / /srv/data/exec rw,relatime shared:21 - tmpfs tmpfs rw',
    ].join('\n');
    expect(isNoexec('/srv/data/runtime', mountinfo)).toBe(true);
    expect(isNoexec('/srv/data/exec/runtime', mountinfo)).toBe(false);
    expect(isNoexec('/srv/database', mountinfo)).toBe(false);
    const root = tempRoot();
    const v1 = build('1.0.0', { 'a.txt': 'a' });
    const noexecHere = `22 1 254:0 / / rw,noexec shared:1 - ext4 /dev/vda rw`;
    expect(() => unpackRuntime(root, v1.manifest, v1.payload, noexecHere)).toThrow(/mounted noexec.*Set RUNTIME_DIR/);
    expect(fs.existsSync(root)).toBe(false);
  });

  it('checks the C library against the floor the build found', () => {
    expect(glibcProblem('2.34', '2.36')).toBeNull();
    expect(glibcProblem('2.34', '2.34')).toBeNull();
    expect(glibcProblem('2.34', '2.31')).toMatch(/needs glibc 2\.34 or newer; this system has glibc 2\.31/);
    expect(glibcProblem('2.34', null)).toMatch(/GNU C library.*musl/);
  });
});
