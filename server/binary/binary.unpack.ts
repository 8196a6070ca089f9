import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR_MODE } from '../db/private-files.js';

/** What the single executable carries besides its script: files laid end to end in one payload (scripts/binary). */
export type Manifest = {
  version: string;
  /** sha256 of the payload and the file list: names the unpack directory, so each build gets its own. */
  hash: string;
  /** The highest glibc version a carried native library needs (server/binary/binary.glibc.ts). */
  glibc: string;
  /** sha256 (12 hex) of the server script: names its code cache (server/binary/binary.code-cache.ts). */
  script: string;
  files: { path: string; offset: number; size: number; mode: number }[];
};

export class UnpackError extends Error {}

const VERSION_DIR = /^\d+\.\d+\.\d+[^/]*-[0-9a-f]{12}$/;

export const unpackDirName = (m: Pick<Manifest, 'version' | 'hash'>): string => `${m.version}-${m.hash.slice(0, 12)}`;

/** Where builds are unpacked: RUNTIME_DIR, by default DATA_DIR/runtime (environment only: they say where teamlens.env is). */
export const runtimeRoot = (env: NodeJS.ProcessEnv): string => path.resolve(env.RUNTIME_DIR || path.join(path.resolve(env.DATA_DIR || './data'), 'runtime'));

/** The content hash the build writes into the manifest (also used by the tests). */
export function payloadHash(files: Manifest['files'], payload: Uint8Array): string {
  return crypto.createHash('sha256').update(JSON.stringify(files)).update(payload).digest('hex');
}

function cannot(root: string, why: string): UnpackError {
  return new UnpackError(
    `Teamlens cannot unpack its runtime files into ${root}: ${why}. Set RUNTIME_DIR to a directory this account can write, on a file system that allows running programs (not mounted noexec), for example RUNTIME_DIR=/var/lib/teamlens/runtime.`,
  );
}

/** Whether the mount holding `dir` is noexec, from /proc/self/mountinfo text (the longest mount point that contains it). */
export function isNoexec(dir: string, mountinfo: string): boolean {
  let best = { point: '', noexec: false };
  for (const line of mountinfo.split('\n')) {
    const fields = line.split(' ');
    if (fields.length < 6) continue;
    const point = fields[4]!.replace(/\\040/g, ' ');
    const inside = point === '/' || dir === point || dir.startsWith(`${point}/`);
    if (inside && point.length >= best.point.length) best = { point, noexec: fields[5]!.split(',').includes('noexec') };
  }
  return best.noexec;
}

function complete(dir: string, manifest: Manifest): boolean {
  return manifest.files.every((f) => {
    try {
      return fs.statSync(path.join(dir, f.path)).size === f.size;
    } catch {
      return false;
    }
  });
}

/**
 * Unpacks the payload once per build into `root/<version>-<hash>` (0700): written into a temporary
 * directory and renamed into place, so a directory under its final name is complete even if a start
 * was killed halfway or two starts raced; other builds' directories in `root` are removed. Fails with
 * an UnpackError naming RUNTIME_DIR when `root` cannot be written or is mounted noexec.
 */
export function unpackRuntime(root: string, manifest: Manifest, payload: Uint8Array, mountinfo = readMountinfo()): string {
  const dir = path.join(root, unpackDirName(manifest));
  if (mountinfo && isNoexec(root, mountinfo)) throw cannot(root, 'it is on a file system mounted noexec, where its native libraries cannot be loaded');
  if (!complete(dir, manifest)) {
    const partial = path.join(root, `.partial-${unpackDirName(manifest)}-${process.pid}`);
    try {
      fs.mkdirSync(root, { recursive: true, mode: PRIVATE_DIR_MODE });
      fs.rmSync(partial, { recursive: true, force: true });
      fs.mkdirSync(partial, { mode: PRIVATE_DIR_MODE });
      for (const f of manifest.files) {
        const target = path.join(partial, f.path);
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
        fs.writeFileSync(target, payload.subarray(f.offset, f.offset + f.size), { mode: f.mode & 0o700 });
      }
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(partial, dir);
    } catch (err) {
      try {
        fs.rmSync(partial, { recursive: true, force: true });
      } catch {
        // nothing was written there
      }
      if (complete(dir, manifest)) return dir; // another start unpacked the same build meanwhile
      const e = err as NodeJS.ErrnoException;
      throw cannot(root, e.code ? `${e.code} (${e.message})` : e.message);
    }
  }
  pruneOthers(root, path.basename(dir));
  return dir;
}

/** Removes other builds' directories and partial ones left by a start that was killed (older than an hour). */
function pruneOthers(root: string, keep: string): void {
  for (const name of fs.readdirSync(root)) {
    const full = path.join(root, name);
    const stale = name.startsWith('.partial-') && Date.now() - fs.statSync(full).mtimeMs > 3_600_000;
    if ((VERSION_DIR.test(name) && name !== keep) || stale) fs.rmSync(full, { recursive: true, force: true });
  }
}

function readMountinfo(): string {
  try {
    return fs.readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return '';
  }
}
